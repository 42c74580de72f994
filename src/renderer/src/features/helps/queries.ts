import { queryOptions } from '@tanstack/react-query'
import { listHelps } from './api'

/**
 * Helps are read as one list by title. The shell's menu gate reads the same endpoint under
 * ['helps', 'list'], so invalidating ['helps'] refreshes the menu entry too.
 */
export const helpQueries = {
  all: () => ['helps'] as const,
  gallery: () =>
    queryOptions({
      queryKey: [...helpQueries.all(), 'gallery'] as const,
      queryFn: ({ signal }) => listHelps(signal),
    }),
}
