import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { TagDto, TagList } from '@shared/contracts/tags'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { tagQueries } from './queries'

export type TagEvent = CompanyEventPayloads['tag']
export type TagsListCache = InfiniteData<TagList, string | null>

/**
 * Rewrites the rows `change` touches (null removes one) and keeps `count` in step; the cache keeps
 * its identity when nothing matched.
 */
export const mapTagRows = (
  cache: TagsListCache | undefined,
  change: (row: TagDto) => TagDto | null,
): TagsListCache | undefined => {
  if (!cache) return cache
  let touched = false
  let removed = 0
  const pages = cache.pages.map((page) => {
    let pageTouched = false
    const tags = page.tags.flatMap((row) => {
      const next = change(row)
      if (next === row) return [row]
      pageTouched = true
      if (next === null) {
        removed += 1
        return []
      }
      return [next]
    })
    touched ||= pageTouched
    return pageTouched ? { ...page, tags } : page
  })
  if (!touched) return cache
  return {
    ...cache,
    pages: removed === 0 ? pages : pages.map((page) => ({ ...page, count: page.count - removed })),
  }
}

/** Applies one `company{id}-tag` event to every cached tags list. */
export const writeTagEvent = (queryClient: QueryClient, event: TagEvent): void => {
  if (event.action === 'delete') {
    queryClient.setQueriesData<TagsListCache>({ queryKey: tagQueries.lists() }, (cache) =>
      mapTagRows(cache, (row) => (row.id === event.tagId ? null : row)),
    )
    return
  }
  const { tag } = event
  queryClient.setQueriesData<TagsListCache>({ queryKey: tagQueries.lists() }, (cache) =>
    mapTagRows(cache, (row) => (row.id === tag.id ? tag : row)),
  )
  // A new or renamed tag may move: its place depends on the server's order and the search.
  void queryClient.invalidateQueries({ queryKey: tagQueries.lists() })
}

/** Keeps the tags list live while the tags screen is mounted. */
export const useTagsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('tag', (event) => writeTagEvent(queryClient, event))
}
