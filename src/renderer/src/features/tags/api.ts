import type { CreateTagBody, TagDto, TagList, UpdateTagBody } from '@shared/contracts/tags'
import { http } from '@renderer/lib/http'

/** GET /tags/: one page of 20 by name; `cursor` is the previous page's `nextCursor`. */
export const listTags = async (
  searchParam: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TagList> =>
  (
    await http.get<TagList>('/tags/', {
      params: { searchParam: searchParam || undefined, cursor: cursor ?? undefined },
      signal,
    })
  ).data

/** POST /tags. */
export const createTag = async (body: CreateTagBody): Promise<TagDto> =>
  (await http.post<TagDto>('/tags', body)).data

/** PUT /tags/{id}. */
export const updateTag = async (id: number, body: UpdateTagBody): Promise<TagDto> =>
  (await http.put<TagDto>(`/tags/${id}`, body)).data

/** DELETE /tags/{id}: contacts and tickets lose the tag. */
export const deleteTag = async (id: number): Promise<void> => {
  await http.delete(`/tags/${id}`)
}
