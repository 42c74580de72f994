import { infiniteQueryOptions } from '@tanstack/react-query'
import { listTags } from './api'

/** Query keys and options of the tags screen; every key starts with `tags`. */
export const tagQueries = {
  all: () => ['tags'] as const,
  lists: () => [...tagQueries.all(), 'list'] as const,
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...tagQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) => listTags(searchParam, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.nextCursor : undefined),
    }),
}
