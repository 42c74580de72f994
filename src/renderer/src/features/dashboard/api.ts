import type {
  DashboardChartQuery,
  DashboardResult,
  TicketsPerDay,
  TicketsPerUser,
} from '@shared/contracts/dashboard'
import { http } from '@renderer/lib/http'

/** A period of whole days, both included, as YYYY-MM-DD. */
export interface DashboardPeriod {
  from: string
  to: string
}

/** GET /dashboard: the counters and the attendants of the period (docs/dashboard.md). */
export const getDashboard = async (
  { from, to }: DashboardPeriod,
  signal?: AbortSignal,
): Promise<DashboardResult> =>
  (
    await http.get<DashboardResult>('/dashboard', {
      params: { date_from: from, date_to: to },
      signal,
    })
  ).data

const chartParams = ({ from, to }: DashboardPeriod): DashboardChartQuery => ({
  initialDate: from,
  finalDate: to,
})

/** GET /dashboard/ticketsUsers: attendances of the period per attendant, every one listed. */
export const getTicketsPerUser = async (
  period: DashboardPeriod,
  signal?: AbortSignal,
): Promise<TicketsPerUser> =>
  (
    await http.get<TicketsPerUser>('/dashboard/ticketsUsers', {
      params: chartParams(period),
      signal,
    })
  ).data

/** GET /dashboard/ticketsDay: tickets created per hour (one day) or per day of the period. */
export const getTicketsPerDay = async (
  period: DashboardPeriod,
  signal?: AbortSignal,
): Promise<TicketsPerDay> =>
  (await http.get<TicketsPerDay>('/dashboard/ticketsDay', { params: chartParams(period), signal }))
    .data

interface MessagesCount {
  count: { count: string }[]
}

/** GET /messages-allMe: the period's messages in one direction (sent when `fromMe`). */
export const countMessages = async (
  { from, to, fromMe }: DashboardPeriod & { fromMe: boolean },
  signal?: AbortSignal,
): Promise<number> => {
  const { data } = await http.get<MessagesCount>('/messages-allMe', {
    params: { fromMe: String(fromMe), dateStart: from, dateEnd: to },
    signal,
  })
  const total = Number(data.count[0]?.count ?? 0)
  return Number.isFinite(total) ? total : 0
}
