import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ContactDto } from '@shared/contracts/contacts'
import type { MessageDto, SendMessageBody } from '@shared/contracts/messages'
import type { TicketDto } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { notifyError } from '@renderer/lib/notify'
import {
  deleteMessage,
  editMessage,
  isMissingRoute,
  markTicketRead,
  reactToMessage,
  retrySend,
  sendMedia,
  sendMessage,
  setContactActive,
  toggleAcceptAudio,
  toggleDisableBot,
  transcribeAudio,
  type MediaUpload,
} from './api'
import { transcriptionFileName } from './message-rules'
import { replaceMessage, type MessageWindow } from './message-window'
import { conversationQueries } from './queries'

const t = (key: string) => i18n.t(key, { ns: 'messages' })

/** Writes a changed contact into every open conversation of that contact. */
export const patchTicketContact = (
  client: QueryClient,
  contactId: number,
  patch: Partial<ContactDto>,
): void => {
  client.setQueriesData<TicketDto>({ queryKey: conversationQueries.tickets() }, (ticket) =>
    ticket?.contact.id === contactId
      ? { ...ticket, contact: { ...ticket.contact, ...patch } }
      : ticket,
  )
}

export const patchWindowMessage = (
  client: QueryClient,
  ticketId: number,
  message: MessageDto,
): void => {
  client.setQueryData<MessageWindow>(conversationQueries.window(ticketId).queryKey, (window) =>
    window ? replaceMessage(window, message) : window,
  )
}

/**
 * Sends through POST /messages/{ticketId}. Nothing is inserted here: the server stores the
 * message at once and its `appMessage` create event draws it. Failures are left to the caller,
 * which keeps the draft for a retry.
 */
export const useSendMessageMutation = (ticketId: number) =>
  useMutation({ mutationFn: (body: SendMessageBody) => sendMessage(ticketId, body) })

export const useSendMediaMutation = (ticketId: number) =>
  useMutation({
    mutationFn: ({ uploads, isPrivate }: { uploads: MediaUpload[]; isPrivate: boolean }) =>
      sendMedia(ticketId, uploads, isPrivate),
    onError: notifyError,
  })

export const useEditMessageMutation = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => editMessage(id, { body }),
    onError: notifyError,
  })

export const useDeleteMessageMutation = () =>
  useMutation({ mutationFn: (id: number) => deleteMessage(id), onError: notifyError })

/**
 * Resends a failed message, text or media, as the same message; its `appMessage` updates show
 * it queued, then sent or failed again. A refusal is shown on the message's bubble, not as a toast.
 */
export const useRetrySendMutation = () => useMutation({ mutationFn: (id: number) => retrySend(id) })

export const useReactMutation = () =>
  useMutation({
    mutationFn: ({ id, type }: { id: number; type: string }) => reactToMessage(id, type),
    onError: notifyError,
  })

/** A failure of the transcription call itself, before or after the server answered. */
export class TranscriptionError extends Error {}

/**
 * GET /messages/transcribeAudio for a received audio; the text is kept on the message, as the
 * server keeps it on the row.
 */
export const useTranscribeMutation = (ticketId: number) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (message: MessageDto) => {
      const fileName = transcriptionFileName(message.mediaUrl)
      if (!fileName) throw new TranscriptionError(t('transcription.badUrl'))
      const result: unknown = await transcribeAudio(fileName)
      const text =
        typeof result === 'object' && result !== null && 'transcribedText' in result
          ? result.transcribedText
          : undefined
      if (typeof text !== 'string') throw new TranscriptionError(t('transcription.badData'))
      return text
    },
    onSuccess: (transcription, message) =>
      patchWindowMessage(client, ticketId, { ...message, transcription }),
    onError: (error) => notifyError(error instanceof TranscriptionError ? error.message : error),
  })
}

/** The toggles answer the new value; a body without it leaves the one asked for. */
const readFlag = (data: unknown, key: keyof ContactDto, fallback: boolean): boolean => {
  if (typeof data === 'object' && data !== null && key in data) {
    const value = (data as Record<string, unknown>)[key]
    if (typeof value === 'boolean') return value
  }
  return fallback
}

/** Contact actions whose routes may not exist yet: say so instead of a raw "Not Found". */
const notifyContactError = (error: unknown) =>
  isMissingRoute(error) ? notifyError(t('contact.unavailable')) : notifyError(error)

type ContactToggle = 'active' | 'acceptAudioMessage' | 'disableBot'

const contactCalls: Record<ContactToggle, (contact: ContactDto) => Promise<unknown>> = {
  active: (contact) => setContactActive(contact.id, !contact.active),
  acceptAudioMessage: (contact) => toggleAcceptAudio(contact.id),
  disableBot: (contact) => toggleDisableBot(contact.id),
}

/** Block/unblock and the two contact switches; the drawer shows the value only once saved. */
export const useContactToggleMutation = (field: ContactToggle) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (contact: ContactDto) => {
      const data = await contactCalls[field](contact)
      return readFlag(data, field, !contact[field])
    },
    onSuccess: (value, contact) => patchTicketContact(client, contact.id, { [field]: value }),
    onError: notifyContactError,
  })
}

/** POST /messages/{ticketId}/read. Its failures are ignored (000 §8): nothing depends on it. */
export const useMarkReadMutation = () =>
  useMutation({ mutationFn: (ticketId: number) => markTicketRead(ticketId) })
