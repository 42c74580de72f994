import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import {
  getContact,
  getImportJob,
  listConnectionOptions,
  listContacts,
  listTagOptions,
  listTicketNotes,
  type ContactFilters,
} from './api'

/**
 * Query keys and options of every contacts read. Keys nest under `contacts`, so invalidating
 * `all()` refreshes lists, details and notes together.
 */
export const contactQueries = {
  all: () => ['contacts'] as const,
  lists: () => [...contactQueries.all(), 'list'] as const,
  /** The paged list for one search and tag filter; a superseded search is cancelled. */
  list: (filters: ContactFilters) =>
    infiniteQueryOptions({
      queryKey: [...contactQueries.lists(), filters] as const,
      queryFn: ({ pageParam, signal }) => listContacts(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.nextCursor : undefined),
    }),
  details: () => [...contactQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...contactQueries.details(), id] as const,
      queryFn: ({ signal }) => getContact(id, signal),
    }),
  /**
   * Every tag for the list filter (`undefined`); plain tags for a contact's tag box (0): lanes
   * are the tickets' kanban stages, chosen apart in the drawer; or the lanes themselves (1).
   */
  tagOptions: (kanban?: 0 | 1) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'tag-options', kanban ?? 'all'] as const,
      queryFn: ({ signal }) => listTagOptions(kanban, signal),
    }),
  notes: (ticketId: number, contactId: number) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'notes', { ticketId, contactId }] as const,
      queryFn: ({ signal }) => listTicketNotes({ ticketId, contactId }, signal),
    }),
  importJob: (id: number) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'import-job', id] as const,
      queryFn: ({ signal }) => getImportJob(id, signal),
    }),
  connectionOptions: () =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'connection-options'] as const,
      queryFn: ({ signal }) => listConnectionOptions(signal),
    }),
}
