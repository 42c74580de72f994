import { queryOptions } from '@tanstack/react-query'
import { listPublicPlans } from './api'

export const authQueries = {
  publicPlans: () =>
    queryOptions({
      queryKey: ['plans', 'public'] as const,
      queryFn: ({ signal }) => listPublicPlans(signal),
    }),
}
