import { number, record, records, text, type JsonRecord } from '../graph/json'
import type {
  ChatRef,
  DriverConnection,
  InboundContent,
  InboundEvent,
  InboundMessage,
} from '../types'
import { attachmentContent, inReplyToStory } from './attachments'

/**
 * Events that are no message of the contact's: plugin opt-ins, entry points (referral), account
 * linking and the handover protocol's thread control. They leave nothing in the conversation.
 */
const CONTROL_EVENTS = new Set([
  'optin',
  'referral',
  'account_linking',
  'pass_thread_control',
  'take_thread_control',
  'request_thread_control',
  'app_roles',
  'policy_enforcement',
])

/** The keys of a messaging event that are not its kind. */
const ENVELOPE_KEYS = new Set([
  'sender',
  'recipient',
  'timestamp',
  'prior_message',
  'messaging_type',
])

/**
 * Meta's times are milliseconds; some of its examples give seconds. A millisecond value below
 * this would be 1973.
 */
const SECONDS_BELOW = 1e11

const millisOf = (value: unknown): number | undefined => {
  const parsed = number(value)
  return parsed !== undefined && parsed < SECONDS_BELOW ? parsed * 1000 : parsed
}

/**
 * A Messenger Platform webhook body → normalised events, for Facebook pages (`object: page`)
 * and Instagram accounts (`object: instagram`), whose `entry[].messaging[]` share one shape
 * (and `entry[].standby[]`, the messages of a thread another app holds, which are the
 * conversation's all the same):
 * - `message`: text, attachments (one event each), shared posts, reels and stories, story
 *   mentions and replies, templates, or a quick reply; `is_echo` is a message sent from the
 *   page (by us, another app or the page inbox), so the chat is the recipient; `is_deleted`
 *   (Instagram) is a revoke;
 * - `message_edit` → edit; `reaction` → reaction; `postback` → reply;
 * - `delivery.mids` → ack 2 each; `read.mid` (Instagram) → ack 3; a `watermark` (Messenger)
 *   names no message but a time: everything of ours sent up to it was delivered or read;
 * - any other kind from a contact is kept as an unsupported message of that kind.
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
    for (const event of [...records(entry.messaging), ...records(entry.standby)])
      events.push(...fromEvent(event, connection.row.facebookPageUserId))
  }
  return events
}

/** One messaging event; `account` is the page's or Instagram account's own id. */
function fromEvent(event: JsonRecord, account: string | null): InboundEvent[] {
  const senderId = text(record(event.sender).id)
  const recipientId = text(record(event.recipient).id)
  const millis = millisOf(event.timestamp)
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
    const replyTo = record(message.reply_to)
    const quoted = text(replyTo.mid)
    const story = replyTo.story === undefined ? null : record(replyTo.story)
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
      content: story && index === 0 ? inReplyToStory(content, story) : content,
    }))
  }

  if (event.message_edit !== undefined) {
    const edit = record(event.message_edit)
    const mid = text(edit.mid)
    return mid ? [{ type: 'edit', providerId: mid, body: text(edit.text) ?? '' }] : []
  }

  const watermark = (report: JsonRecord, ack: 2 | 3): InboundEvent[] => {
    const upTo = millisOf(report.watermark)
    const chat = chatOf(senderId)
    return upTo !== undefined && chat
      ? [{ type: 'watermark', chat, ack, upTo: new Date(upTo) }]
      : []
  }

  if (event.delivery !== undefined) {
    const delivery = record(event.delivery)
    const mids = Array.isArray(delivery.mids) ? delivery.mids : []
    return [
      ...mids
        .map(text)
        .filter((mid): mid is string => Boolean(mid))
        .map((providerId): InboundEvent => ({ type: 'status', providerId, ack: 2 })),
      ...watermark(delivery, 2),
    ]
  }

  if (event.read !== undefined) {
    const read = record(event.read)
    const mid = text(read.mid)
    return mid ? [{ type: 'status', providerId: mid, ack: 3 }] : watermark(read, 3)
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

  return unknownKind(event, senderId === account ? undefined : senderId, millis, timestamp)
}

/**
 * A kind of event we do not know, from a contact (`contactId`; none when the page sent it):
 * kept as an unsupported message of that kind, so the attendant learns that something arrived.
 * Its id is its own `mid` when it has one, else one that is stable across Meta's redeliveries.
 */
function unknownKind(
  event: JsonRecord,
  contactId: string | undefined,
  millis: number | undefined,
  timestamp: Date,
): InboundEvent[] {
  const kind = Object.keys(event).find((key) => !ENVELOPE_KEYS.has(key))
  if (!kind || CONTROL_EVENTS.has(kind) || !contactId) return []
  const chat: ChatRef = { id: contactId, isGroup: false }
  return [
    {
      type: 'message',
      providerId: text(record(event[kind]).mid) ?? `${kind}:${contactId}:${millis ?? 0}`,
      fromMe: false,
      chat,
      sender: chat,
      timestamp,
      content: { kind: 'unsupported', type: kind },
      raw: event,
    },
  ]
}

function contentsOf(message: JsonRecord): InboundContent[] {
  const body = text(message.text) ?? ''
  const quickReply = text(record(message.quick_reply).payload)
  if (quickReply) return [{ kind: 'reply', body: body || quickReply, id: quickReply }]
  if (message.is_unsupported === true) return [{ kind: 'unsupported', type: 'unsupported' }]
  const attachments = records(message.attachments)
  if (attachments.length === 0)
    return [body ? { kind: 'text', body } : { kind: 'unsupported', type: 'message' }]
  return attachments.map((attachment, index) =>
    attachmentContent(attachment, index === 0 ? body : ''),
  )
}
