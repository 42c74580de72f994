import { Type, type Static } from '@sinclair/typebox'
import { Id, Timestamp } from './common'
import { QueueRef, TicketDto, UserRef } from './tickets'

/** 000 §3 Message mediaType, plus the text kinds the providers report. */
export const MEDIA_TYPES = [
  'conversation',
  'extendedTextMessage',
  'image',
  'audio',
  'video',
  'application',
  'text',
  'call_log',
  'reactionMessage',
  'locationMessage',
  'contactMessage',
  'template',
  'adMetaPreview',
] as const
export type MediaType = (typeof MEDIA_TYPES)[number]

export const SEND_STATUSES = ['queued', 'sent', 'failed'] as const
export const SendStatus = Type.Union(SEND_STATUSES.map((status) => Type.Literal(status)))

/** 000 §4 Message states: 0 clock, 1 sent, 2 delivered, 3 and 4 read, 5 played. */
export const ACK = { pending: 0, sent: 1, delivered: 2, read: 3, played: 5 } as const
export const MESSAGE_EDIT_WINDOW_MS = 900_000
export const MESSAGE_PAGE_SIZE = 20

export const Reaction = Type.Object({
  type: Type.String(),
  userId: Type.Union([Id, Type.Null()]),
})

const QuotedMessage = Type.Object({
  id: Id,
  body: Type.String(),
  fromMe: Type.Boolean(),
  mediaType: Type.String(),
  mediaUrl: Type.String(),
  isDeleted: Type.Boolean(),
  contact: Type.Union([UserRef, Type.Null()]),
})

/**
 * A message as GET /messages and `company-{id}-appMessage` carry it (000 §3 Message, reference
 * §9 message row). `mediaUrl` is a signed, expiring URL of our stored copy; `user` is the
 * attendant who wrote an outgoing message; `sendStatus`/`sendError` tell a failed send.
 */
export const MessageDto = Type.Object({
  id: Id,
  ticketId: Id,
  body: Type.String(),
  fromMe: Type.Boolean(),
  isPrivate: Type.Boolean(),
  isDeleted: Type.Boolean(),
  isEdited: Type.Boolean(),
  isForwarded: Type.Boolean(),
  mediaType: Type.String(),
  mediaUrl: Type.String(),
  mediaName: Type.Union([Type.String(), Type.Null()]),
  ack: Type.Integer({ minimum: 0, maximum: 5 }),
  read: Type.Boolean(),
  contactId: Type.Union([Id, Type.Null()]),
  contact: Type.Union([UserRef, Type.Null()]),
  user: Type.Union([UserRef, Type.Null()]),
  quotedMsg: Type.Union([QuotedMessage, Type.Null()]),
  reactions: Type.Array(Reaction),
  sendStatus: Type.Union([SendStatus, Type.Null()]),
  /** The catalogue code of the last failed try; kept while a queued message is retried. */
  sendError: Type.Union([Type.String(), Type.Null()]),
  /** Tries made in the current round (a resend starts a new round at 0). */
  sendAttempts: Type.Integer({ minimum: 0 }),
  /** When a queued message that failed is tried again; null otherwise. */
  nextAttemptAt: Type.Union([Timestamp, Type.Null()]),
  /** Kept once transcribed (received audio only). */
  transcription: Type.Union([Type.String(), Type.Null()]),
  /** The ticket the message belongs to: draws the ticket-change separators of the history. */
  ticket: Type.Object({
    id: Id,
    uuid: Type.String(),
    whatsappId: Type.Union([Id, Type.Null()]),
    queueId: Type.Union([Id, Type.Null()]),
    queue: Type.Union([QueueRef, Type.Null()]),
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type MessageDto = Static<typeof MessageDto>

/** GET /messages/{ticketId}: pages go back in time; each page is oldest first. */
export const ListMessagesQuery = Type.Object({
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  /** Keyset cursor from the previous page's `nextCursor`. */
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
  selectedQueues: Type.Optional(Type.String({ maxLength: 4000, pattern: '^\\[[0-9,\\s]*\\]$' })),
})
export const MessageList = Type.Object({
  messages: Type.Array(MessageDto),
  ticket: TicketDto,
  count: Type.Integer(),
  hasMore: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})
export type MessageList = Static<typeof MessageList>

const TrueFalse = Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')])

/** POST /messages/{ticketId} as JSON (000 §7 Messages). */
export const SendMessageBody = Type.Object({
  body: Type.Optional(Type.String({ maxLength: 65_536 })),
  fromMe: Type.Optional(TrueFalse),
  read: Type.Optional(TrueFalse),
  mediaUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  quotedMsg: Type.Optional(Type.Union([Type.Object({ id: Id }), Type.Null()])),
  isPrivate: Type.Optional(TrueFalse),
  vCard: Type.Optional(
    Type.Union([
      Type.Object({
        name: Type.String({ minLength: 1, maxLength: 250 }),
        number: Type.String({ minLength: 3, maxLength: 50 }),
      }),
      Type.Null(),
    ]),
  ),
  /** Set by our client so a retried request is stored once. */
  idempotencyKey: Type.Optional(Type.String({ minLength: 8, maxLength: 100 })),
})
export type SendMessageBody = Static<typeof SendMessageBody>

export const EditMessageBody = Type.Object({
  body: Type.String({ minLength: 1, maxLength: 65_536 }),
})
export const ReactBody = Type.Object({ type: Type.String({ minLength: 0, maxLength: 32 }) })
export const ForwardMessageBody = Type.Object({
  messageId: Id,
  contactId: Id,
  signMessage: Type.Optional(Type.Boolean()),
})
export const MessagesAllMeQuery = Type.Object({
  fromMe: Type.Optional(TrueFalse),
  dateStart: Type.Optional(Type.String({ format: 'date' })),
  dateEnd: Type.Optional(Type.String({ format: 'date' })),
})
export const MessagesAllMeResult = Type.Object({
  count: Type.Array(Type.Object({ count: Type.String() })),
})
export const TranscriptionResult = Type.Object({ transcribedText: Type.String() })
