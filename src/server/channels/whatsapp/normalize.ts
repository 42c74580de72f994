import {
  extractMessageContent,
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  jidDecode,
  jidNormalizedUser,
  proto,
  type MessageUpsertType,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from 'baileys'
import type { ChatRef, InboundContent, InboundEvent, InboundMessage, InboundStatus } from '../types'
import { isRecord, longToNumber, revive, toPlain, type Json } from './serialize'

/**
 * What the session manager stores in the inbound intake for each Baileys event (one per
 * message, update or call), and what `normalize` reads back. `pn` maps LID JIDs the message
 * key did not resolve to the phone-number JIDs Baileys' LID store knew at arrival time.
 */
export type BaileysEnvelope =
  | {
      v: 1
      kind: 'message'
      upsert: MessageUpsertType
      message: Json
      pn?: Record<string, string>
      /** From a history import: stored without bots or live events. */
      imported?: true
    }
  | { v: 1; kind: 'update'; update: Json }
  | { v: 1; kind: 'call'; call: Json; pn?: Record<string, string> }

export const messageEnvelope = (
  message: WAMessage,
  upsert: MessageUpsertType,
  pn: Record<string, string> = {},
  imported = false,
): BaileysEnvelope => ({
  v: 1,
  kind: 'message',
  upsert,
  message: toPlain(message) ?? null,
  ...(Object.keys(pn).length > 0 ? { pn } : {}),
  ...(imported ? { imported: true as const } : {}),
})

export const updateEnvelope = (update: WAMessageUpdate): BaileysEnvelope => ({
  v: 1,
  kind: 'update',
  update: toPlain(update) ?? null,
})

export const callEnvelope = (
  call: WACallEvent,
  pn: Record<string, string> = {},
): BaileysEnvelope => ({
  v: 1,
  kind: 'call',
  call: toPlain(call) ?? null,
  ...(Object.keys(pn).length > 0 ? { pn } : {}),
})

export interface NormalizeContext {
  /** The connection's own number (digits), to ignore our own alternate JID on echoes. */
  selfNumber: string
  /** Group messages are dropped when the connection does not take groups. */
  allowGroup: boolean
}

const { Type: ProtocolType } = proto.Message.ProtocolMessage
const { Status } = proto.WebMessageInfo

/** Chats we never turn into tickets: status updates, broadcast lists, channels. */
export const isIgnoredChat = (jid: string): boolean =>
  isJidStatusBroadcast(jid) || Boolean(isJidBroadcast(jid)) || Boolean(isJidNewsletter(jid))

/**
 * Whether an upserted message can produce an inbound event at all, so the session manager does
 * not store history-sync notifications, key shares, decryption stubs and the like.
 */
export function isRelevantUpsert(message: WAMessage): boolean {
  const jid = message.key.remoteJid
  if (!jid || !message.key.id || isIgnoredChat(jid)) return false
  const content = extractMessageContent(message.message)
  if (!content || !getContentType(content)) return false
  const protocol = content.protocolMessage
  if (protocol)
    return protocol.type === ProtocolType.REVOKE || protocol.type === ProtocolType.MESSAGE_EDIT
  return true
}

/** Baileys' delivery states → our acks (1 sent, 2 delivered, 3 read, 5 played); PENDING → none. */
export function ackFromStatus(status: unknown): InboundStatus['ack'] | null {
  const value =
    typeof status === 'string'
      ? (Status[status as keyof typeof Status] as number | undefined)
      : status
  switch (value) {
    case Status.ERROR:
      return 'failed'
    case Status.SERVER_ACK:
      return 1
    case Status.DELIVERY_ACK:
      return 2
    case Status.READ:
      return 3
    case Status.PLAYED:
      return 5
    default:
      return null
  }
}

/** Turns one stored envelope into inbound events; anything unreadable yields none. */
export function normalizeBaileysPayload(
  payload: unknown,
  context: NormalizeContext,
): InboundEvent[] {
  if (!isRecord(payload) || payload.v !== 1) return []
  const pn = isRecord(payload.pn) ? (payload.pn as Record<string, string>) : {}
  switch (payload.kind) {
    case 'message':
      return normalizeMessage(payload.message, pn, context, payload.imported === true)
    case 'update':
      return normalizeUpdate(payload.update)
    case 'call':
      return normalizeCall(payload.call, pn)
    default:
      return []
  }
}

function normalizeMessage(
  stored: unknown,
  pn: Record<string, string>,
  context: NormalizeContext,
  imported: boolean,
): InboundEvent[] {
  const revived = revive(stored)
  if (!isRecord(revived) || !isRecord(revived.key)) return []
  const message = revived as unknown as WAMessage
  const { key } = message
  const remoteJid = key.remoteJid
  const providerId = key.id
  if (!remoteJid || !providerId || isIgnoredChat(remoteJid)) return []
  const isGroup = Boolean(isJidGroup(remoteJid))
  if (isGroup && !context.allowGroup) return []

  const content = extractMessageContent(message.message)
  const type = content ? getContentType(content) : undefined
  if (!content || !type) return []

  const protocol = content.protocolMessage
  if (protocol) {
    // Old edits and deletions are already folded into the history the phone sends.
    if (imported) return []
    const target = protocol.key?.id
    if (!target) return []
    if (protocol.type === ProtocolType.REVOKE) return [{ type: 'revoke', providerId: target }]
    if (protocol.type === ProtocolType.MESSAGE_EDIT) {
      return [{ type: 'edit', providerId: target, body: textOf(protocol.editedMessage) }]
    }
    return []
  }

  const fromMe = Boolean(key.fromMe)
  const pushName = !fromMe && message.pushName ? message.pushName : undefined
  const { chat, sender } = refsOf(key, fromMe, isGroup, pushName, pn, context.selfNumber)
  const node = content[type]
  const contextInfo = isRecord(node)
    ? (node as { contextInfo?: proto.IContextInfo | null }).contextInfo
    : null
  const seconds = timestampSeconds(message.messageTimestamp)

  const event: InboundMessage = {
    type: 'message',
    providerId,
    fromMe,
    chat,
    ...(sender ? { sender } : {}),
    timestamp: seconds > 0 ? new Date(seconds * 1000) : new Date(),
    content: contentOf(content, type, message),
    raw: stored,
  }
  if (contextInfo?.stanzaId) event.quotedProviderId = contextInfo.stanzaId
  if (contextInfo?.isForwarded || (contextInfo?.forwardingScore ?? 0) > 0) event.isForwarded = true
  if (imported) event.imported = true
  return [event]
}

function refsOf(
  key: WAMessageKey,
  fromMe: boolean,
  isGroup: boolean,
  pushName: string | undefined,
  pn: Record<string, string>,
  selfNumber: string,
): { chat: ChatRef; sender?: ChatRef } {
  const remoteJid = key.remoteJid ?? ''
  if (isGroup) {
    const chat: ChatRef = {
      id: jidDecode(remoteJid)?.user ?? remoteJid,
      isGroup: true,
      jid: remoteJid,
    }
    if (fromMe || !key.participant) return { chat }
    return { chat, sender: personRef(key.participant, key.participantAlt, pn, pushName) }
  }
  // On our own messages the key's alternate JID is ours, not the contact's.
  const alt =
    key.remoteJidAlt && jidDecode(key.remoteJidAlt)?.user !== selfNumber
      ? key.remoteJidAlt
      : undefined
  const chat = personRef(remoteJid, alt, pn, pushName)
  return fromMe ? { chat } : { chat, sender: chat }
}

const LID_SERVERS = new Set(['lid', 'hosted.lid'])
const isLid = (jid: string | null | undefined): jid is string =>
  !!jid && LID_SERVERS.has(jidDecode(jid)?.server ?? '')
const isPhone = (jid: string | null | undefined): jid is string =>
  !!jid && !!jidDecode(jid) && !isLid(jid)

/**
 * A person by phone number whenever we can tell it (Baileys 7 addresses many chats by LID): the
 * key's alternate JID first, then what the LID store knew when the event arrived. An LID nobody
 * resolved stays the id, so the message is not lost; `lid` keeps it for a later merge.
 */
export function personRef(
  jid: string,
  alt: string | null | undefined,
  pn: Record<string, string>,
  name?: string,
): ChatRef {
  const named = name ? { name } : {}
  if (isLid(jid)) {
    const lid = jidNormalizedUser(jid)
    const phone = [alt, pn[lid], pn[jid]].find(isPhone)
    const target = phone ? jidNormalizedUser(phone) : lid
    return { id: jidDecode(target)?.user ?? target, isGroup: false, jid: target, lid, ...named }
  }
  const phone = jidNormalizedUser(jid) || jid
  const lid = isLid(alt) ? { lid: jidNormalizedUser(alt) } : {}
  return { id: jidDecode(phone)?.user ?? phone, isGroup: false, jid: phone, ...lid, ...named }
}

export function timestampSeconds(value: WAMessage['messageTimestamp']): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string') return Number(value) || 0
  if (value && typeof value === 'object') return longToNumber(value)
  return 0
}

const toNumber = (
  value: number | { low: number; high: number; unsigned: boolean } | null | undefined,
) =>
  value === null || value === undefined
    ? undefined
    : typeof value === 'number'
      ? value
      : longToNumber(value)

/** The text of a message body (for edits): text, or the caption of a media message. */
function textOf(message: proto.IMessage | null | undefined): string {
  const content = extractMessageContent(message)
  return (
    content?.conversation ??
    content?.extendedTextMessage?.text ??
    content?.imageMessage?.caption ??
    content?.videoMessage?.caption ??
    content?.documentMessage?.caption ??
    ''
  )
}

type MediaType =
  | 'imageMessage'
  | 'videoMessage'
  | 'ptvMessage'
  | 'audioMessage'
  | 'documentMessage'
  | 'stickerMessage'

const MEDIA: Record<
  MediaType,
  { kind: 'image' | 'audio' | 'video' | 'application' | 'sticker'; mime: string }
> = {
  imageMessage: { kind: 'image', mime: 'image/jpeg' },
  videoMessage: { kind: 'video', mime: 'video/mp4' },
  ptvMessage: { kind: 'video', mime: 'video/mp4' },
  audioMessage: { kind: 'audio', mime: 'audio/ogg; codecs=opus' },
  documentMessage: { kind: 'application', mime: 'application/octet-stream' },
  stickerMessage: { kind: 'sticker', mime: 'image/webp' },
}

const isMediaType = (type: string): type is MediaType => type in MEDIA

/** Reference §9 "Body extraction": one content per provider message type. */
function contentOf(
  content: proto.IMessage,
  type: keyof proto.IMessage,
  message: WAMessage,
): InboundContent {
  if (isMediaType(type)) return mediaOf(content, type, message)
  switch (type) {
    case 'conversation':
      return { kind: 'text', body: content.conversation ?? '' }
    case 'extendedTextMessage': {
      const text = content.extendedTextMessage?.text ?? ''
      const ad = content.extendedTextMessage?.contextInfo?.externalAdReply
      if (!ad) return { kind: 'text', body: text }
      // An ad that opened the chat: what the contact saw, then what he wrote.
      return {
        kind: 'ad',
        ad: {
          title: ad.title ?? '',
          body: ad.body ?? '',
          ...(ad.sourceUrl ? { sourceUrl: ad.sourceUrl } : {}),
          ...(ad.thumbnailUrl ? { imageUrl: ad.thumbnailUrl } : {}),
        },
        text,
      }
    }
    case 'locationMessage': {
      const location = content.locationMessage
      return {
        kind: 'location',
        latitude: location?.degreesLatitude ?? 0,
        longitude: location?.degreesLongitude ?? 0,
        ...(location?.name ? { name: location.name } : {}),
        ...(location?.address ? { address: location.address } : {}),
      }
    }
    case 'liveLocationMessage': {
      const location = content.liveLocationMessage
      return {
        kind: 'location',
        latitude: location?.degreesLatitude ?? 0,
        longitude: location?.degreesLongitude ?? 0,
        ...(location?.caption ? { name: location.caption } : {}),
      }
    }
    case 'contactMessage': {
      const card = content.contactMessage
      return { kind: 'contacts', vcards: [card?.vcard ?? ''], names: [card?.displayName ?? ''] }
    }
    case 'contactsArrayMessage': {
      const cards = content.contactsArrayMessage?.contacts ?? []
      return {
        kind: 'contacts',
        vcards: cards.map((card) => card.vcard ?? ''),
        names: cards.map((card) => card.displayName ?? ''),
      }
    }
    case 'reactionMessage': {
      const reaction = content.reactionMessage
      const target = reaction?.key?.id
      if (!target) return { kind: 'unsupported', type }
      return { kind: 'reaction', targetProviderId: target, emoji: reaction.text ?? '' }
    }
    case 'buttonsResponseMessage': {
      const reply = content.buttonsResponseMessage
      return replyOf(reply?.selectedDisplayText, reply?.selectedButtonId)
    }
    case 'listResponseMessage': {
      const reply = content.listResponseMessage
      return replyOf(reply?.title, reply?.singleSelectReply?.selectedRowId)
    }
    case 'templateButtonReplyMessage': {
      const reply = content.templateButtonReplyMessage
      return replyOf(reply?.selectedDisplayText, reply?.selectedId)
    }
    case 'interactiveResponseMessage': {
      const reply = content.interactiveResponseMessage
      return replyOf(reply?.body?.text, idFromParams(reply?.nativeFlowResponseMessage?.paramsJson))
    }
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3': {
      const poll = content[type]
      const options = (poll?.options ?? []).map((option) => `- ${option.optionName ?? ''}`)
      return { kind: 'text', body: ['*Enquete*', poll?.name ?? '', ...options].join('\n') }
    }
    case 'eventMessage': {
      const event = content.eventMessage
      return { kind: 'text', body: [event?.name, event?.description].filter(Boolean).join('\n') }
    }
    case 'interactiveMessage': {
      const interactive = content.interactiveMessage
      return { kind: 'text', body: interactive?.body?.text ?? interactive?.header?.title ?? '' }
    }
    case 'highlyStructuredMessage': {
      const template = content.highlyStructuredMessage?.hydratedHsm?.hydratedTemplate
      return { kind: 'text', body: template?.hydratedContentText ?? '' }
    }
    default:
      return { kind: 'unsupported', type }
  }
}

function replyOf(title: string | null | undefined, id: string | null | undefined): InboundContent {
  return { kind: 'reply', body: title || id || '', ...(id ? { id } : {}) }
}

function idFromParams(params: string | null | undefined): string | undefined {
  if (!params) return undefined
  try {
    const parsed: unknown = JSON.parse(params)
    return isRecord(parsed) && typeof parsed.id === 'string' ? parsed.id : undefined
  } catch {
    return undefined
  }
}

function mediaOf(content: proto.IMessage, type: MediaType, message: WAMessage): InboundContent {
  const node = content[type] ?? {}
  const spec = MEDIA[type]
  const caption = 'caption' in node && typeof node.caption === 'string' ? node.caption : ''
  const fileName =
    'fileName' in node && typeof node.fileName === 'string' ? node.fileName : undefined
  const size = toNumber(node.fileLength)
  // Video notes download as videos: Baileys has no media keys for a `ptv` type.
  const refType = type === 'ptvMessage' ? 'videoMessage' : type
  return {
    kind: 'media',
    mediaKind: spec.kind,
    caption,
    ...(fileName ? { fileName } : {}),
    mime: node.mimetype || spec.mime,
    ...(size !== undefined ? { size } : {}),
    ref: {
      v: 1,
      message: toPlain({
        key: message.key,
        message: { [refType]: node },
        messageTimestamp: message.messageTimestamp,
      }),
    },
  }
}

function normalizeUpdate(stored: unknown): InboundEvent[] {
  const revived = revive(stored)
  if (!isRecord(revived) || !isRecord(revived.key) || !isRecord(revived.update)) return []
  const { key, update } = revived as unknown as WAMessageUpdate
  // Receipts for messages we received (read on another device) are not delivery reports.
  if (!key.id || !key.fromMe || (key.remoteJid && isIgnoredChat(key.remoteJid))) return []
  if (update.status === undefined || update.status === null) return []
  const ack = ackFromStatus(update.status)
  if (ack === null) return []
  const event: InboundStatus = { type: 'status', providerId: key.id, ack }
  if (ack === 'failed') {
    const reason: unknown = Array.isArray(update.messageStubParameters)
      ? (update.messageStubParameters as unknown[])[0]
      : undefined
    event.error =
      typeof reason === 'string' || typeof reason === 'number' ? String(reason) : 'error'
  }
  return [event]
}

function normalizeCall(stored: unknown, pn: Record<string, string>): InboundEvent[] {
  if (!isRecord(stored)) return []
  const call = stored as Partial<Record<keyof WACallEvent, unknown>>
  if (call.status !== 'offer' || call.isGroup === true) return []
  if (typeof call.id !== 'string' || typeof call.from !== 'string') return []
  const alt = typeof call.callerPn === 'string' ? call.callerPn : undefined
  const chat = personRef(call.from, alt, pn)
  const date = typeof call.date === 'string' ? new Date(call.date) : new Date()
  return [
    {
      type: 'message',
      providerId: call.id,
      fromMe: false,
      chat,
      sender: chat,
      timestamp: Number.isNaN(date.getTime()) ? new Date() : date,
      content: { kind: 'call', video: call.isVideo === true },
      raw: stored,
    },
  ]
}
