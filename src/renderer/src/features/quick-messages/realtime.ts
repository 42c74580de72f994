import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { QuickMessageDto, QuickMessagePage } from '@shared/contracts/quick-messages'
import { seesQuickMessage } from '@shared/contracts/quick-messages-rules'
import type { SessionUser } from '@shared/contracts/users'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { hasMorePages, searchParamOf } from '@renderer/lib/paged-list'
import { quickMessageQueries } from './queries'

export type QuickMessageEvent = CompanyEventPayloads['quickemessage']
export type QuickMessagesListCache = InfiniteData<QuickMessagePage, number>

/** Who reads the event: the rules of `seesQuickMessage` need no more of him. */
export type QuickMessageViewer = Pick<SessionUser, 'id' | 'profile' | 'super'>

/** Whether the server's search (in the shortcode or the text, any case) keeps `row`. */
export const matchesSearch = (row: QuickMessageDto, searchParam: string): boolean => {
  if (searchParam === '') return true
  const search = searchParam.toLowerCase()
  return row.shortcode.toLowerCase().includes(search) || row.message.toLowerCase().includes(search)
}

const collator = new Intl.Collator('pt-BR')

/** The list's order: by shortcode, equal ones by id, as the server sorts them. */
export const compareQuickMessages = (a: QuickMessageDto, b: QuickMessageDto): number =>
  collator.compare(a.shortcode, b.shortcode) || a.id - b.id

/**
 * The event as `viewer` must read it: a row he does not see (made private by its creator, say)
 * is gone from his lists, whatever the server called the change.
 */
export const eventFor = (
  event: QuickMessageEvent,
  viewer: QuickMessageViewer,
): QuickMessageEvent =>
  event.action !== 'delete' && !seesQuickMessage(viewer, event.record)
    ? { action: 'delete', id: event.record.id }
    : event

const find = (cache: QuickMessagesListCache, id: number): QuickMessageDto | undefined => {
  for (const page of cache.pages) {
    const row = page.records.find((candidate) => candidate.id === id)
    if (row) return row
  }
  return undefined
}

/**
 * `pages` with `row` where its shortcode sorts among the loaded rows; after the last one only
 * when no page follows (otherwise its place is in a page not loaded yet, and it is left out).
 */
const placeByShortcode = (
  pages: readonly QuickMessagePage[],
  row: QuickMessageDto,
): QuickMessagePage[] => {
  for (const [index, page] of pages.entries()) {
    const at = page.records.findIndex((other) => compareQuickMessages(row, other) < 0)
    if (at !== -1) {
      return pages.with(index, { ...page, records: page.records.toSpliced(at, 0, row) })
    }
  }
  const last = pages.at(-1)
  if (!last || last.hasMore) return [...pages]
  return pages.with(-1, { ...last, records: [...last.records, row] })
}

/**
 * Applies one `company-{id}-quickemessage` event to a cached list searched by `searchParam`
 * (002 §4.2): a create or update replaces a known row, moves it where a new shortcode sorts,
 * drops it when it leaves the search, or inserts an unknown row the search keeps; a delete
 * removes the row. An event that changes nothing returns the same cache.
 */
export const applyQuickMessageEventToList = (
  cache: QuickMessagesListCache | undefined,
  searchParam: string,
  event: QuickMessageEvent,
): QuickMessagesListCache | undefined => {
  if (!cache) return cache
  if (event.action === 'delete') {
    return mapPagedRows(cache, 'records', (row) => (row.id === event.id ? null : row))
  }
  const { record } = event
  const current = find(cache, record.id)
  if (!matchesSearch(record, searchParam)) {
    return current
      ? mapPagedRows(cache, 'records', (row) => (row.id === record.id ? null : row))
      : cache
  }
  if (current?.shortcode === record.shortcode) {
    return mapPagedRows(cache, 'records', (row) => (row.id === record.id ? record : row))
  }
  // New to this list, or its shortcode changed: its place follows its shortcode.
  const without = current
    ? cache.pages.map((page) =>
        page.records.some((row) => row.id === record.id)
          ? { ...page, records: page.records.filter((row) => row.id !== record.id) }
          : page,
      )
    : cache.pages
  const pages = placeByShortcode(without, record)
  return {
    ...cache,
    pages: current ? pages : pages.map((page) => ({ ...page, count: page.count + 1 })),
  }
}

/**
 * Whether a list searched by `searchParam` must be fetched again after `event`, judged on the
 * cache before it: pages are cut by position, so while pages remain to be loaded a row that
 * leaves, enters or moves among the loaded ones would shift them.
 */
const needsRefetch = (
  before: QuickMessagesListCache,
  searchParam: string,
  event: QuickMessageEvent,
): boolean => {
  if (!hasMorePages(before)) return false
  if (event.action === 'delete') return find(before, event.id) !== undefined
  const current = find(before, event.record.id)
  const kept = matchesSearch(event.record, searchParam)
  if (!current) return kept
  return !kept || current.shortcode !== event.record.shortcode
}

/**
 * Writes one quick-message event, as `viewer` reads it, into every cached list and the row's
 * detail; the composer's replies are read again.
 */
export const writeQuickMessageEvent = (
  queryClient: QueryClient,
  received: QuickMessageEvent,
  viewer: QuickMessageViewer,
): void => {
  const event = eventFor(received, viewer)
  void queryClient.invalidateQueries({ queryKey: quickMessageQueries.offered() })
  const lists = queryClient.getQueriesData<QuickMessagesListCache>({
    queryKey: quickMessageQueries.lists(),
  })
  for (const [key, cache] of lists) {
    if (!cache) continue
    const searchParam = searchParamOf(key)
    const next = applyQuickMessageEventToList(cache, searchParam, event)
    if (next !== cache) queryClient.setQueryData(key, next)
    if (needsRefetch(cache, searchParam, event)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
    }
  }
  if (event.action === 'delete') {
    queryClient.removeQueries({ queryKey: quickMessageQueries.detail(event.id).queryKey })
  } else {
    queryClient.setQueryData(quickMessageQueries.detail(event.record.id).queryKey, event.record)
  }
}

/** Keeps the quick-message caches live while the quick messages screen is mounted. */
export const useQuickMessagesRealtime = (): void => {
  const queryClient = useQueryClient()
  const viewer = useCurrentUser()
  useCompanyEvent('quickemessage', (event) => writeQuickMessageEvent(queryClient, event, viewer))
}
