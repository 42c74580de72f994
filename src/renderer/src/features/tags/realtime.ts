import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { TagList } from '@shared/contracts/tags'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { tagQueries } from './queries'

export type TagEvent = CompanyEventPayloads['tag']
export type TagsListCache = InfiniteData<TagList, string | null>

/** Applies one `company{id}-tag` event to every cached tags list. */
export const writeTagEvent = (queryClient: QueryClient, event: TagEvent): void => {
  if (event.action === 'delete') {
    queryClient.setQueriesData<TagsListCache>({ queryKey: tagQueries.lists() }, (cache) =>
      mapPagedRows(cache, 'tags', (row) => (row.id === event.tagId ? null : row)),
    )
    return
  }
  const { tag } = event
  queryClient.setQueriesData<TagsListCache>({ queryKey: tagQueries.lists() }, (cache) =>
    mapPagedRows(cache, 'tags', (row) => (row.id === tag.id ? tag : row)),
  )
  // A new or renamed tag may move: its place depends on the server's order and the search.
  void queryClient.invalidateQueries({ queryKey: tagQueries.lists() })
}

/** Keeps the tags list live while the tags screen is mounted. */
export const useTagsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('tag', (event) => writeTagEvent(queryClient, event))
}
