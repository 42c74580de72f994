import type { ConnectionRow } from '../modules/connections/connections.table'

/**
 * The one shape every provider event takes before the inbound pipeline sees it
 * (ARCHITECTURE §3 "Inbound pipeline"). Drivers turn stored raw events into these at
 * processing time, so a raw event can be processed again after a crash.
 */
export type InboundEvent =
  InboundMessage | InboundStatus | InboundWatermark | InboundEdit | InboundRevoke

/** Who or what a message belongs to: a phone number, a group id or a page-scoped user id. */
export interface ChatRef {
  /** Contact number (digits), WhatsApp group id (`…@g.us` without the suffix), or PSID/IGSID. */
  id: string
  isGroup: boolean
  /** Group subject, or the contact's profile name. */
  name?: string
  /** The WhatsApp JID to answer to, when the channel has them. */
  jid?: string
  /**
   * An id WhatsApp knows this person by without his phone number, kept on the contact: a LID
   * (Baileys 7) or a business-scoped user id (Cloud API, `US.1349…`). Equal to `id` when that is
   * all we know; then the contact it was seen on before is the one.
   */
  lid?: string
}

/** The ad a conversation started from ("click to WhatsApp"), as the contact saw it. */
export interface AdReferral {
  title: string
  body: string
  sourceUrl?: string
  imageUrl?: string
}

/** Where to fetch a media file from: meaningful only to the driver that produced it. */
export type MediaRef = Record<string, unknown>

export type InboundContent =
  | { kind: 'text'; body: string }
  | {
      kind: 'media'
      /** image, audio, video, application (documents) or sticker. */
      mediaKind: 'image' | 'audio' | 'video' | 'application' | 'sticker'
      caption: string
      fileName?: string
      mime?: string
      /** Bytes, when the provider says so before download (downloadLimit is checked first). */
      size?: number
      ref: MediaRef
    }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { kind: 'contacts'; vcards: string[]; names: string[] }
  | { kind: 'reaction'; targetProviderId: string; emoji: string }
  /** A button/list/template reply: the chosen title (or id). */
  | { kind: 'reply'; body: string; id?: string }
  | { kind: 'call'; video: boolean }
  /** A message sent from an ad: the ad, then what the contact wrote. */
  | { kind: 'ad'; ad: AdReferral; text: string }
  /** A kind not drawn yet, by the provider's name; `detail` is what can be read of it. */
  | { kind: 'unsupported'; type: string; detail?: string }

export interface InboundMessage {
  type: 'message'
  providerId: string
  /** Sent from the company's side: through us (an echo) or typed on the phone. */
  fromMe: boolean
  /** The conversation: the contact, or the group. */
  chat: ChatRef
  /** Who wrote it: equals `chat` in 1:1 chats, the participant in groups; absent when fromMe. */
  sender?: ChatRef
  timestamp: Date
  content: InboundContent
  quotedProviderId?: string
  isForwarded?: boolean
  /** Part of a history import: no bots, no live events. */
  imported?: boolean
  /** The provider's own message, kept to quote, react and send receipts later. */
  raw: unknown
}

/** A delivery report for one of our messages; a `failed` one carries the provider's reason. */
export interface InboundStatus {
  type: 'status'
  providerId: string
  ack: 1 | 2 | 3 | 4 | 5 | 'failed'
  error?: string
  /** The `reference` the message was sent with, when the provider returns it. */
  reference?: string
}

/**
 * A delivery report that names no message: every message of ours in the chat sent at or before
 * `upTo` reached `ack` (Messenger's `watermark`).
 */
export interface InboundWatermark {
  type: 'watermark'
  chat: ChatRef
  ack: 2 | 3
  upTo: Date
}

export interface InboundEdit {
  type: 'edit'
  providerId: string
  body: string
}

/** Deleted for everyone by the contact. */
export interface InboundRevoke {
  type: 'revoke'
  providerId: string
}

export interface DownloadedMedia {
  data: Buffer
  mime: string
  fileName?: string
}

/** A connection row with its sealed credentials opened, for drivers only. */
export interface DriverConnection {
  row: ConnectionRow
  secrets: {
    wabaAccessToken?: string
    wabaAppSecret?: string
    wabaVerifyToken?: string
    facebookPageToken?: string
    facebookUserToken?: string
  }
}

/** What the ordered sender hands a driver. */
export interface OutgoingMessage {
  /** The contact or group to send to. */
  to: ChatRef
  body: string
  media?: {
    path: string
    mime: string
    fileName: string
    kind: 'image' | 'audio' | 'video' | 'application'
  }
  /** A contact card (vCard 3.0 text). */
  vcard?: { name: string; number: string }
  /** The quoted message: its provider id and the provider's own message, when we have it. */
  quoted?: { providerId: string; fromMe: boolean; raw: unknown }
  isForwarded?: boolean
  /**
   * A Cloud API template to send instead of the body (which holds its text as the contact
   * reads it): outside the 24-hour window free text is refused. Other channels send the body.
   */
  template?: { name: string; language: string; params: string[] }
  /**
   * Our own name for the message, which a provider that can (the Cloud API's
   * `biz_opaque_callback_data`) returns with its delivery reports: a send whose answer was lost
   * is then recognised instead of sent again.
   */
  reference?: string
}

export interface SentMessage {
  providerId: string
  /** The provider's own message, when it returns one (Baileys), for later quotes and edits. */
  raw?: unknown
}

/** What a provider shows of a person: either may be missing. */
export interface ProviderProfile {
  name?: string
  pictureUrl?: string
}

/** A person the provider knows of: an address-book entry or a 1:1 chat. */
export interface ProviderContact {
  /** Phone number digits (E.164 without the plus). */
  number: string
  /** The saved name, else the profile name, else empty. */
  name: string
}

/**
 * One driver per provider behind one interface (ARCHITECTURE §3 "Channels"). Optional
 * operations are missing where a channel cannot do them; callers answer a distinct error code.
 * Drivers throw `ChannelError` with a catalogue code on provider failures.
 */
export interface ChannelDriver {
  /** Turns a stored raw event (webhook body, Baileys upsert) into normalised events. */
  normalize(connection: DriverConnection, payload: unknown): InboundEvent[]
  downloadMedia(connection: DriverConnection, ref: MediaRef): Promise<DownloadedMedia>
  send(connection: DriverConnection, message: OutgoingMessage): Promise<SentMessage>
  markRead?(connection: DriverConnection, chat: ChatRef, providerIds: string[]): Promise<void>
  react?(
    connection: DriverConnection,
    chat: ChatRef,
    target: { providerId: string; fromMe: boolean; raw: unknown },
    emoji: string,
  ): Promise<void>
  edit?(
    connection: DriverConnection,
    chat: ChatRef,
    target: { providerId: string; raw: unknown },
    body: string,
  ): Promise<void>
  revoke?(
    connection: DriverConnection,
    chat: ChatRef,
    target: { providerId: string; fromMe: boolean; raw: unknown },
  ): Promise<void>
  /** The contact's public name and picture at the provider (webhooks carry neither). */
  profile?(connection: DriverConnection, chat: ChatRef): Promise<ProviderProfile>
  /** The contact's current picture URL at the provider, or null when none is visible. */
  profilePicture?(connection: DriverConnection, chat: ChatRef): Promise<string | null>
  /** Blocks (or unblocks) the contact on the provider. */
  setBlocked?(connection: DriverConnection, chat: ChatRef, blocked: boolean): Promise<void>
  /** Whether the number has an account, with the provider's own spelling of it. */
  checkNumber?(
    connection: DriverConnection,
    number: string,
  ): Promise<{ exists: boolean; number: string }>
  /** The phone's address book, as far as the provider has shared it with this session. */
  addressBook?(connection: DriverConnection): Promise<ProviderContact[]>
  /** The 1:1 chats this session knows (history sync and live chats). */
  knownChats?(connection: DriverConnection): Promise<ProviderContact[]>
}

/** A provider failure with a stable code; `retryable` false stops the sender's retries. */
export class ChannelError extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
    message?: string,
  ) {
    super(message ?? code)
    this.name = 'ChannelError'
  }
}

/** Where drivers hand raw provider events: stored durably first, then processed in order. */
export interface InboundIntake {
  receive(
    connection: { companyId: number; id: number },
    source: 'cloudapi' | 'messenger' | 'baileys',
    payloads: unknown[],
  ): Promise<void>
}
