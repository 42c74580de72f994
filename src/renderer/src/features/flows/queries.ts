import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { listAllFlows, listFlows } from './api'

/**
 * Query keys and options of the flow list; every key starts with `flows`
 * (`all` ⊃ `lists` ⊃ `list(search)`, `all` ⊃ `options`).
 */
export const flowQueries = {
  all: () => ['flows'] as const,
  lists: () => [...flowQueries.all(), 'list'] as const,
  /** The paged list for one search; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...flowQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) => listFlows({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
    }),
  /** Every flow, by name, for the pickers of connections and phrase campaigns. */
  options: () =>
    queryOptions({
      queryKey: [...flowQueries.all(), 'options'] as const,
      queryFn: ({ signal }) => listAllFlows(signal),
    }),
}
