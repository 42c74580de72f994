import { isRecord, number, record, records, text, type JsonRecord } from '../graph/json'
import type { AdReferral, InboundContent } from '../types'

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

/**
 * What a Cloud API message (`value.messages[]`) holds. A message sent from an ad keeps the ad
 * (`referral`) with the text or reply it came with; kinds we do not draw yet keep their name.
 */
export function contentOf(message: JsonRecord): InboundContent {
  const content = ownContentOf(message)
  const { referral } = message
  if (!isRecord(referral) || (content.kind !== 'text' && content.kind !== 'reply')) return content
  return { kind: 'ad', ad: adOf(referral), text: content.body }
}

function ownContentOf(message: JsonRecord): InboundContent {
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
      const kind = text(body.type) ?? ''
      const reply = record(body[kind])
      if (kind === 'nfm_reply') return flowReplyOf(reply)
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
    case 'order':
      return unsupported(type, orderLines(body))
    case 'system':
      return unsupported(type, [text(body.body)])
    default:
      return { kind: 'unsupported', type }
  }
}

const unsupported = (type: string, lines: (string | undefined)[]): InboundContent => {
  const detail = lines.filter(Boolean).join('\n')
  return { kind: 'unsupported', type, ...(detail ? { detail } : {}) }
}

/** An order from the catalogue: the contact's note, then one line per product. */
const orderLines = (order: JsonRecord) => [
  text(order.text),
  ...records(order.product_items).map((item) => {
    const price = [text(item.item_price), text(item.currency)].filter(Boolean).join(' ')
    const product = `${text(item.quantity) ?? '1'} × ${text(item.product_retailer_id) ?? ''}`
    return price ? `${product} (${price})` : product
  }),
]

/**
 * A WhatsApp Flow's answer: the fields of `response_json`, one per line. Flow Builder names
 * them `screen_<n>_<Label>_<n>`; the label alone is what the form showed. `flow_token` is ours.
 */
function flowReplyOf(reply: JsonRecord): InboundContent {
  let fields: unknown
  try {
    fields = JSON.parse(text(reply.response_json) ?? '')
  } catch {
    fields = undefined
  }
  const lines = Object.entries(record(fields))
    .filter(([name]) => name !== 'flow_token')
    .map(([name, value]) => {
      const label = name.replace(/^screen_\d+_/, '').replace(/_\d+$/, '')
      const shown = typeof value === 'string' ? value : JSON.stringify(value)
      return `${label}: ${shown}`
    })
  const body = lines.join('\n') || text(reply.body)
  return body ? { kind: 'reply', body } : { kind: 'unsupported', type: 'interactive' }
}

/** A click-to-WhatsApp `referral`: the thumbnail stands for a video ad's picture. */
function adOf(referral: JsonRecord): AdReferral {
  const sourceUrl = text(referral.source_url)
  const imageUrl = text(referral.thumbnail_url) ?? text(referral.image_url)
  return {
    title: text(referral.headline) ?? '',
    body: text(referral.body) ?? '',
    ...(sourceUrl ? { sourceUrl } : {}),
    ...(imageUrl ? { imageUrl } : {}),
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
