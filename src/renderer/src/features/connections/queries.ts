import { queryOptions } from '@tanstack/react-query'
import { listAllConnections, listConnections, listQueues } from './api'

/** Query keys and options of the connection screens; every key starts with `connections`. */
export const connectionQueries = {
  all: () => ['connections'] as const,
  list: () =>
    queryOptions({
      queryKey: [...connectionQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => listConnections(signal),
    }),
  everyCompany: () =>
    queryOptions({
      queryKey: [...connectionQueries.all(), 'everyCompany'] as const,
      queryFn: ({ signal }) => listAllConnections(signal),
    }),
  queues: () =>
    queryOptions({
      queryKey: [...connectionQueries.all(), 'queues'] as const,
      queryFn: ({ signal }) => listQueues(signal),
    }),
  /** Import progress per connection, written only by `importMessages-{companyId}` events. */
  importProgress: (connectionId: number) =>
    [...connectionQueries.all(), 'importProgress', connectionId] as const,
}
