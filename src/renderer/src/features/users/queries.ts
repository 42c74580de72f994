import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { getUser, listConnectionOptions, listQueueOptions, listUserPicker, listUsers } from './api'

/**
 * Query keys and options for every users read. Keys nest (`all` ⊃ `lists` ⊃ `list(search)`), so
 * invalidating a prefix refreshes everything under it.
 */
export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  /** The paged list for one search; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...userQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) => listUsers({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
    }),
  details: () => [...userQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...userQueries.details(), id] as const,
      queryFn: ({ signal }) => getUser(id, signal),
    }),
  picker: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'picker'] as const,
      queryFn: ({ signal }) => listUserPicker(signal),
    }),
  /**
   * The user form's choices. They live under `users` because this feature owns their shape; the
   * queues and connections screens keep their own keys.
   */
  queueOptions: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'form-options', 'queues'] as const,
      queryFn: ({ signal }) => listQueueOptions(signal),
    }),
  connectionOptions: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'form-options', 'connections'] as const,
      queryFn: ({ signal }) => listConnectionOptions(signal),
    }),
}
