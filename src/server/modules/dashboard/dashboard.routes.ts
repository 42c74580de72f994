import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  DashboardChartQuery,
  DashboardQuery,
  DashboardResult,
  TicketsPerDay,
  TicketsPerUser,
} from '@shared/contracts/dashboard'
import type { Services } from '@server/services'

/** The dashboard's figures (000 §7, reference §13); the service checks showDashboard. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { dashboard } = services

  app.get(
    '/dashboard',
    {
      schema: { querystring: DashboardQuery, response: { 200: DashboardResult } },
      config: { access: 'user' },
    },
    (request) => dashboard.summary(request.ctx, request.query),
  )

  app.get(
    '/dashboard/ticketsUsers',
    {
      schema: { querystring: DashboardChartQuery, response: { 200: TicketsPerUser } },
      config: { access: 'user' },
    },
    (request) => dashboard.ticketsUsers(request.ctx, request.query),
  )

  app.get(
    '/dashboard/ticketsDay',
    {
      schema: { querystring: DashboardChartQuery, response: { 200: TicketsPerDay } },
      config: { access: 'user' },
    },
    (request) => dashboard.ticketsDay(request.ctx, request.query),
  )
}
