import {
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import type {
  QueueIntegrationDto,
  QueueIntegrationList,
} from '@shared/contracts/queue-integrations'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { integrationQueries } from './queries'

export type IntegrationEvent = CompanyEventPayloads['queueIntegration']
export type IntegrationsListCache = InfiniteData<QueueIntegrationList, number>

/** Whether the server's search (the name contains it, any case) keeps `integration`. */
export const matchesSearch = (integration: QueueIntegrationDto, searchParam: string): boolean =>
  searchParam === '' || integration.name.toLowerCase().includes(searchParam.toLowerCase())

const holds = (cache: IntegrationsListCache, id: number) =>
  cache.pages.some((page) => page.queueIntegrations.some((row) => row.id === id))

/**
 * Applies one `company-{id}-queueIntegration` event to a cached list searched by `searchParam`
 * (002 §4.2: a create inserts, an update replaces, a delete removes). The list is newest first,
 * so a new integration opens it; a row renamed out of the search leaves it. An event that
 * changes nothing returns the same cache.
 */
export const applyIntegrationEventToList = (
  cache: IntegrationsListCache | undefined,
  searchParam: string,
  event: IntegrationEvent,
): IntegrationsListCache | undefined => {
  if (!cache) return cache
  if (event.action === 'delete') {
    return mapPagedRows(cache, 'queueIntegrations', (row) =>
      row.id === event.integrationId ? null : row,
    )
  }
  const integration = event.queueIntegration
  const kept = matchesSearch(integration, searchParam)
  if (holds(cache, integration.id)) {
    return mapPagedRows(cache, 'queueIntegrations', (row) => {
      if (row.id !== integration.id) return row
      return kept ? integration : null
    })
  }
  if (event.action !== 'create' || !kept) return cache
  const [first, ...rest] = cache.pages
  if (!first) return cache
  return {
    ...cache,
    pages: [
      { ...first, queueIntegrations: [integration, ...first.queueIntegrations] },
      ...rest,
    ].map((page) => ({ ...page, count: page.count + 1 })),
  }
}

const searchOf = (key: QueryKey): string => {
  const filters: unknown = key[2]
  if (typeof filters !== 'object' || filters === null) return ''
  const searchParam: unknown = Reflect.get(filters, 'searchParam')
  return typeof searchParam === 'string' ? searchParam : ''
}

const idOf = (event: IntegrationEvent): number =>
  event.action === 'delete' ? event.integrationId : event.queueIntegration.id

/**
 * Whether a list searched by `searchParam` must be fetched again after `event`, judged on the
 * cache before it: pages are cut by position, so a row added or removed above pages not loaded
 * yet would shift them by one; and a row an update brings into a search has no known place.
 */
const needsRefetch = (
  before: IntegrationsListCache,
  searchParam: string,
  event: IntegrationEvent,
): boolean => {
  const morePages = before.pages.at(-1)?.hasMore ?? false
  const present = holds(before, idOf(event))
  if (event.action === 'delete') return present && morePages
  const kept = matchesSearch(event.queueIntegration, searchParam)
  if (event.action === 'create') return !present && kept && morePages
  if (present) return !kept && morePages
  return kept && searchParam !== ''
}

/**
 * Writes one integration event into every cached list and the integration's detail; the
 * pickers' list is read again.
 */
export const writeIntegrationEvent = (queryClient: QueryClient, event: IntegrationEvent): void => {
  void queryClient.invalidateQueries({ queryKey: integrationQueries.options().queryKey })
  const lists = queryClient.getQueriesData<IntegrationsListCache>({
    queryKey: integrationQueries.lists(),
  })
  for (const [key, cache] of lists) {
    if (!cache) continue
    const searchParam = searchOf(key)
    const next = applyIntegrationEventToList(cache, searchParam, event)
    if (next !== cache) queryClient.setQueryData(key, next)
    if (needsRefetch(cache, searchParam, event)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
    }
  }
  if (event.action === 'delete') {
    queryClient.removeQueries({ queryKey: integrationQueries.detail(event.integrationId).queryKey })
  } else {
    queryClient.setQueryData(
      integrationQueries.detail(event.queueIntegration.id).queryKey,
      event.queueIntegration,
    )
  }
}

/** Keeps the integrations caches live while the integrations screen is mounted. */
export const useIntegrationsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('queueIntegration', (event) => writeIntegrationEvent(queryClient, event))
}
