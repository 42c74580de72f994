import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { getIntegration, listAllIntegrations, listIntegrations } from './api'

/**
 * Query keys and options of the integrations screen; every key starts with `queueIntegrations`
 * (`all` ⊃ `lists` ⊃ `list(search)`, `all` ⊃ `details` ⊃ `detail(id)`).
 */
export const integrationQueries = {
  all: () => ['queueIntegrations'] as const,
  lists: () => [...integrationQueries.all(), 'list'] as const,
  /** The paged list for one search; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...integrationQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) =>
        listIntegrations({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
    }),
  /** Every integration, for the pickers of the connection and queue dialogs. */
  options: () =>
    queryOptions({
      queryKey: [...integrationQueries.all(), 'options'] as const,
      queryFn: ({ signal }) => listAllIntegrations(signal),
    }),
  details: () => [...integrationQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...integrationQueries.details(), id] as const,
      queryFn: ({ signal }) => getIntegration(id, signal),
    }),
}
