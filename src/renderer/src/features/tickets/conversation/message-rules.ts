import { MESSAGE_EDIT_WINDOW_MS, type MessageDto } from '@shared/contracts/messages'
import type { QuickMessageDto } from '@shared/contracts/quick-messages'
import type { TicketDto } from '@shared/contracts/tickets'
import {
  META_REPLY_WINDOW_MS,
  MIN_AUDIO_BYTES,
  PLAYBACK_RATES,
  QUICK_REPLY_LABEL_MAX,
  type PlaybackRate,
} from './constants'

export type AckState = 'pending' | 'sent' | 'delivered' | 'read' | 'played'

/** 000 §4 Message states: 0 clock, 1 sent, 2 delivered, 3 and 4 read, 5 played. */
export const ackState = (ack: number): AckState => {
  if (ack <= 0) return 'pending'
  if (ack === 1) return 'sent'
  if (ack === 2) return 'delivered'
  if (ack <= 4) return 'read'
  return 'played'
}

const TEXT_TYPES = new Set(['conversation', 'extendedTextMessage', 'text'])

/** Plain text: no file, card, location or preview behind the body. */
export const isTextMessage = (message: MessageDto): boolean =>
  TEXT_TYPES.has(message.mediaType) && !message.mediaUrl

/** Whether the ticket accepts input: only open and group tickets (000 §4 Message states). */
export const isTicketWritable = (ticket: Pick<TicketDto, 'status'>): boolean =>
  ticket.status === 'open' || ticket.status === 'group'

const isOwn = (message: MessageDto, meId: number) =>
  message.fromMe && message.user !== null && message.user.id === meId

/**
 * Editing (000 §5): own text messages, within 15 minutes of creation. Private notes never
 * reached the contact and a failed send was never delivered, so neither can be edited.
 */
export const canEditMessage = (message: MessageDto, meId: number, now: number): boolean =>
  isOwn(message, meId) &&
  !message.isDeleted &&
  !message.isPrivate &&
  message.sendStatus !== 'failed' &&
  isTextMessage(message) &&
  now - Date.parse(message.createdAt) <= MESSAGE_EDIT_WINDOW_MS

/** Deleting (000 §5): own messages only. */
export const canDeleteMessage = (message: MessageDto, meId: number): boolean =>
  isOwn(message, meId) && !message.isDeleted

/** Replies, reactions and forwards need a message the contact has seen. */
export const isDeliverable = (message: MessageDto): boolean =>
  !message.isDeleted && !message.isPrivate && message.sendStatus !== 'failed'

/** Transcription (000 §5): received audio only. */
export const canTranscribe = (message: MessageDto): boolean =>
  !message.fromMe && message.mediaType === 'audio' && !message.isDeleted && !!message.mediaUrl

/** A failed send of ours, text or media, can be sent again: the server keeps its file. */
export const canRetrySend = (message: MessageDto): boolean =>
  message.fromMe && message.sendStatus === 'failed' && !message.isPrivate && !message.isDeleted

/**
 * What went wrong with a send: `retrying` while the server tries again after a failed try,
 * `failed` once it gave up; null when nothing did.
 */
export const sendTrouble = (message: MessageDto): 'retrying' | 'failed' | null => {
  if (message.sendStatus === 'failed') return 'failed'
  if (message.sendStatus === 'queued' && message.sendError !== null) return 'retrying'
  return null
}

/**
 * The file name GET /messages/transcribeAudio expects: the last path segment of the media URL,
 * without its query string. Null when the URL has no such segment.
 */
export const transcriptionFileName = (mediaUrl: string): string | null => {
  let path: string
  try {
    path = new URL(mediaUrl, 'http://localhost').pathname
  } catch {
    return null
  }
  const segment = path.split('/').filter(Boolean).at(-1)
  if (!segment) return null
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** 000 §5: recordings under 10000 bytes are discarded with a warning. */
export const shouldDiscardRecording = (bytes: number): boolean => bytes < MIN_AUDIO_BYTES

export interface RecordingFormat {
  mimeType: string
  extension: 'ogg' | 'webm'
}

/**
 * Opus in Ogg when the recorder offers it (what WhatsApp plays as a voice note), else Opus in
 * WebM, which Chromium always records; the server converts either.
 */
export const recordingFormat = (isTypeSupported: (type: string) => boolean): RecordingFormat =>
  isTypeSupported('audio/ogg;codecs=opus')
    ? { mimeType: 'audio/ogg;codecs=opus', extension: 'ogg' }
    : { mimeType: 'audio/webm;codecs=opus', extension: 'webm' }

/** The signature prefix (reference §9 Sending): the server adds nothing itself. */
export const signBody = (userName: string, text: string): string => `*${userName}:*\n${text}`

export const isPlaybackRate = (value: number): value is PlaybackRate =>
  (PLAYBACK_RATES as readonly number[]).includes(value)

/** A remembered playback rate, or 1 when nothing valid is stored. */
export const parsePlaybackRate = (stored: string | null): PlaybackRate => {
  const value = Number(stored)
  return stored !== null && isPlaybackRate(value) ? value : 1
}

/** The rate after `current` in 0.5 → 1 → 1.5 → 2 → 0.5. */
export const nextPlaybackRate = (current: PlaybackRate): PlaybackRate =>
  PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(current) + 1) % PLAYBACK_RATES.length] ?? 1

/** The text after a leading slash, or null when the input is not asking for quick replies. */
export const quickReplyQuery = (input: string): string | null =>
  input.startsWith('/') && !input.includes('\n') ? input.slice(1).trim().toLowerCase() : null

/** The replies whose shortcode contains `query`, in any case (000 §4), in the server's order. */
export const matchQuickReplies = <Reply extends Pick<QuickMessageDto, 'shortcode'>>(
  replies: readonly Reply[],
  query: string,
): Reply[] => {
  const wanted = query.toLowerCase()
  return replies.filter((reply) => reply.shortcode.toLowerCase().includes(wanted))
}

/** 000 §9: a quick reply's label is cut at 90 characters; one with only a file shows its shortcode. */
export const quickReplyLabel = (reply: Pick<QuickMessageDto, 'shortcode' | 'message'>): string => {
  const text = reply.message.trim()
  const label = (text ? `${reply.shortcode} - ${text}` : reply.shortcode).replace(/\s+/g, ' ')
  return label.length > QUICK_REPLY_LABEL_MAX ? `${label.slice(0, QUICK_REPLY_LABEL_MAX)}…` : label
}

/**
 * Until when a Facebook or Instagram ticket may be answered freely: 24 hours after the contact's
 * last message. Null for other channels, or before the contact has written.
 */
export const metaReplyDeadline = (
  ticket: Pick<TicketDto, 'channel' | 'lastInboundAt'>,
): number | null => {
  if (ticket.channel !== 'facebook' && ticket.channel !== 'instagram') return null
  if (!ticket.lastInboundAt) return null
  return Date.parse(ticket.lastInboundAt) + META_REPLY_WINDOW_MS
}

export const isMetaChannel = (ticket: Pick<TicketDto, 'channel'>): boolean =>
  ticket.channel === 'facebook' || ticket.channel === 'instagram'
