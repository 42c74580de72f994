import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  TICKET_COUNT_CAP,
  type TicketDto,
  type TicketList,
} from '../../../../shared/contracts/tickets'
import type { CompanyEventPayloads } from '../../../../shared/realtime/events'
import { useCompanyEvent } from '../../hooks/useCompanyEvent'
import { useCurrentUser } from '../../hooks/useSession'
import { useSocketReconnect } from './hooks/useSocketReconnect'
import {
  keepsLatestPerContact,
  ticketMatchesList,
  type TicketListFilters,
  type TicketListUser,
} from './list-filters'
import { filtersOfListKey, ticketQueries, type TicketListCache } from './queries'

export type TicketEvent = CompanyEventPayloads['ticket']
export type MessageEvent = CompanyEventPayloads['appMessage']

/** A count moved by `delta`; one at the server's cap is a lower bound and stays as it is. */
const shiftCount = (count: number, delta: number) =>
  count >= TICKET_COUNT_CAP ? count : Math.max(0, count + delta)

const withCount = (pages: TicketList[], delta: number): TicketList[] =>
  delta === 0 ? pages : pages.map((page) => ({ ...page, count: shiftCount(page.count, delta) }))

const isIn = (cache: TicketListCache, ticketId: number) =>
  cache.pages.some((page) => page.tickets.some((row) => row.id === ticketId))

/** Drops the rows `drop` selects; untouched pages, and an untouched cache, keep their identity. */
const dropRows = (
  pages: TicketList[],
  drop: (row: TicketDto) => boolean,
): { pages: TicketList[]; removed: number } => {
  let removed = 0
  const next = pages.map((page) => {
    const tickets = page.tickets.filter((row) => !drop(row))
    removed += page.tickets.length - tickets.length
    return tickets.length === page.tickets.length ? page : { ...page, tickets }
  })
  return { pages: removed === 0 ? pages : next, removed }
}

/** Whether `ticket` sorts before `row` in a list ordered by update time. */
const sortsBefore = (ticket: TicketDto, row: TicketDto, sort: TicketListFilters['sort']) => {
  const mine = Date.parse(ticket.updatedAt)
  const theirs = Date.parse(row.updatedAt)
  return sort === 'DESC' ? mine >= theirs : mine < theirs
}

/**
 * Puts `ticket` where it now sorts among the loaded rows. When it sorts after every loaded row
 * and more pages remain, it belongs to a page not loaded yet, so it is left out.
 */
const insertSorted = (pages: TicketList[], ticket: TicketDto, sort: TicketListFilters['sort']) => {
  for (const [pageIndex, page] of pages.entries()) {
    const rowIndex = page.tickets.findIndex((row) => sortsBefore(ticket, row, sort))
    if (rowIndex === -1) continue
    const tickets = [...page.tickets]
    tickets.splice(rowIndex, 0, ticket)
    return pages.map((candidate, index) =>
      index === pageIndex ? { ...candidate, tickets } : candidate,
    )
  }
  const last = pages.at(-1)
  if (!last || last.hasMore) return pages
  return [...pages.slice(0, -1), { ...last, tickets: [...last.tickets, ticket] }]
}

/**
 * Applies a ticket's new state to one cached list (000 §4 List behaviour): it enters, moves to
 * where its update time sorts, or leaves when its status, queue or owner no longer match. A
 * search result never gains rows live: which tickets match is the server's answer to the text.
 */
export const placeTicketInList = (
  cache: TicketListCache | undefined,
  ticket: TicketDto,
  filters: TicketListFilters,
  user: TicketListUser,
): TicketListCache | undefined => {
  if (!cache) return cache
  const present = isIn(cache, ticket.id)
  if (!ticketMatchesList(ticket, filters, user)) {
    if (!present) return cache
    const { pages, removed } = dropRows(cache.pages, (row) => row.id === ticket.id)
    return { ...cache, pages: withCount(pages, -removed) }
  }
  if (!present && filters.status === 'search') return cache
  const latestOnly = keepsLatestPerContact(filters)
  const { pages, removed } = dropRows(
    cache.pages,
    (row) =>
      row.id === ticket.id ||
      (latestOnly && row.contactId === ticket.contactId && row.whatsappId === ticket.whatsappId),
  )
  return { ...cache, pages: withCount(insertSorted(pages, ticket, filters.sort), 1 - removed) }
}

/** Removes a ticket from one cached list. */
export const removeTicketFromList = (
  cache: TicketListCache | undefined,
  ticketId: number,
): TicketListCache | undefined => {
  if (!cache) return cache
  const { pages, removed } = dropRows(cache.pages, (row) => row.id === ticketId)
  return removed === 0 ? cache : { ...cache, pages: withCount(pages, -removed) }
}

/** Zeroes a ticket's unread count in one cached list (someone read it). */
export const markTicketReadInList = (
  cache: TicketListCache | undefined,
  ticketId: number,
): TicketListCache | undefined => {
  if (!cache) return cache
  let touched = false
  const pages = cache.pages.map((page) => {
    if (!page.tickets.some((row) => row.id === ticketId && row.unreadMessages !== 0)) return page
    touched = true
    return {
      ...page,
      tickets: page.tickets.map((row) =>
        row.id === ticketId ? { ...row, unreadMessages: 0 } : row,
      ),
    }
  })
  return touched ? { ...cache, pages } : cache
}

/** Rewrites every cached list through `apply`, which reads each list's filters. */
const eachList = (
  queryClient: QueryClient,
  apply: (cache: TicketListCache, filters: TicketListFilters) => TicketListCache | undefined,
) => {
  const entries = queryClient.getQueriesData<TicketListCache>({ queryKey: ticketQueries.lists() })
  for (const [key, cache] of entries) {
    const filters = filtersOfListKey(key)
    if (!cache || !filters) continue
    const next = apply(cache, filters)
    if (next !== cache) queryClient.setQueryData(key, next)
  }
}

/** Writes a ticket's current state (an event, or a write's answer) into every cached list. */
export const writeTicketToLists = (
  queryClient: QueryClient,
  ticket: TicketDto,
  user: TicketListUser,
): void =>
  eachList(queryClient, (cache, filters) => placeTicketInList(cache, ticket, filters, user))

export const removeTicketFromLists = (queryClient: QueryClient, ticketId: number): void =>
  eachList(queryClient, (cache) => removeTicketFromList(cache, ticketId))

/** Applies one `company-{id}-ticket` event to the lists. */
export const writeTicketEvent = (
  queryClient: QueryClient,
  event: TicketEvent,
  user: TicketListUser,
): void => {
  switch (event.action) {
    case 'update':
      writeTicketToLists(queryClient, event.ticket, user)
      return
    case 'delete':
      removeTicketFromLists(queryClient, event.ticketId)
      return
    case 'updateUnread':
      eachList(queryClient, (cache) => markTicketReadInList(cache, event.ticketId))
  }
}

/**
 * Applies one `company-{id}-appMessage` event: a new message carries its ticket with the new
 * last message, update time and unread count, which moves it to the top of its lists.
 */
export const writeMessageEvent = (
  queryClient: QueryClient,
  event: MessageEvent,
  user: TicketListUser,
): void => {
  if (event.action === 'create') writeTicketToLists(queryClient, event.ticket, user)
}

/** Keeps every cached ticket list live while the inbox is mounted, and catches up on reconnect. */
export const useTicketsRealtime = (): void => {
  const queryClient = useQueryClient()
  const user = useCurrentUser()
  useCompanyEvent('ticket', (event) => writeTicketEvent(queryClient, event, user))
  useCompanyEvent('appMessage', (event) => writeMessageEvent(queryClient, event, user))
  // Events sent while the socket was down are lost: read the lists again.
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: ticketQueries.lists() }))
}
