import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { QueueDto } from '@shared/contracts/queues'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { queueQueries } from './queries'

export type QueueEvent = CompanyEventPayloads['queue']

/** The server's order: orderQueue (unset last, as PostgreSQL sorts nulls), then name. */
const byOrder = (a: QueueDto, b: QueueDto) =>
  (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) ||
  a.name.localeCompare(b.name)

/** Applies one `company-{id}-queue` event to the cached list: upsert in order, or removal. */
export const applyQueueEvent = (
  cache: QueueDto[] | undefined,
  event: QueueEvent,
): QueueDto[] | undefined => {
  if (!cache) return cache
  if (event.action === 'delete') {
    return cache.some((queue) => queue.id === event.queueId)
      ? cache.filter((queue) => queue.id !== event.queueId)
      : cache
  }
  const rest = cache.filter((queue) => queue.id !== event.queue.id)
  return [...rest, event.queue].sort(byOrder)
}

/** Writes one queue event into the list and drops a stale detail (it carries the tree). */
export const writeQueueEvent = (queryClient: QueryClient, event: QueueEvent): void => {
  queryClient.setQueryData<QueueDto[]>(queueQueries.list().queryKey, (cache) =>
    applyQueueEvent(cache, event),
  )
  const id = event.action === 'delete' ? event.queueId : event.queue.id
  if (event.action === 'delete')
    queryClient.removeQueries({ queryKey: queueQueries.detail(id).queryKey })
  else void queryClient.invalidateQueries({ queryKey: queueQueries.detail(id).queryKey })
}

/** Keeps the queues caches live while the calling screen is mounted. */
export const useQueuesRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('queue', (event) => writeQueueEvent(queryClient, event))
}
