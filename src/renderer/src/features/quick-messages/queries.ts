import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { nextPageNumber } from '@renderer/lib/paged-list'
import { getQuickMessage, listQuickMessages } from './api'

/**
 * Query keys and options of the quick messages screen; every key starts with `quickMessages`
 * (`all` ⊃ `lists` ⊃ `list(search)`, `all` ⊃ `details` ⊃ `detail(id)`, `all` ⊃ `offered`).
 */
export const quickMessageQueries = {
  all: () => ['quickMessages'] as const,
  lists: () => [...quickMessageQueries.all(), 'list'] as const,
  /** The paged list for one search; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...quickMessageQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) =>
        listQuickMessages({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageNumber,
    }),
  details: () => [...quickMessageQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...quickMessageQueries.details(), id] as const,
      queryFn: ({ signal }) => getQuickMessage(id, signal),
    }),
  /**
   * The prefix of the composer's replies (GET /quick-messages/list, read by the conversation):
   * every change to a quick message makes it read again.
   */
  offered: () => [...quickMessageQueries.all(), 'offered'] as const,
}
