import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query'
import type { TicketList } from '@shared/contracts/tickets'
import {
  countCloseAllTickets,
  listConnections,
  listQueues,
  listTags,
  listTicketLogs,
  listTickets,
  listUsers,
  searchContacts,
  type CloseAllTicketsInput,
} from './api'
import { toListQuery, type TicketListFilters, type TicketListUser } from './list-filters'

/** Where the next page starts: the server's keyset cursor, and the page number beside it. */
export interface TicketPageParam {
  pageNumber: number
  cursor: string | null
}
export type TicketListCache = InfiniteData<TicketList, TicketPageParam>

const FIRST_PAGE: TicketPageParam = { pageNumber: 1, cursor: null }

/**
 * Query keys and options of every tickets read. Every list sits under `lists()`, so the live
 * updates and a reconnection reach them all.
 */
export const ticketQueries = {
  all: () => ['tickets'] as const,
  lists: () => [...ticketQueries.all(), 'list'] as const,
  /**
   * One list view; a superseded filter's request is cancelled through its signal. Without
   * structural sharing: the live updates already keep untouched pages and rows as they were, and
   * comparing thousands of loaded rows deep on every write took longer than a frame.
   */
  list: (filters: TicketListFilters, user: TicketListUser) =>
    infiniteQueryOptions({
      queryKey: [...ticketQueries.lists(), filters] as const,
      queryFn: ({ pageParam, signal }) =>
        listTickets(toListQuery(filters, user, pageParam), signal),
      structuralSharing: false,
      initialPageParam: FIRST_PAGE,
      getNextPageParam: (lastPage, pages): TicketPageParam | undefined =>
        lastPage.hasMore
          ? { pageNumber: pages.length + 1, cursor: lastPage.nextCursor }
          : undefined,
    }),
  /**
   * The bell: tickets with unread messages for this user (reference §8.1 step 9). Without
   * structural sharing, as the lists: its live writes keep untouched rows as they were, and the
   * deep comparison cost half a millisecond a frame under 50 updates/s.
   */
  notifications: (queueIds: readonly number[]) =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'notifications', [...queueIds]] as const,
      structuralSharing: false,
      queryFn: ({ signal }) =>
        listTickets(
          {
            withUnreadMessages: 'true',
            showAll: 'false',
            pageNumber: 1,
            queueIds: JSON.stringify(queueIds),
          },
          signal,
        ),
    }),
  log: (ticketId: number) =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'log', ticketId] as const,
      queryFn: ({ signal }) => listTicketLogs(ticketId, signal),
      staleTime: 0,
    }),
  /** Asked afresh each time the close-all confirmation opens. */
  closeAllCount: (input: CloseAllTicketsInput) =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'close-all-count', input] as const,
      queryFn: ({ signal }) => countCloseAllTickets(input, signal),
      staleTime: 0,
      gcTime: 0,
    }),
  queues: () =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'options', 'queues'] as const,
      queryFn: ({ signal }) => listQueues(signal),
    }),
  connections: () =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'options', 'connections'] as const,
      queryFn: ({ signal }) => listConnections(signal),
    }),
  tags: () =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'options', 'tags'] as const,
      queryFn: ({ signal }) => listTags(signal),
    }),
  users: () =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'options', 'users'] as const,
      queryFn: ({ signal }) => listUsers(signal),
    }),
  contactSearch: (searchParam: string) =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'contact-search', searchParam] as const,
      queryFn: ({ signal }) => searchContacts(searchParam, signal),
    }),
}

/** The filters of a cached list, read back from its key. */
export const filtersOfListKey = (key: readonly unknown[]): TicketListFilters | null => {
  const [domain, kind, filters] = key
  if (domain !== 'tickets' || kind !== 'list') return null
  return typeof filters === 'object' && filters !== null ? (filters as TicketListFilters) : null
}
