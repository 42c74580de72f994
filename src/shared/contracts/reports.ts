import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'
import { JsonIdList, JsonStatusList } from './tickets'

/** 002 §9: the report's page sizes (default 10). */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const
export const REPORT_DEFAULT_PAGE_SIZE = 10
/** The most rows one page answers, whatever `pageSize` asks (the spec's export asked 9,999,999). */
export const REPORT_MAX_PAGE_SIZE = 1000

/**
 * GET /ticketreport/reports (002 §7 "Report call"); the same filters export the whole report
 * (GET /ticketreport/reports/export). Id lists are JSON texts; queueIds `0` selects tickets
 * without a queue. Dates are whole days in the company's time zone (the tickets' creation).
 */
export const ReportQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  contactId: Type.Optional(Id),
  whatsappId: Type.Optional(JsonIdList),
  users: Type.Optional(JsonIdList),
  queueIds: Type.Optional(JsonIdList),
  status: Type.Optional(JsonStatusList),
  dateFrom: Type.Optional(Type.String({ format: 'date' })),
  dateTo: Type.Optional(Type.String({ format: 'date' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  onlyRated: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
})
export type ReportQuery = Static<typeof ReportQuery>

/** The status as the report shows it (reference §12). */
export const REPORT_STATUS_LABELS = {
  open: 'ABERTO',
  closed: 'FECHADO',
  pending: 'PENDENTE',
  group: 'GRUPO',
  nps: 'NPS',
  lgpd: 'LGPD',
} as const

/** One ticket of the report (002 §2.23 columns); dates 'DD/MM/YYYY HH:MM' in the company's zone. */
export const ReportRow = Type.Object({
  id: Id,
  uuid: Type.String({ format: 'uuid' }),
  whatsappName: Type.String(),
  contactName: Type.String(),
  userName: Type.String(),
  queueName: Type.String(),
  lastMessage: Type.String(),
  status: Type.String(),
  /** When its latest attendance began. */
  createdAt: Type.String(),
  /** When its latest attendance ended; '' while it runs. */
  closedAt: Type.String(),
  /** '{d} d, {h} hrs e {m} m' from the attendance's beginning to its rating or end; '0' while open. */
  supportTime: Type.String(),
  /** The ticket's latest rating, 0 without one. */
  NPS: Type.Integer({ minimum: 0, maximum: 10 }),
})
export type ReportRow = Static<typeof ReportRow>

export const ReportPage = Type.Object({
  tickets: Type.Array(ReportRow),
  totalTickets: Type.Object({ total: Type.String({ pattern: '^\\d+$' }) }),
})
export type ReportPage = Static<typeof ReportPage>
