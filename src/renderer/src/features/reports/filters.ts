import type { TicketStatus } from '@shared/contracts/tickets'
import type { ReportQuery } from '@shared/contracts/reports'

/** The queue choice that selects tickets without a queue (002 §7: queueIds 0). */
export const NO_QUEUE_ID = 0

/** The statuses a report may filter by, in the order the filter offers them. */
export const REPORT_STATUSES = [
  'open',
  'pending',
  'closed',
  'group',
  'nps',
  'lgpd',
] as const satisfies readonly TicketStatus[]

/** A contact chosen in the filter: its id is what the report asks for, its name what it shows. */
export interface ReportContact {
  id: number
  name: string
}

/** What the report's filters hold (002 §2.23); an empty list or text filters nothing. */
export interface ReportFilters {
  contact: ReportContact | null
  connectionIds: number[]
  statuses: TicketStatus[]
  userIds: number[]
  /** Queue ids; `NO_QUEUE_ID` for tickets without a queue. */
  queueIds: number[]
  /** YYYY-MM-DD, or '' for no bound. */
  dateFrom: string
  dateTo: string
  onlyRated: boolean
}

export const EMPTY_REPORT_FILTERS: ReportFilters = {
  contact: null,
  connectionIds: [],
  statuses: [],
  userIds: [],
  queueIds: [],
  dateFrom: '',
  dateTo: '',
  onlyRated: false,
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

const jsonList = (values: readonly (number | string)[]): string | undefined =>
  values.length > 0 ? JSON.stringify(values) : undefined

/**
 * The query string of GET /ticketreport/reports and of its export (002 §7 "Report call"): id
 * and status lists as JSON texts, left out when empty; a day only when it reads as one.
 */
export const toReportQuery = (
  filters: ReportFilters,
  paging?: { page: number; pageSize: number },
): ReportQuery => {
  const query: ReportQuery = { onlyRated: filters.onlyRated ? 'true' : 'false' }
  if (filters.contact) query.contactId = filters.contact.id
  const whatsappId = jsonList(filters.connectionIds)
  if (whatsappId) query.whatsappId = whatsappId
  const users = jsonList(filters.userIds)
  if (users) query.users = users
  const queueIds = jsonList(filters.queueIds)
  if (queueIds) query.queueIds = queueIds
  const status = jsonList(filters.statuses)
  if (status) query.status = status
  if (DAY.test(filters.dateFrom)) query.dateFrom = filters.dateFrom
  if (DAY.test(filters.dateTo)) query.dateTo = filters.dateTo
  if (paging) {
    query.page = paging.page
    query.pageSize = paging.pageSize
  }
  return query
}

/** `reports` namespace keys of the filters' problems. */
export const reportFilterMessages = {
  invalidDate: 'filters.invalidDate',
  dateOrder: 'filters.dateOrder',
} as const

/**
 * What keeps the filters from being asked: a date typed that reads as no day, or an end before
 * the start. Empty when they may be asked.
 */
export const reportFilterProblems = (
  filters: Pick<ReportFilters, 'dateFrom' | 'dateTo'>,
): Partial<Record<'dateFrom' | 'dateTo', string>> => {
  const problems: Partial<Record<'dateFrom' | 'dateTo', string>> = {}
  const { dateFrom, dateTo } = filters
  if (dateFrom !== '' && !DAY.test(dateFrom)) problems.dateFrom = reportFilterMessages.invalidDate
  if (dateTo !== '' && !DAY.test(dateTo)) problems.dateTo = reportFilterMessages.invalidDate
  else if (DAY.test(dateFrom) && DAY.test(dateTo) && dateTo < dateFrom) {
    problems.dateTo = reportFilterMessages.dateOrder
  }
  return problems
}
