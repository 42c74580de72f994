import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'

const DateText = Type.String({ format: 'date' })

/** The period of a dashboard call when none is given: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30
/** The longest period a dashboard call reads. */
export const DASHBOARD_MAX_DAYS = 366

/**
 * GET /dashboard (000 §7): the last `days` days (today included), or date_from..date_to (whole
 * days in the company's time zone); neither: the last 30 days.
 */
export const DashboardQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: DASHBOARD_MAX_DAYS })),
  date_from: Type.Optional(DateText),
  date_to: Type.Optional(DateText),
})
export type DashboardQuery = Static<typeof DashboardQuery>

const Count = Type.Integer({ minimum: 0 })
/** Minutes, with their fraction; 0 when nothing was measured. */
const Minutes = Type.Number({ minimum: 0 })
/** A percentage from 0 to 100, one decimal. */
const Percent = Type.Number({ minimum: 0, maximum: 100 })

/** 000 §3 Dashboard counters; how each is computed: docs/dashboard.md. */
export const DashboardCounters = Type.Object({
  supportHappening: Count,
  supportPending: Count,
  supportFinished: Count,
  supportGroups: Count,
  leads: Count,
  avgSupportTime: Minutes,
  avgWaitTime: Minutes,
  activeTickets: Count,
  passiveTickets: Count,
  npsPromotersPerc: Percent,
  npsPassivePerc: Percent,
  npsDetractorsPerc: Percent,
  /** Promoters' percentage minus detractors' (−100 to 100). */
  npsScore: Type.Number({ minimum: -100, maximum: 100 }),
  tickets: Count,
  waitRating: Count,
  withoutRating: Count,
  withRating: Count,
  percRating: Percent,
})
export type DashboardCounters = Static<typeof DashboardCounters>

/** 000 §3: one row of the Atendentes table. */
export const DashboardAttendant = Type.Object({
  id: Id,
  name: Type.String(),
  online: Type.Boolean(),
  /** Average rating (0–10), two decimals; 0 without ratings. */
  rating: Type.Number({ minimum: 0, maximum: 10 }),
  countRating: Count,
  tickets: Count,
  avgWaitTime: Minutes,
  avgSupportTime: Minutes,
})
export type DashboardAttendant = Static<typeof DashboardAttendant>

export const DashboardResult = Type.Object({
  counters: DashboardCounters,
  attendants: Type.Array(DashboardAttendant),
})
export type DashboardResult = Static<typeof DashboardResult>

/**
 * GET /dashboard/ticketsUsers and /dashboard/ticketsDay (000 §7): initialDate..finalDate, whole
 * days in the company's time zone. `companyId` is accepted for the spec's client and ignored:
 * the company is the caller's.
 */
export const DashboardChartQuery = Type.Object({
  initialDate: DateText,
  finalDate: DateText,
  companyId: Type.Optional(Type.Integer()),
})
export type DashboardChartQuery = Static<typeof DashboardChartQuery>

/** Attendances started in the period per attendant, every attendant listed (0 included). */
export const TicketsPerUser = Type.Object({
  data: Type.Array(Type.Object({ quantidade: Count, nome: Type.String() })),
})
export type TicketsPerUser = Static<typeof TicketsPerUser>

/**
 * Tickets created in the period: per hour of the day ('00'–'23', `horario`) when the period is
 * one day, else per day ('dd/MM/yyyy', `data`); only buckets with tickets.
 */
export const TicketsPerDay = Type.Object({
  count: Count,
  data: Type.Array(
    Type.Union([
      Type.Object({ total: Count, horario: Type.String({ pattern: '^\\d{2}$' }) }),
      Type.Object({ total: Count, data: Type.String({ pattern: '^\\d{2}/\\d{2}/\\d{4}$' }) }),
    ]),
  ),
})
export type TicketsPerDay = Static<typeof TicketsPerDay>
