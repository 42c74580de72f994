import {
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import type { PromptDto, PromptList } from '@shared/contracts/prompts'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { promptQueries } from './queries'

export type PromptEvent = CompanyEventPayloads['prompt']
export type PromptsListCache = InfiniteData<PromptList, number>

/** Whether the server's search (the name contains it, any case) keeps `prompt`. */
export const matchesSearch = (prompt: PromptDto, searchParam: string): boolean =>
  searchParam === '' || prompt.name.toLowerCase().includes(searchParam.toLowerCase())

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })

/** The list's order (by name, reference §7), equal names by id so a place is always found. */
export const comparePrompts = (a: PromptDto, b: PromptDto): number =>
  collator.compare(a.name, b.name) || a.id - b.id

const find = (cache: PromptsListCache, id: number): PromptDto | undefined => {
  for (const page of cache.pages) {
    const row = page.prompts.find((candidate) => candidate.id === id)
    if (row) return row
  }
  return undefined
}

/**
 * `pages` with `prompt` where its name sorts among the loaded rows; after the last one only
 * when no page follows (otherwise its place is in a page not loaded yet, and it is left out).
 */
const placeByName = (pages: readonly PromptList[], prompt: PromptDto): PromptList[] => {
  for (const [index, page] of pages.entries()) {
    const at = page.prompts.findIndex((row) => comparePrompts(prompt, row) < 0)
    if (at !== -1) {
      return pages.with(index, { ...page, prompts: page.prompts.toSpliced(at, 0, prompt) })
    }
  }
  const last = pages.at(-1)
  if (!last || last.hasMore) return [...pages]
  return pages.with(-1, { ...last, prompts: [...last.prompts, prompt] })
}

/**
 * Applies one `company-{id}-prompt` event to a cached list searched by `searchParam` (002 §4.2,
 * reference §7: a create arrives as an update). An update replaces a known row, moves it where
 * a new name sorts, or drops it when renamed out of the search; an unknown row the search keeps
 * is inserted by name. A delete removes the row. An event that changes nothing returns the same
 * cache.
 */
export const applyPromptEventToList = (
  cache: PromptsListCache | undefined,
  searchParam: string,
  event: PromptEvent,
): PromptsListCache | undefined => {
  if (!cache) return cache
  if (event.action === 'delete') {
    return mapPagedRows(cache, 'prompts', (row) => (row.id === event.intelligenceId ? null : row))
  }
  const { prompt } = event
  const current = find(cache, prompt.id)
  if (!matchesSearch(prompt, searchParam)) {
    return current
      ? mapPagedRows(cache, 'prompts', (row) => (row.id === prompt.id ? null : row))
      : cache
  }
  if (current?.name === prompt.name) {
    return mapPagedRows(cache, 'prompts', (row) => (row.id === prompt.id ? prompt : row))
  }
  // New to this list, or renamed: its place follows its name.
  const without = current
    ? cache.pages.map((page) =>
        page.prompts.some((row) => row.id === prompt.id)
          ? { ...page, prompts: page.prompts.filter((row) => row.id !== prompt.id) }
          : page,
      )
    : cache.pages
  const pages = placeByName(without, prompt)
  return {
    ...cache,
    pages: current ? pages : pages.map((page) => ({ ...page, count: page.count + 1 })),
  }
}

const searchOf = (key: QueryKey): string => {
  const filters: unknown = key[2]
  if (typeof filters !== 'object' || filters === null) return ''
  const searchParam: unknown = Reflect.get(filters, 'searchParam')
  return typeof searchParam === 'string' ? searchParam : ''
}

/**
 * Whether a list searched by `searchParam` must be fetched again after `event`, judged on the
 * cache before it: pages are cut by position, so while pages remain to be loaded a row that
 * leaves, enters or moves among the loaded ones would shift them.
 */
const needsRefetch = (
  before: PromptsListCache,
  searchParam: string,
  event: PromptEvent,
): boolean => {
  if (!(before.pages.at(-1)?.hasMore ?? false)) return false
  if (event.action === 'delete') return find(before, event.intelligenceId) !== undefined
  const current = find(before, event.prompt.id)
  const kept = matchesSearch(event.prompt, searchParam)
  if (!current) return kept
  return !kept || current.name !== event.prompt.name
}

/** Writes one prompt event into every cached list, the prompt's detail and the pickers' list. */
export const writePromptEvent = (queryClient: QueryClient, event: PromptEvent): void => {
  void queryClient.invalidateQueries({ queryKey: promptQueries.options().queryKey })
  const lists = queryClient.getQueriesData<PromptsListCache>({ queryKey: promptQueries.lists() })
  for (const [key, cache] of lists) {
    if (!cache) continue
    const searchParam = searchOf(key)
    const next = applyPromptEventToList(cache, searchParam, event)
    if (next !== cache) queryClient.setQueryData(key, next)
    if (needsRefetch(cache, searchParam, event)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
    }
  }
  if (event.action === 'delete') {
    queryClient.removeQueries({ queryKey: promptQueries.detail(event.intelligenceId).queryKey })
  } else {
    queryClient.setQueryData(promptQueries.detail(event.prompt.id).queryKey, event.prompt)
  }
}

/** Keeps the prompts caches live while the prompts screen is mounted. */
export const usePromptsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('prompt', (event) => writePromptEvent(queryClient, event))
}
