import type {
  QuickMessageDto,
  QuickMessagePage,
  SaveQuickMessageBody,
} from '@shared/contracts/quick-messages'
import { http } from '@renderer/lib/http'
import { readFieldError, type FieldError } from '@renderer/lib/server-refusal'

export interface ListQuickMessagesParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/**
 * GET /quick-messages: one page of 20 the caller sees, inactive ones included, by shortcode,
 * searched in the shortcode and the text.
 */
export const listQuickMessages = async (
  { searchParam, pageNumber }: ListQuickMessagesParams,
  signal?: AbortSignal,
): Promise<QuickMessagePage> =>
  (
    await http.get<QuickMessagePage>('/quick-messages', {
      params: { searchParam: searchParam || undefined, pageNumber },
      signal,
    })
  ).data

/** GET /quick-messages/{id}: one the caller sees, with a fresh address of its file. */
export const getQuickMessage = async (id: number, signal?: AbortSignal): Promise<QuickMessageDto> =>
  (await http.get<QuickMessageDto>(`/quick-messages/${id}`, { signal })).data

/** POST /quick-messages: the caller becomes its creator. */
export const createQuickMessage = async (body: SaveQuickMessageBody): Promise<QuickMessageDto> =>
  (await http.post<QuickMessageDto>('/quick-messages', body)).data

/** PUT /quick-messages/{id}: its creator's, or a shared one (geral). */
export const updateQuickMessage = async (
  id: number,
  body: SaveQuickMessageBody,
): Promise<QuickMessageDto> => (await http.put<QuickMessageDto>(`/quick-messages/${id}`, body)).data

/** DELETE /quick-messages/{id}: its creator, or an admin. */
export const deleteQuickMessage = async (id: number): Promise<void> => {
  await http.delete(`/quick-messages/${id}`)
}

/**
 * POST /quick-messages/{id}/media-upload (multipart `typeArch` "quickMessage", then `file`): the
 * file replaces the stored one. `onProgress` hears the sent share, from 0 to 1.
 */
export const uploadQuickMessageMedia = async (
  id: number,
  file: File,
  onProgress?: (share: number) => void,
): Promise<QuickMessageDto> => {
  const form = new FormData()
  form.append('typeArch', 'quickMessage')
  form.append('file', file)
  return (
    await http.post<QuickMessageDto>(`/quick-messages/${id}/media-upload`, form, {
      onUploadProgress: (event) => {
        const total = event.total ?? file.size
        if (total > 0) onProgress?.(Math.min(1, event.loaded / total))
      },
    })
  ).data
}

/**
 * DELETE /quick-messages/{id}/media-upload: the file goes. Refused (ERR_VALIDATION on `message`)
 * while the stored text is empty, since the row would then send nothing.
 */
export const removeQuickMessageMedia = async (id: number): Promise<QuickMessageDto> =>
  (await http.delete<QuickMessageDto>(`/quick-messages/${id}/media-upload`)).data

/** The field a failed save points at (ERR_VALIDATION with its `field`), or null. */
export const readQuickMessageFieldError = (error: unknown): FieldError | null =>
  readFieldError(error)
