import { number, record, records, text, type JsonRecord } from '../graph/json'
import type {
  ChatRef,
  DriverConnection,
  InboundContent,
  InboundEvent,
  InboundMessage,
  InboundStatus,
} from '../types'

/** What `downloadMedia` needs to fetch a Cloud API media object later. */
export interface CloudApiMediaRef {
  [key: string]: unknown
  id: string
  mime?: string
  sha256?: string
  fileName?: string
}

const MEDIA_KINDS = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'application',
  sticker: 'sticker',
} as const

const ACKS: Record<string, InboundStatus['ack']> = {
  sent: 1,
  delivered: 2,
  read: 3,
  played: 5,
  failed: 'failed',
}

/**
 * A Cloud API webhook body (`object: whatsapp_business_account`) → normalised events: the
 * messages of `value.messages` (named after `value.contacts`) and the acks of `value.statuses`.
 * Changes for another phone number are skipped: the app's one callback carries every number of
 * the business account, and only this connection's belong to this company.
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

      const names = new Map<string, string>()
      for (const contact of records(value.contacts)) {
        const waId = text(contact.wa_id)
        const name = text(record(contact.profile).name)
        if (waId && name) names.set(waId, name)
      }
      for (const message of records(value.messages)) {
        const event = toMessage(message, names)
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

function toMessage(message: JsonRecord, names: Map<string, string>): InboundMessage | null {
  const providerId = text(message.id)
  const from = text(message.from)?.replace(/\D/g, '')
  if (!providerId || !from) return null
  const name = names.get(from)
  const chat: ChatRef = { id: from, isGroup: false, ...(name ? { name } : {}) }
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
    ...(quoted && message.type !== 'reaction' ? { quotedProviderId: quoted } : {}),
    ...(context.forwarded === true || context.frequently_forwarded === true
      ? { isForwarded: true }
      : {}),
    raw: message,
  }
}

function contentOf(message: JsonRecord): InboundContent {
  const type = text(message.type) ?? 'unknown'
  const body = record(message[type])
  switch (type) {
    case 'text':
      return { kind: 'text', body: text(body.body) ?? '' }
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
    case 'sticker': {
      const id = text(body.id)
      if (!id) return { kind: 'unsupported', type }
      const fileName = text(body.filename)
      const mime = text(body.mime_type)
      const sha256 = text(body.sha256)
      const ref: CloudApiMediaRef = {
        id,
        ...(mime ? { mime } : {}),
        ...(sha256 ? { sha256 } : {}),
        ...(fileName ? { fileName } : {}),
      }
      return {
        kind: 'media',
        mediaKind: MEDIA_KINDS[type],
        caption: text(body.caption) ?? '',
        ...(fileName ? { fileName } : {}),
        ...(mime ? { mime } : {}),
        ref,
      }
    }
    case 'location': {
      const latitude = number(body.latitude)
      const longitude = number(body.longitude)
      if (latitude === undefined || longitude === undefined) return { kind: 'unsupported', type }
      const name = text(body.name)
      const address = text(body.address)
      return {
        kind: 'location',
        latitude,
        longitude,
        ...(name ? { name } : {}),
        ...(address ? { address } : {}),
      }
    }
    case 'contacts': {
      const cards = records(message.contacts)
      return {
        kind: 'contacts',
        vcards: cards.map(vcardOf),
        names: cards.map((card) => text(record(card.name).formatted_name) ?? ''),
      }
    }
    case 'reaction':
      return {
        kind: 'reaction',
        targetProviderId: text(body.message_id) ?? '',
        // An absent emoji is the contact removing his reaction.
        emoji: text(body.emoji) ?? '',
      }
    case 'interactive': {
      const reply = record(body[text(body.type) ?? ''])
      const title = text(reply.title) ?? text(reply.id)
      if (!title) return { kind: 'unsupported', type }
      const id = text(reply.id)
      return { kind: 'reply', body: title, ...(id ? { id } : {}) }
    }
    case 'button': {
      const title = text(body.text) ?? text(body.payload)
      if (!title) return { kind: 'unsupported', type }
      const id = text(body.payload)
      return { kind: 'reply', body: title, ...(id ? { id } : {}) }
    }
    default:
      return { kind: 'unsupported', type }
  }
}

/** A Cloud API contact object → a vCard 3.0, the form contact cards are stored in. */
function vcardOf(card: JsonRecord): string {
  const name = record(card.name)
  const formatted =
    text(name.formatted_name) ??
    [text(name.first_name), text(name.last_name)].filter(Boolean).join(' ')
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${[name.last_name, name.first_name, name.middle_name, name.prefix, name.suffix]
      .map((part) => escapeVcard(text(part) ?? ''))
      .join(';')}`,
    `FN:${escapeVcard(formatted)}`,
  ]
  const company = text(record(card.org).company)
  if (company) lines.push(`ORG:${escapeVcard(company)}`)
  for (const phone of records(card.phones)) {
    const value = text(phone.phone)
    if (!value) continue
    const waId = vcardParameter(text(phone.wa_id))
    const type = vcardParameter(text(phone.type)) ?? 'CELL'
    lines.push(`TEL;type=${type}${waId ? `;waid=${waId}` : ''}:${escapeVcard(value)}`)
  }
  for (const email of records(card.emails)) {
    const value = text(email.email)
    if (value) lines.push(`EMAIL:${escapeVcard(value)}`)
  }
  lines.push('END:VCARD')
  return lines.join('\n')
}

/** A vCard value: a sender's text never starts a line of its own. */
const escapeVcard = (value: string) =>
  value.replace(/([\\;,])/g, '\\$1').replace(/\r\n|\r|\n/g, '\\n')

/** A vCard parameter (`type=CELL`, `waid=…`): letters, digits and dashes, nothing else. */
const vcardParameter = (value: string | undefined) =>
  value?.replace(/[^A-Za-z0-9-]/g, '') || undefined

function toStatus(status: JsonRecord): InboundStatus | null {
  const providerId = text(status.id)
  const ack = ACKS[text(status.status) ?? '']
  if (!providerId || ack === undefined) return null
  if (ack !== 'failed') return { type: 'status', providerId, ack }
  const [error] = records(status.errors)
  const reason = error
    ? [text(error.code), text(error.title) ?? text(error.message)].filter(Boolean).join(' ')
    : ''
  return { type: 'status', providerId, ack, ...(reason ? { error: reason } : {}) }
}
