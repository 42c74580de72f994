import { QueryClient } from '@tanstack/react-query'

/** The data-query cache policy of 002 §9. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: 1,
        retryDelay: 1000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: 0 },
    },
  })

/** The app's one cache; the session module clears it on sign-out. */
export const queryClient = createQueryClient()
