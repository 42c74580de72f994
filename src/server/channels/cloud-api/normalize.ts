import { number, record, records, text, type JsonRecord } from '../graph/json'
import type {
  ChatRef,
  DriverConnection,
  InboundEvent,
  InboundMessage,
  InboundStatus,
} from '../types'
import { contentOf } from './content'

const ACKS: Record<string, InboundStatus['ack']> = {
  sent: 1,
  delivered: 2,
  read: 3,
  played: 5,
  failed: 'failed',
}

/** A `value.contacts[]` entry: the people the change's messages come from. */
interface Person {
  waId?: string
  userId?: string
  name?: string
}

const digits = (value: string | undefined) => value?.replace(/\D/g, '') || undefined

/**
 * A Cloud API webhook body (`object: whatsapp_business_account`) → normalised events: the
 * messages of `value.messages` (named after `value.contacts`), the contact's edits and deletions
 * among them, and the acks of `value.statuses`. Changes for another phone number are skipped:
 * the app's one callback carries every number of the business account, and only this
 * connection's belong to this company.
 */
export function normalizeCloudApi(connection: DriverConnection, payload: unknown): InboundEvent[] {
  const body = record(payload)
  if (body.object !== 'whatsapp_business_account') return []
  const events: InboundEvent[] = []
  for (const entry of records(body.entry)) {
    for (const change of records(entry.changes)) {
      if (change.field !== undefined && change.field !== 'messages') continue
      const value = record(change.value)
      const phoneNumberId = text(record(value.metadata).phone_number_id)
      if (phoneNumberId !== connection.row.wabaPhoneNumberId) continue

      const people = records(value.contacts).map((contact): Person => ({
        waId: digits(text(contact.wa_id)),
        userId: text(contact.user_id) || undefined,
        // A username user may have no profile name: his username names him instead.
        name:
          text(record(contact.profile).name) || text(record(contact.profile).username) || undefined,
      }))
      for (const message of records(value.messages)) {
        const type = text(message.type)
        const event =
          type === 'revoke' || type === 'edit'
            ? changeOf(message, type)
            : toMessage(message, people)
        if (event) events.push(event)
      }
      for (const status of records(value.statuses)) {
        const event = toStatus(status)
        if (event) events.push(event)
      }
    }
  }
  return events
}

/**
 * Who wrote: his phone number when the webhook carries it, else his business-scoped user id
 * (BSUID: a user with a username may hide his number), which also comes along as `lid` so that
 * both kinds of message reach one contact. A message naming nobody belongs to the change's one
 * contact, when it has exactly one.
 */
function authorOf(message: JsonRecord, people: Person[]): ChatRef | null {
  const phone = digits(text(message.from))
  const userId = text(message.from_user_id) || undefined
  const person =
    people.find(
      (candidate) =>
        (phone !== undefined && candidate.waId === phone) ||
        (userId !== undefined && candidate.userId === userId),
    ) ?? (!phone && !userId && people.length === 1 ? people[0] : undefined)
  const id = phone ?? userId ?? person?.waId ?? person?.userId
  if (!id) return null
  const lid = userId ?? person?.userId
  return {
    id,
    isGroup: false,
    ...(lid ? { lid } : {}),
    ...(person?.name ? { name: person.name } : {}),
  }
}

/**
 * The contact's deletion or edit of an earlier message: WhatsApp reports them on numbers shared
 * with the WhatsApp Business app. An edit carries the message anew; its text or caption is kept.
 */
function changeOf(message: JsonRecord, type: 'revoke' | 'edit'): InboundEvent | null {
  const body = record(message[type])
  const providerId = text(body.original_message_id)
  if (!providerId) return null
  if (type === 'revoke') return { type: 'revoke', providerId }
  const edited = record(body.message)
  const content = record(edited[text(edited.type) ?? ''])
  const newBody = text(content.body) ?? text(content.caption)
  return newBody === undefined ? null : { type: 'edit', providerId, body: newBody }
}

function toMessage(message: JsonRecord, people: Person[]): InboundMessage | null {
  const providerId = text(message.id)
  const chat = authorOf(message, people)
  if (!providerId || !chat) return null
  const context = record(message.context)
  const quoted = text(context.id)
  const seconds = number(message.timestamp)
  return {
    type: 'message',
    providerId,
    fromMe: false,
    chat,
    sender: chat,
    timestamp: seconds === undefined ? new Date() : new Date(seconds * 1000),
    content: contentOf(message),
    // A reaction's context is its target; some payloads name the message itself as context.
    ...(quoted && quoted !== providerId && message.type !== 'reaction'
      ? { quotedProviderId: quoted }
      : {}),
    ...(context.forwarded === true || context.frequently_forwarded === true
      ? { isForwarded: true }
      : {}),
    raw: message,
  }
}

function toStatus(status: JsonRecord): InboundStatus | null {
  const providerId = text(status.id)
  const ack = ACKS[text(status.status) ?? '']
  if (!providerId || ack === undefined) return null
  const reference = text(status.biz_opaque_callback_data)
  const event: InboundStatus = {
    type: 'status',
    providerId,
    ack,
    ...(reference ? { reference } : {}),
  }
  if (ack !== 'failed') return event
  const [error] = records(status.errors)
  const reason = error
    ? [text(error.code), text(error.title) ?? text(error.message)].filter(Boolean).join(' ')
    : ''
  return { ...event, ...(reason ? { error: reason } : {}) }
}
