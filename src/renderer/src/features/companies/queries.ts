import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { listAllPlans, listCompaniesPlan } from './api'

/** Query keys for the operator's companies and plans; `companies` and `plans` prefixes. */
export const companyQueries = {
  all: () => ['companies'] as const,
  table: () =>
    infiniteQueryOptions({
      queryKey: [...companyQueries.all(), 'plan-table'] as const,
      queryFn: ({ pageParam, signal }) => listCompaniesPlan(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
    }),
}

export const planQueries = {
  all: () => ['plans'] as const,
  list: () =>
    queryOptions({
      queryKey: [...planQueries.all(), 'all'] as const,
      queryFn: ({ signal }) => listAllPlans(signal),
    }),
}
