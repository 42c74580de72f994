import type {
  ListTicketsQuery,
  TICKET_LIST_STATUSES,
  TicketDto,
  TicketStatus,
} from '@shared/contracts/tickets'
import { canShowAllTickets, isAdmin } from '@shared/permissions'
import {
  listScope,
  matchesScope,
  selectableQueues,
  type TicketViewer,
} from '@shared/tickets/visibility'

/** A view of GET /tickets: a status tab, or the search across them. */
export type TicketListStatus = (typeof TICKET_LIST_STATUSES)[number]
export type TicketSort = 'ASC' | 'DESC'

/** Everything that selects the tickets of one list; part of its query key. */
export interface TicketListFilters {
  status: TicketListStatus
  showAll: boolean
  /** The queue selector's choice (the user's own queues by default). */
  queueIds: number[]
  searchParam: string
  searchOnMessages: boolean
  tags: number[]
  users: number[]
  whatsapps: number[]
  statusFilter: TicketStatus[]
  sort: TicketSort
}

/** What the list rules read of the signed-in user. */
export type TicketListUser = TicketViewer

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b)

/**
 * The filters in one canonical form, so two equal selections share one cache entry. The search
 * text only matters in the search view and the sort never applies to closed or search lists.
 */
export const normalizeFilters = (filters: TicketListFilters): TicketListFilters => {
  const searching = filters.status === 'search'
  return {
    ...filters,
    queueIds: sortedIds(filters.queueIds),
    tags: sortedIds(filters.tags),
    users: sortedIds(filters.users),
    whatsapps: sortedIds(filters.whatsapps),
    statusFilter: [...new Set(filters.statusFilter)].sort(),
    searchParam: searching ? filters.searchParam.trim() : '',
    searchOnMessages: searching && filters.searchOnMessages,
    sort: filters.status === 'closed' || searching ? 'DESC' : filters.sort,
  }
}

/** Show-all applies only for those allowed it, and never to a profile user's search (000 §6). */
const effectiveShowAll = (filters: TicketListFilters, user: TicketListUser): boolean =>
  filters.showAll &&
  canShowAllTickets(user) &&
  !(filters.status === 'search' && user.profile === 'user')

const jsonList = (values: readonly (number | string)[]) =>
  values.length > 0 ? JSON.stringify(values) : undefined

/** The GET /tickets parameters of one list page (000 §7 Tickets). */
export const toListQuery = (
  filters: TicketListFilters,
  user: TicketListUser,
  page: { pageNumber: number; cursor: string | null },
): ListTicketsQuery => {
  const query: ListTicketsQuery = {
    status: filters.status,
    pageNumber: page.pageNumber,
    showAll: effectiveShowAll(filters, user) ? 'true' : 'false',
    queueIds: JSON.stringify(filters.queueIds),
    sortTickets: filters.sort,
  }
  if (page.cursor) query.cursor = page.cursor
  if (filters.status === 'search') {
    query.searchParam = filters.searchParam
    query.searchOnMessages = filters.searchOnMessages ? 'true' : 'false'
  }
  const tags = jsonList(filters.tags)
  if (tags) query.tags = tags
  // The server honours the user filter for admins only; others never send it.
  const users = isAdmin(user) ? jsonList(filters.users) : undefined
  if (users) query.users = users
  const whatsapps = jsonList(filters.whatsapps)
  if (whatsapps) query.whatsapps = whatsapps
  const statusFilter = jsonList(filters.statusFilter)
  if (statusFilter) query.statusFilter = statusFilter
  return query
}

/** Lower case, trimmed and without accents, as the server compares search text. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()

/** The filter panel's choices, which the server applies in every view (reference §8). */
const panelFiltersMatch = (ticket: TicketDto, filters: TicketListFilters, user: TicketListUser) => {
  if (filters.tags.length > 0 && !ticket.contact.tags.some((tag) => filters.tags.includes(tag.id)))
    return false
  if (isAdmin(user) && filters.users.length > 0) {
    if (ticket.userId === null || !filters.users.includes(ticket.userId)) return false
  }
  if (filters.whatsapps.length > 0) {
    if (ticket.whatsappId === null || !filters.whatsapps.includes(ticket.whatsappId)) return false
  }
  return filters.statusFilter.length === 0 || filters.statusFilter.includes(ticket.status)
}

const searchTextMatches = (ticket: TicketDto, filters: TicketListFilters) => {
  const search = foldText(filters.searchParam)
  if (!search) return true
  const byContact =
    foldText(ticket.contact.name).includes(search) || ticket.contact.number.includes(search)
  // Message bodies are not in the row: with that option on, only the server can say no.
  return byContact || filters.searchOnMessages
}

/**
 * Whether `ticket`, as an event presents it, belongs in the list `filters` selects for `user`,
 * used to place live updates: the server's own list rule (`listScope`, read in memory by
 * `matchesScope`) for the query `toListQuery` sends, then the panel filters and the search text.
 */
export const ticketMatchesList = (
  ticket: TicketDto,
  filters: TicketListFilters,
  user: TicketListUser,
): boolean => {
  const { visible } = listScope(user, {
    view: filters.status,
    showAll: effectiveShowAll(filters, user),
    queueIds: selectableQueues(user, filters.queueIds),
  })
  return (
    matchesScope(visible, ticket) &&
    panelFiltersMatch(ticket, filters, user) &&
    searchTextMatches(ticket, filters)
  )
}

/** Closed and search lists hold only the latest ticket per contact and connection (§8.1). */
export const keepsLatestPerContact = (filters: TicketListFilters): boolean =>
  filters.status === 'closed' || filters.status === 'search'

/** Where the queue selector's choice is remembered: per user, as two people may share a browser. */
export const queueFilterStorageKey = (userId: number): string => `ticketQueueFilter:${userId}`

/**
 * The queue selector's first choice (000 §2): the user's own queues. An admin without queues
 * starts on every queue of the company, or his own tickets, all in some queue, would be hidden.
 */
export const defaultQueueFilter = (
  user: TicketListUser,
  companyQueueIds: readonly number[],
): number[] =>
  isAdmin(user) && user.queueIds.length === 0 ? [...companyQueueIds] : [...user.queueIds]

/**
 * A remembered choice read back, keeping only queues the user may still pick (a deleted queue,
 * or one he left, drops out); null when nothing usable was stored.
 */
export const parseQueueFilter = (
  stored: string | null,
  selectable: readonly number[],
): number[] | null => {
  if (stored === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return null
  }
  if (!Array.isArray(parsed)) return null
  return parsed.filter((id): id is number => typeof id === 'number' && selectable.includes(id))
}
