import type { RequestContext } from '@server/context'
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type DashboardChartQuery,
  type DashboardQuery,
  type DashboardResult,
  type TicketsPerDay,
  type TicketsPerUser,
} from '@shared/contracts/dashboard'
import { addDays, todayIn } from '@shared/dates'
import { canViewDashboard } from '@shared/permissions'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { dashboardRepository, type Period } from './dashboard.repository'

/** One decimal, as the cards show it. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10
const percent = (part: number, whole: number) => (whole > 0 ? oneDecimal((part * 100) / whole) : 0)
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1

/**
 * The dashboard (000 §2, reference §13): admins and users with showDashboard, the company
 * always the caller's. Every figure's definition is in docs/dashboard.md.
 */
export function createDashboardService(deps: CoreDeps) {
  const repo = dashboardRepository(deps.db)

  function allowed(ctx: RequestContext) {
    if (!canViewDashboard(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
  }

  /** Whole days in the company's time zone, at most DASHBOARD_MAX_DAYS of them. */
  function period(ctx: RequestContext, from: string, to: string): Period {
    if (from > to) throw validationError('date_to')
    if (daysBetween(from, to) > DASHBOARD_MAX_DAYS) throw validationError('date_from')
    return { from, to, timeZone: ctx.company.timezone }
  }

  function dashboardPeriod(ctx: RequestContext, query: DashboardQuery): Period {
    const today = todayIn(ctx.company.timezone)
    if (query.date_from || query.date_to) {
      const to = query.date_to ?? today
      return period(ctx, query.date_from ?? addDays(to, 1 - DASHBOARD_DEFAULT_DAYS), to)
    }
    return period(ctx, addDays(today, 1 - (query.days ?? DASHBOARD_DEFAULT_DAYS)), today)
  }

  return {
    /** GET /dashboard: the counters and the attendants of the period. */
    async summary(ctx: RequestContext, query: DashboardQuery): Promise<DashboardResult> {
      allowed(ctx)
      const range = dashboardPeriod(ctx, query)
      const [counted, rated, attendants] = await Promise.all([
        repo.counters(ctx.companyId, range),
        repo.ratings(ctx.companyId, range),
        repo.attendants(ctx.companyId, range),
      ])
      const ratings = rated.promoters + rated.passives + rated.detractors
      const share = (count: number) => (ratings > 0 ? (count * 100) / ratings : 0)
      const concluded = counted.withRating! + counted.withoutRating! + counted.waitRating!
      return {
        counters: {
          supportHappening: counted.supportHappening!,
          supportPending: counted.supportPending!,
          supportFinished: counted.supportFinished!,
          supportGroups: counted.supportGroups!,
          leads: counted.leads!,
          avgSupportTime: oneDecimal(counted.avgSupportTime!),
          avgWaitTime: oneDecimal(counted.avgWaitTime!),
          activeTickets: counted.activeTickets!,
          passiveTickets: counted.passiveTickets!,
          npsPromotersPerc: oneDecimal(share(rated.promoters)),
          npsPassivePerc: oneDecimal(share(rated.passives)),
          npsDetractorsPerc: oneDecimal(share(rated.detractors)),
          npsScore: oneDecimal(share(rated.promoters) - share(rated.detractors)),
          tickets: concluded,
          waitRating: counted.waitRating!,
          withoutRating: counted.withoutRating!,
          withRating: counted.withRating!,
          percRating: percent(counted.withRating!, concluded),
        },
        attendants: attendants.map((row) => ({
          id: row.id,
          name: row.name,
          online: row.online,
          rating: row.rating,
          countRating: row.countRating,
          tickets: row.tickets,
          avgWaitTime: oneDecimal(row.avgWaitTime),
          avgSupportTime: oneDecimal(row.avgSupportTime),
        })),
      }
    },

    /** GET /dashboard/ticketsUsers. */
    async ticketsUsers(ctx: RequestContext, query: DashboardChartQuery): Promise<TicketsPerUser> {
      allowed(ctx)
      const range = period(ctx, query.initialDate, query.finalDate)
      return { data: await repo.perUser(ctx.companyId, range) }
    },

    /** GET /dashboard/ticketsDay: per hour for one day, else per day. */
    async ticketsDay(ctx: RequestContext, query: DashboardChartQuery): Promise<TicketsPerDay> {
      allowed(ctx)
      const range = period(ctx, query.initialDate, query.finalDate)
      const hourly = range.from === range.to
      const rows = await repo.perDay(ctx.companyId, range, hourly ? 'hour' : 'day')
      return {
        count: rows.reduce((sum, row) => sum + row.total, 0),
        data: rows.map((row) =>
          hourly ? { total: row.total, horario: row.label } : { total: row.total, data: row.label },
        ),
      }
    },
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>
