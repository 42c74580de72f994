import type { Static } from '@sinclair/typebox'
import { isAxiosError } from 'axios'
import type {
  EditMessageBody,
  ForwardMessageBody,
  MessageDto,
  MessageList,
  SendMessageBody,
  TranscriptionResult,
} from '@shared/contracts/messages'
import type { QuickMessageDto } from '@shared/contracts/quick-messages'
import type { TicketDto } from '@shared/contracts/tickets'
import { errorCodeOf, http } from '@renderer/lib/http'

/** GET /tickets/u/{uuid}: the ticket of the conversation. */
export const getTicketByUuid = async (uuid: string, signal?: AbortSignal): Promise<TicketDto> =>
  (await http.get<TicketDto>(`/tickets/u/${encodeURIComponent(uuid)}`, { signal })).data

/** GET /messages/{ticketId}: one page back in time from `cursor` (the newest without). */
export const listMessages = async (
  ticketId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessageList> =>
  (
    await http.get<MessageList>(`/messages/${ticketId}`, {
      params: cursor === null ? {} : { cursor },
      signal,
    })
  ).data

/** POST /messages/{ticketId} as JSON: text, reply, private note or contact card. */
export const sendMessage = async (ticketId: number, body: SendMessageBody): Promise<void> => {
  await http.post(`/messages/${ticketId}`, body)
}

export interface MediaUpload {
  file: File
  caption: string
}

/** POST /messages/{ticketId} as multipart: the files under `medias`, one caption per file. */
export const sendMedia = async (
  ticketId: number,
  uploads: MediaUpload[],
  isPrivate: boolean,
): Promise<void> => {
  const form = new FormData()
  form.append('fromMe', 'true')
  form.append('isPrivate', String(isPrivate))
  for (const { file, caption } of uploads) {
    form.append('medias', file, file.name)
    form.append('body', caption)
  }
  await http.post(`/messages/${ticketId}`, form)
}

/** POST /messages/edit/{id}. */
export const editMessage = async (
  id: number,
  body: Static<typeof EditMessageBody>,
): Promise<void> => {
  await http.post(`/messages/edit/${id}`, body)
}

/** DELETE /messages/{id}. */
export const deleteMessage = async (id: number): Promise<void> => {
  await http.delete(`/messages/${id}`)
}

/** POST /messages/{id}/reactions: the emoji, or '' to take one's reaction back. */
export const reactToMessage = async (id: number, type: string): Promise<void> => {
  await http.post(`/messages/${id}/reactions`, { type })
}

/** POST /messages/{id}/retry: a failed send of ours goes back to the server's sender. */
export const retrySend = async (id: number): Promise<MessageDto> =>
  (await http.post<MessageDto>(`/messages/${id}/retry`)).data

/** POST /messages/{ticketId}/read. */
export const markTicketRead = async (ticketId: number): Promise<void> => {
  await http.post(`/messages/${ticketId}/read`)
}

/** GET /messages/transcribeAudio/{file}. */
export const transcribeAudio = async (
  fileName: string,
): Promise<Static<typeof TranscriptionResult>> =>
  (
    await http.get<Static<typeof TranscriptionResult>>(
      `/messages/transcribeAudio/${encodeURIComponent(fileName)}`,
    )
  ).data

/** POST /message/forward: one message to one contact. */
export const forwardMessage = async (body: Static<typeof ForwardMessageBody>): Promise<void> => {
  await http.post('/message/forward', body)
}

/** The HTTP status of a failed call, when there was an answer. */
export const responseStatus = (error: unknown): number | undefined =>
  isAxiosError(error) ? error.response?.status : undefined

/**
 * A 404 that names no error code of ours: the route itself does not exist on this server yet,
 * as opposed to ERR_NO_CONTACT_FOUND and the like.
 */
export const isMissingRoute = (error: unknown): boolean => {
  if (responseStatus(error) !== 404 || !isAxiosError(error)) return false
  const code = errorCodeOf(error.response?.data)
  return !code?.startsWith('ERR_')
}

/**
 * GET /quick-messages/list: the active quick messages the caller sees, by shortcode, offered
 * after a leading slash. The server answers for the token's user; the spec's parameters go along.
 */
export const listQuickReplies = async (
  params: { companyId: number; userId: number },
  signal?: AbortSignal,
): Promise<QuickMessageDto[]> =>
  (await http.get<QuickMessageDto[]>('/quick-messages/list', { params, signal })).data

/**
 * The file of a quick reply, as if the user had chosen it: read from its signed, short-lived
 * `/media/…` address on our server, named and typed as it was stored.
 */
export const fetchQuickReplyFile = async (
  reply: Pick<QuickMessageDto, 'shortcode' | 'mediaUrl' | 'mediaName' | 'mediaMime'>,
  signal?: AbortSignal,
): Promise<File> => {
  if (!reply.mediaUrl) throw new Error(`The quick reply ${reply.shortcode} has no file`)
  const blob = (await http.get<Blob>(reply.mediaUrl, { responseType: 'blob', signal })).data
  return new File([blob], reply.mediaName ?? reply.shortcode, {
    type: reply.mediaMime ?? blob.type,
  })
}

/** PUT /contacts/block/{id}: active false blocks, true unblocks. */
export const setContactActive = async (id: number, active: boolean): Promise<unknown> =>
  (await http.put<unknown>(`/contacts/block/${id}`, { active })).data

/** PUT /contacts/toggleAcceptAudio/{id}: answers acceptAudioMessage. */
export const toggleAcceptAudio = async (id: number): Promise<unknown> =>
  (await http.put<unknown>(`/contacts/toggleAcceptAudio/${id}`)).data

/** PUT /contacts/toggleDisableBot/{id}: answers disableBot. */
export const toggleDisableBot = async (id: number): Promise<unknown> =>
  (await http.put<unknown>(`/contacts/toggleDisableBot/${id}`)).data
