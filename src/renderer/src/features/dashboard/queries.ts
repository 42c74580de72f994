import { queryOptions } from '@tanstack/react-query'
import {
  countMessages,
  getDashboard,
  getTicketsPerDay,
  getTicketsPerUser,
  type DashboardPeriod,
} from './api'

/**
 * Query keys and options of the dashboard; every key starts with `dashboard` and ends with the
 * period it reads, so a new filter reads again and an earlier one comes from the cache.
 */
export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  summary: (period: DashboardPeriod) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'summary', period] as const,
      queryFn: ({ signal }) => getDashboard(period, signal),
    }),
  messages: (period: DashboardPeriod, fromMe: boolean) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'messages', { ...period, fromMe }] as const,
      queryFn: ({ signal }) => countMessages({ ...period, fromMe }, signal),
    }),
  ticketsPerUser: (period: DashboardPeriod) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'ticketsUsers', period] as const,
      queryFn: ({ signal }) => getTicketsPerUser(period, signal),
    }),
  ticketsPerDay: (period: DashboardPeriod) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'ticketsDay', period] as const,
      queryFn: ({ signal }) => getTicketsPerDay(period, signal),
    }),
}
