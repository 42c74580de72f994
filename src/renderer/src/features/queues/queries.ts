import { queryOptions } from '@tanstack/react-query'
import { getQueue, getScheduleType, listQueues, listUserOptions } from './api'

/** Query keys and options for every queues read; keys nest under `['queues']`. */
export const queueQueries = {
  all: () => ['queues'] as const,
  list: () =>
    queryOptions({
      queryKey: [...queueQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => listQueues(signal),
    }),
  details: () => [...queueQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...queueQueries.details(), id] as const,
      queryFn: ({ signal }) => getQueue(id, signal),
    }),
  /** Whether queues have their own hours: only then the dialog shows the hours tab. */
  scheduleType: () =>
    queryOptions({
      queryKey: [...queueQueries.all(), 'scheduleType'] as const,
      queryFn: ({ signal }) => getScheduleType(signal),
    }),
  /** The attendant picker's choices; the users screen keeps its own keys. */
  userOptions: () =>
    queryOptions({
      queryKey: [...queueQueries.all(), 'user-options'] as const,
      queryFn: ({ signal }) => listUserOptions(signal),
    }),
}
