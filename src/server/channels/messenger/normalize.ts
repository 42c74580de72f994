import { number, record, records, text, type JsonRecord } from '../graph/json'
import type {
  ChatRef,
  DriverConnection,
  InboundContent,
  InboundEvent,
  InboundMessage,
} from '../types'

/** What `downloadMedia` needs to fetch a Messenger/Instagram attachment later. */
export interface MessengerMediaRef {
  [key: string]: unknown
  url: string
  fileName?: string
}

const MEDIA_KINDS = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'application',
} as const

/**
 * A Messenger Platform webhook body → normalised events, for Facebook pages (`object: page`)
 * and Instagram accounts (`object: instagram`), whose `entry[].messaging[]` share one shape:
 * - `message`: text, attachments (one event each) or a quick reply; `is_echo` is a message
 *   sent from the page (by us, another app or the page inbox), so the chat is the recipient;
 *   `is_deleted` (Instagram) is a revoke;
 * - `message_edit` → edit; `reaction` → reaction; `postback` → reply;
 * - `delivery.mids` → ack 2 each; `read.mid` (Instagram) → ack 3. A Messenger read carries
 *   only a watermark (everything sent before it was read), which names no message: it yields
 *   nothing until the pipeline has an event for "read up to".
 * Entries of another page or account are skipped: one app's callback receives every page
 * subscribed to it, and only this connection's belong to this company.
 */
export function normalizeMessenger(connection: DriverConnection, payload: unknown): InboundEvent[] {
  const body = record(payload)
  const expected = connection.row.channel === 'instagram' ? 'instagram' : 'page'
  if (body.object !== expected) return []
  const events: InboundEvent[] = []
  for (const entry of records(body.entry)) {
    if (text(entry.id) !== connection.row.facebookPageUserId) continue
    for (const event of records(entry.messaging)) events.push(...fromEvent(event))
  }
  return events
}

function fromEvent(event: JsonRecord): InboundEvent[] {
  const senderId = text(record(event.sender).id)
  const recipientId = text(record(event.recipient).id)
  const millis = number(event.timestamp)
  const timestamp = millis === undefined ? new Date() : new Date(millis)
  const chatOf = (contactId: string | undefined): ChatRef | null =>
    contactId ? { id: contactId, isGroup: false } : null

  if (event.message !== undefined) {
    const message = record(event.message)
    const mid = text(message.mid)
    if (!mid) return []
    if (message.is_deleted === true) return [{ type: 'revoke', providerId: mid }]
    const fromMe = message.is_echo === true
    const chat = chatOf(fromMe ? recipientId : senderId)
    if (!chat) return []
    const quoted = text(record(message.reply_to).mid)
    const base = {
      type: 'message' as const,
      fromMe,
      chat,
      ...(fromMe ? {} : { sender: chat }),
      timestamp,
      ...(quoted ? { quotedProviderId: quoted } : {}),
      raw: event,
    }
    return contentsOf(message).map((content, index): InboundMessage => ({
      ...base,
      // Several attachments share one mid; each stored row needs an id of its own.
      providerId: index === 0 ? mid : `${mid}:${index}`,
      content,
    }))
  }

  if (event.message_edit !== undefined) {
    const edit = record(event.message_edit)
    const mid = text(edit.mid)
    return mid ? [{ type: 'edit', providerId: mid, body: text(edit.text) ?? '' }] : []
  }

  if (event.delivery !== undefined) {
    const mids = record(event.delivery).mids
    return (Array.isArray(mids) ? mids : [])
      .map(text)
      .filter((mid): mid is string => Boolean(mid))
      .map((providerId) => ({ type: 'status', providerId, ack: 2 }))
  }

  if (event.read !== undefined) {
    const mid = text(record(event.read).mid)
    return mid ? [{ type: 'status', providerId: mid, ack: 3 }] : []
  }

  if (event.reaction !== undefined) {
    const reaction = record(event.reaction)
    const target = text(reaction.mid)
    const chat = chatOf(senderId)
    if (!target || !chat) return []
    return [
      {
        type: 'message',
        // Reactions have no id of their own; this one is stable across Meta's redeliveries.
        providerId: `${target}:reaction:${senderId}:${millis ?? 0}`,
        fromMe: false,
        chat,
        sender: chat,
        timestamp,
        content: {
          kind: 'reaction',
          targetProviderId: target,
          emoji: reaction.action === 'unreact' ? '' : (text(reaction.emoji) ?? ''),
        },
        raw: event,
      },
    ]
  }

  if (event.postback !== undefined) {
    const postback = record(event.postback)
    const chat = chatOf(senderId)
    const title = text(postback.title) ?? text(postback.payload)
    if (!chat || !title) return []
    const id = text(postback.payload)
    return [
      {
        type: 'message',
        providerId: text(postback.mid) ?? `postback:${senderId}:${millis ?? 0}`,
        fromMe: false,
        chat,
        sender: chat,
        timestamp,
        content: { kind: 'reply', body: title, ...(id ? { id } : {}) },
        raw: event,
      },
    ]
  }

  return []
}

function contentsOf(message: JsonRecord): InboundContent[] {
  const body = text(message.text) ?? ''
  const quickReply = text(record(message.quick_reply).payload)
  if (quickReply) return [{ kind: 'reply', body: body || quickReply, id: quickReply }]
  if (message.is_unsupported === true) return [{ kind: 'unsupported', type: 'unsupported' }]
  const attachments = records(message.attachments)
  if (attachments.length === 0) return [{ kind: 'text', body }]
  return attachments.map((attachment, index) =>
    attachmentContent(attachment, index === 0 ? body : ''),
  )
}

function attachmentContent(attachment: JsonRecord, caption: string): InboundContent {
  const type = text(attachment.type) ?? 'unknown'
  const payload = record(attachment.payload)
  const url = text(payload.url)
  if ((type === 'image' || type === 'video' || type === 'audio' || type === 'file') && url) {
    const fileName = type === 'file' ? fileNameOf(url) : undefined
    const ref: MessengerMediaRef = { url, ...(fileName ? { fileName } : {}) }
    return {
      kind: 'media',
      mediaKind:
        type === 'image' && payload.sticker_id !== undefined ? 'sticker' : MEDIA_KINDS[type],
      caption,
      ...(fileName ? { fileName } : {}),
      ref,
    }
  }
  if (type === 'location') {
    const coordinates = record(payload.coordinates)
    const latitude = number(coordinates.lat)
    const longitude = number(coordinates.long)
    if (latitude !== undefined && longitude !== undefined)
      return { kind: 'location', latitude, longitude }
  }
  if (type === 'fallback') {
    const link = [text(attachment.title) ?? text(payload.title), url].filter(Boolean).join('\n')
    if (link) return { kind: 'text', body: caption ? `${caption}\n${link}` : link }
  }
  return { kind: 'unsupported', type }
}

/** The last path segment of an attachment URL, which for files is the name the sender gave. */
function fileNameOf(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1)
    return last ? decodeURIComponent(last) : undefined
  } catch {
    return undefined
  }
}
