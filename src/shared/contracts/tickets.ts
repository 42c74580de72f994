import { Type, type Static } from '@sinclair/typebox'
import { Id, Timestamp } from './common'
import { Channel, ConnectionStatus } from './connections'
import { ContactDto, TagRef } from './contacts'

export const TICKET_STATUSES = ['pending', 'open', 'closed', 'group', 'nps', 'lgpd'] as const
export const TicketStatus = Type.Union(TICKET_STATUSES.map((status) => Type.Literal(status)))
export type TicketStatus = Static<typeof TicketStatus>

/** The views of GET /tickets: a status, or `search` across them (reference §8.1). */
export const TICKET_LIST_STATUSES = ['open', 'pending', 'closed', 'group', 'search'] as const

export const QueueRef = Type.Object({ id: Id, name: Type.String(), color: Type.String() })
export type QueueRef = Static<typeof QueueRef>
export const UserRef = Type.Object({ id: Id, name: Type.String() })
export type UserRef = Static<typeof UserRef>

/**
 * A ticket as the lists, GET /tickets/u/{uuid} and the `company-{id}-ticket` event carry it
 * (000 §3 Ticket, reference §8 list row). One shape everywhere.
 */
export const TicketDto = Type.Object({
  id: Id,
  uuid: Type.String({ format: 'uuid' }),
  status: TicketStatus,
  channel: Channel,
  contactId: Id,
  contact: ContactDto,
  whatsappId: Type.Union([Id, Type.Null()]),
  whatsapp: Type.Union([
    Type.Object({
      id: Id,
      name: Type.String(),
      channel: Channel,
      status: ConnectionStatus,
      groupAsTicket: Type.Union([Type.Literal('disabled'), Type.Literal('enabled')]),
    }),
    Type.Null(),
  ]),
  userId: Type.Union([Id, Type.Null()]),
  user: Type.Union([UserRef, Type.Null()]),
  queueId: Type.Union([Id, Type.Null()]),
  queue: Type.Union([QueueRef, Type.Null()]),
  tags: Type.Array(TagRef),
  isGroup: Type.Boolean(),
  isBot: Type.Boolean(),
  useIntegration: Type.Boolean(),
  unreadMessages: Type.Integer({ minimum: 0 }),
  lastMessage: Type.String(),
  /** When the contact last wrote: the Facebook 24-hour notice counts from here. */
  lastInboundAt: Type.Union([Timestamp, Type.Null()]),
  /** The latest rating of this ticket (1..5 draws a face). */
  userRating: Type.Union([Type.Object({ rate: Type.Integer() }), Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type TicketDto = Static<typeof TicketDto>

/** A JSON-encoded list of ids in a query string, as the spec's client sends them: `[1,2]`. */
export const JsonIdList = Type.String({ maxLength: 4000, pattern: '^\\[[0-9,\\s]*\\]$' })
/** A JSON-encoded list of ticket statuses: `["open","closed"]`. */
export const JsonStatusList = Type.String({ maxLength: 200, pattern: '^\\[[a-z",\\s]*\\]$' })
const BooleanText = Type.Union([Type.Literal('true'), Type.Literal('false')])
const DateText = Type.String({ format: 'date' })

/** GET /tickets (000 §7 Tickets, reference §8.1). */
export const ListTicketsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  /** Keyset cursor from the previous page's `nextCursor`: faster than pageNumber at depth. */
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Union(TICKET_LIST_STATUSES.map((status) => Type.Literal(status)))),
  showAll: Type.Optional(BooleanText),
  queueIds: Type.Optional(JsonIdList),
  tags: Type.Optional(JsonIdList),
  users: Type.Optional(JsonIdList),
  whatsapps: Type.Optional(JsonIdList),
  statusFilter: Type.Optional(JsonStatusList),
  withUnreadMessages: Type.Optional(BooleanText),
  searchOnMessages: Type.Optional(BooleanText),
  sortTickets: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  date: Type.Optional(DateText),
  dateStart: Type.Optional(DateText),
  dateEnd: Type.Optional(DateText),
  updatedAt: Type.Optional(DateText),
  isGroup: Type.Optional(BooleanText),
})
export type ListTicketsQuery = Static<typeof ListTicketsQuery>

export const TicketList = Type.Object({
  tickets: Type.Array(TicketDto),
  /**
   * Matching tickets, counted up to TICKET_COUNT_CAP where a count is shown (the open view's
   * tabs and the bell; the badge shows "N+" at the cap), and up to TICKET_UNBADGED_COUNT_CAP
   * for the views that show none (closed, search).
   */
  count: Type.Integer(),
  hasMore: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})
export type TicketList = Static<typeof TicketList>
export const TICKET_COUNT_CAP = 1_000
export const TICKET_UNBADGED_COUNT_CAP = 100
export const TICKET_PAGE_SIZE = 40

/** POST /tickets. The company comes from the token; a companyId in the body is ignored. */
export const CreateTicketBody = Type.Object({
  contactId: Id,
  queueId: Type.Optional(Type.Union([Id, Type.Null()])),
  userId: Type.Optional(Type.Union([Id, Type.Null()])),
  whatsappId: Type.Optional(Type.Union([Id, Type.Null()])),
  status: Type.Optional(TicketStatus),
  companyId: Type.Optional(Type.Integer()),
})
export type CreateTicketBody = Static<typeof CreateTicketBody>

/**
 * The `error` of a 409 from POST /tickets (and forward): a JSON string of the contact's active
 * ticket, so the client can open it or say who holds it (000 §4).
 */
export interface TicketConflict {
  userId: number | null
  user: UserRef | null
  queue: QueueRef | null
  uuid: string
  status: TicketStatus
}

/** PUT /tickets/{id}: one transition of 000 §4 (reference §8.3). */
export const UpdateTicketBody = Type.Object({
  status: Type.Optional(TicketStatus),
  userId: Type.Optional(Type.Union([Id, Type.Null()])),
  queueId: Type.Optional(Type.Union([Id, Type.Null()])),
  msgTransfer: Type.Optional(Type.String({ maxLength: 4096 })),
  isTransfered: Type.Optional(Type.Boolean()),
  sendFarewellMessage: Type.Optional(Type.Boolean()),
  amountUsedBotQueues: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  useIntegration: Type.Optional(Type.Boolean()),
  unreadMessages: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
})
export type UpdateTicketBody = Static<typeof UpdateTicketBody>

export const CloseAllTicketsBody = Type.Object({
  status: Type.Union([Type.Literal('open'), Type.Literal('pending')]),
  selectedQueueIds: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
})
export const CloseAllTicketsResult = Type.Object({ count: Type.Integer() })
/** GET /tickets/closeAll: how many tickets the same POST would close, asked before confirming. */
export const CloseAllTicketsQuery = Type.Object({
  status: CloseAllTicketsBody.properties.status,
  selectedQueueIds: Type.Optional(JsonIdList),
})

export const UuidParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) })

export const TICKET_LOG_TYPES = [
  'create',
  'lgpd',
  'access',
  'chatBot',
  'queue',
  'open',
  'reopen',
  'pending',
  'transfered',
  'receivedTransfer',
  'nps',
  'closed',
  'autoClose',
  'redirect',
  /** An integration or AI prompt failed; `detail` says which and how (reference §6). */
  'integrationError',
  /** The integration or AI prompt handed the conversation to humans. */
  'integrationHandoff',
] as const
export const TicketLogDto = Type.Object({
  id: Id,
  type: Type.Union(TICKET_LOG_TYPES.map((type) => Type.Literal(type))),
  createdAt: Timestamp,
  user: Type.Union([UserRef, Type.Null()]),
  queue: Type.Union([QueueRef, Type.Null()]),
  /** What happened, in words, for the types whose name alone does not say it. */
  detail: Type.Union([Type.String(), Type.Null()]),
})
export type TicketLogDto = Static<typeof TicketLogDto>
