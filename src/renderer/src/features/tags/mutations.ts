import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateTagBody, UpdateTagBody } from '@shared/contracts/tags'
import { notifyError } from '@renderer/lib/notify'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { createTag, deleteTag, updateTag } from './api'
import { tagQueries } from './queries'
import type { TagsListCache } from './realtime'

export const useSaveTagMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateTagBody & UpdateTagBody }) =>
      id === null ? createTag(body) : updateTag(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagQueries.lists() }),
    onError: notifyError,
  })
}

export const useDeleteTagMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteTag(id),
    onSuccess: (_data, id) =>
      queryClient.setQueriesData<TagsListCache>({ queryKey: tagQueries.lists() }, (cache) =>
        mapPagedRows(cache, 'tags', (row) => (row.id === id ? null : row)),
      ),
    onError: notifyError,
  })
}
