import {
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import type { FlowDto, FlowPage } from '@shared/contracts/flows'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { flowQueries } from './queries'

export type FlowEvent = CompanyEventPayloads['flowbuilder']
export type FlowsListCache = InfiniteData<FlowPage, number>

/** Whether the server's search (the name contains it, any case) keeps `flow`. */
export const matchesSearch = (flow: Pick<FlowDto, 'name'>, searchParam: string): boolean =>
  searchParam === '' || flow.name.toLowerCase().includes(searchParam.toLowerCase())

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })

/** The list's order (by name), equal names by id so a place is always found. */
export const compareFlows = (a: FlowDto, b: FlowDto): number =>
  collator.compare(a.name, b.name) || a.id - b.id

const findRow = (cache: FlowsListCache, id: number): FlowDto | undefined => {
  for (const page of cache.pages) {
    const row = page.flows.find((candidate) => candidate.id === id)
    if (row) return row
  }
  return undefined
}

const hasMorePages = (cache: FlowsListCache): boolean => cache.pages.at(-1)?.hasMore ?? false

/**
 * Puts `flow` in name order among the loaded rows, counting it. A row that sorts after every
 * loaded one belongs to a page not loaded yet while more pages follow: it is only counted.
 */
const insertByName = (cache: FlowsListCache, flow: FlowDto): FlowsListCache => {
  const counted = cache.pages.map((page) => ({ ...page, count: page.count + 1 }))
  for (const [index, page] of counted.entries()) {
    const at = page.flows.findIndex((row) => compareFlows(flow, row) < 0)
    if (at !== -1) {
      return {
        ...cache,
        pages: counted.with(index, { ...page, flows: page.flows.toSpliced(at, 0, flow) }),
      }
    }
  }
  const last = counted.at(-1)
  if (!last || last.hasMore) return { ...cache, pages: counted }
  return { ...cache, pages: counted.with(-1, { ...last, flows: [...last.flows, flow] }) }
}

const without = (cache: FlowsListCache, id: number): FlowsListCache | undefined =>
  mapPagedRows(cache, 'flows', (row) => (row.id === id ? null : row))

/**
 * Applies one `company-{id}-flowbuilder` event to a cached list searched by `searchParam`
 * (002 §4.2): a create inserts in name order, an update replaces a known row (moving a renamed
 * one to its place, dropping one renamed out of the search), a delete removes. An event that
 * changes nothing returns the same cache.
 */
export const applyFlowEventToList = (
  cache: FlowsListCache | undefined,
  searchParam: string,
  event: FlowEvent,
): FlowsListCache | undefined => {
  if (!cache) return cache
  if (event.action === 'delete') return without(cache, event.flowId)
  const { flow } = event
  const kept = matchesSearch(flow, searchParam)
  const current = findRow(cache, flow.id)
  if (current) {
    if (kept && current.name === flow.name) {
      return mapPagedRows(cache, 'flows', (row) => (row.id === flow.id ? flow : row))
    }
    // Removed (the count drops), then put back in its new place (the count is restored).
    const removed = without(cache, flow.id)
    return removed && kept ? insertByName(removed, flow) : removed
  }
  if (!kept) return cache
  // A row unknown here: a new flow, or (with every page loaded) one renamed into the search.
  if (event.action === 'create' || !hasMorePages(cache)) return insertByName(cache, flow)
  return cache
}

const searchOf = (key: QueryKey): string => {
  const filters: unknown = key[2]
  if (typeof filters !== 'object' || filters === null) return ''
  const searchParam: unknown = Reflect.get(filters, 'searchParam')
  return typeof searchParam === 'string' ? searchParam : ''
}

/**
 * Whether a list searched by `searchParam` must be fetched again after `event`, judged on the
 * cache before it: pages are cut by position, so a row added, removed or moved while pages are
 * still to load shifts them; and an update of a row not loaded may bring it into the loaded ones.
 */
const needsRefetch = (before: FlowsListCache, searchParam: string, event: FlowEvent): boolean => {
  if (!hasMorePages(before)) return false
  if (event.action === 'delete') return findRow(before, event.flowId) !== undefined
  const current = findRow(before, event.flow.id)
  const kept = matchesSearch(event.flow, searchParam)
  if (current) return !kept || current.name !== event.flow.name
  return kept
}

/** Writes one flow event into every cached list; the pickers' list is read again. */
export const writeFlowEvent = (queryClient: QueryClient, event: FlowEvent): void => {
  void queryClient.invalidateQueries({ queryKey: flowQueries.options().queryKey })
  const lists = queryClient.getQueriesData<FlowsListCache>({ queryKey: flowQueries.lists() })
  for (const [key, cache] of lists) {
    if (!cache) continue
    const searchParam = searchOf(key)
    const next = applyFlowEventToList(cache, searchParam, event)
    if (next !== cache) queryClient.setQueryData(key, next)
    if (needsRefetch(cache, searchParam, event)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
    }
  }
}

/** Keeps the flow caches live while the flow list is mounted. */
export const useFlowsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('flowbuilder', (event) => writeFlowEvent(queryClient, event))
}
