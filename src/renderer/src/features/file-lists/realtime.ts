import {
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import type { FileListDto, FileListPage, FileListSummaryDto } from '@shared/contracts/file-lists'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { fileListQueries } from './queries'

export type FileListEvent = CompanyEventPayloads['file']
export type FileListsCache = InfiniteData<FileListPage, number>

/** The row of the paged list a whole list makes: its options become their count. */
export const toFileListSummary = (list: FileListDto): FileListSummaryDto => ({
  id: list.id,
  name: list.name,
  message: list.message,
  optionCount: list.options.length,
  createdAt: list.createdAt,
  updatedAt: list.updatedAt,
})

/** Whether the server's search (the name contains it, any case) keeps `list`. */
export const matchesSearch = (list: { name: string }, searchParam: string): boolean =>
  searchParam === '' || list.name.toLowerCase().includes(searchParam.toLowerCase())

/** The server's order: by name (ties by id, so the order is total). */
const byName = (a: FileListSummaryDto, b: FileListSummaryDto) =>
  a.name.localeCompare(b.name) || a.id - b.id

const findRow = (cache: FileListsCache, id: number) =>
  cache.pages.flatMap((page) => page.files).find((row) => row.id === id)

const hasMorePages = (cache: FileListsCache) => cache.pages.at(-1)?.hasMore ?? false

/**
 * Puts `row` in name order among the loaded rows. A row that sorts after every loaded one
 * belongs to a page not loaded yet while more pages follow, and is left out.
 */
const insertByName = (cache: FileListsCache, row: FileListSummaryDto): FileListsCache => {
  const pages = [...cache.pages]
  for (const [index, page] of pages.entries()) {
    const at = page.files.findIndex((other) => byName(row, other) < 0)
    if (at >= 0) {
      pages[index] = { ...page, files: [...page.files.slice(0, at), row, ...page.files.slice(at)] }
      return { ...cache, pages }
    }
  }
  const last = pages.at(-1)
  if (!last || last.hasMore) return cache
  pages[pages.length - 1] = { ...last, files: [...last.files, row] }
  return { ...cache, pages }
}

const withCountChange = (cache: FileListsCache, change: number): FileListsCache =>
  change === 0
    ? cache
    : { ...cache, pages: cache.pages.map((page) => ({ ...page, count: page.count + change })) }

/**
 * Applies one `company-{id}-file` event to a cached list searched by `searchParam`: a create
 * inserts in name order, an update replaces (moving a renamed row to its place, dropping one
 * renamed out of the search), a delete removes. An event that changes nothing returns the same
 * cache.
 */
export const applyFileListEventToList = (
  cache: FileListsCache | undefined,
  searchParam: string,
  event: FileListEvent,
): FileListsCache | undefined => {
  if (!cache) return cache
  if (event.action === 'delete') {
    return mapPagedRows(cache, 'files', (row) => (row.id === event.fileId ? null : row))
  }
  const summary = toFileListSummary(event.files)
  const kept = matchesSearch(summary, searchParam)
  const current = findRow(cache, summary.id)
  if (current) {
    if (kept && current.name === summary.name) {
      return mapPagedRows(cache, 'files', (row) => (row.id === summary.id ? summary : row))
    }
    // Removed (the count drops), then put back in its new place (the count is restored).
    const without = mapPagedRows(cache, 'files', (row) => (row.id === summary.id ? null : row))
    if (!without || !kept) return without
    return withCountChange(insertByName(without, summary), 1)
  }
  if (!kept) return cache
  // A row unknown here: a new list, or (with every page loaded) one that enters the search.
  if (event.action === 'create') return withCountChange(insertByName(cache, summary), 1)
  if (hasMorePages(cache)) return cache
  return withCountChange(insertByName(cache, summary), 1)
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
const needsRefetch = (
  before: FileListsCache,
  searchParam: string,
  event: FileListEvent,
): boolean => {
  if (!hasMorePages(before)) return false
  if (event.action === 'delete') return findRow(before, event.fileId) !== undefined
  const current = findRow(before, event.files.id)
  const kept = matchesSearch(event.files, searchParam)
  if (current) return !kept || current.name !== event.files.name
  return kept
}

/**
 * Writes one file-list event into every cached list and the list's detail; the pickers' list
 * is read again.
 */
export const writeFileListEvent = (queryClient: QueryClient, event: FileListEvent): void => {
  void queryClient.invalidateQueries({ queryKey: fileListQueries.options().queryKey })
  const lists = queryClient.getQueriesData<FileListsCache>({ queryKey: fileListQueries.lists() })
  for (const [key, cache] of lists) {
    if (!cache) continue
    const searchParam = searchOf(key)
    const next = applyFileListEventToList(cache, searchParam, event)
    if (next !== cache) queryClient.setQueryData(key, next)
    if (needsRefetch(cache, searchParam, event)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
    }
  }
  if (event.action === 'delete') {
    queryClient.removeQueries({ queryKey: fileListQueries.detail(event.fileId).queryKey })
  } else {
    queryClient.setQueryData(fileListQueries.detail(event.files.id).queryKey, event.files)
  }
}

/** Keeps the file-list caches live while the file lists screen is mounted. */
export const useFileListsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('file', (event) => writeFileListEvent(queryClient, event))
}
