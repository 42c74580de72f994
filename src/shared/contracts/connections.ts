import { Type, type Static } from '@sinclair/typebox'
import { Id, Timestamp } from './common'

export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const
export const Channel = Type.Union(CHANNELS.map((channel) => Type.Literal(channel)))
export type Channel = Static<typeof Channel>

/** 001 §4: the statuses a connection goes through. */
export const CONNECTION_STATUSES = [
  'OPENING',
  'qrcode',
  'PAIRING',
  'CONNECTED',
  'TIMEOUT',
  'DISCONNECTED',
] as const
export const ConnectionStatus = Type.Union(
  CONNECTION_STATUSES.map((status) => Type.Literal(status)),
)
export type ConnectionStatus = Static<typeof ConnectionStatus>

/** Statuses that put the attention badge on the Connections menu entry (000 §2 Shell). */
export const ATTENTION_STATUSES: readonly ConnectionStatus[] = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
]

const nullableId = Type.Union([Id, Type.Null()])
const nullableText = Type.Union([Type.String(), Type.Null()])

export const ConnectionQueue = Type.Object({
  id: Id,
  name: Type.String(),
  color: Type.String(),
  greetingMessage: Type.String(),
})

/**
 * A connection as GET /whatsapp answers it (001 §3). `qrcode` and `token` are present only for
 * admins and users with allowConnections; provider credentials are never sent, only whether
 * they are set.
 */
export const ConnectionDto = Type.Object({
  id: Id,
  companyId: Id,
  name: Type.String(),
  channel: Channel,
  status: ConnectionStatus,
  number: Type.String(),
  isDefault: Type.Boolean(),
  qrcode: Type.Optional(Type.String()),
  token: Type.Optional(Type.String()),
  retries: Type.Integer(),
  provider: Type.String(),
  greetingMessage: Type.String(),
  complationMessage: Type.String(),
  outOfHoursMessage: Type.String(),
  ratingMessage: Type.String(),
  allowGroup: Type.Boolean(),
  groupAsTicket: Type.Union([Type.Literal('disabled'), Type.Literal('enabled')]),
  maxUseBotQueues: Type.Integer(),
  timeUseBotQueues: Type.Integer(),
  timeSendQueue: Type.Integer(),
  sendIdQueue: nullableId,
  expiresTicket: Type.Integer(),
  whenExpiresTicket: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  expiresTicketNPS: Type.Integer(),
  maxUseBotQueuesNPS: Type.Integer(),
  expiresInactiveMessage: Type.String(),
  timeInactiveMessage: Type.Integer(),
  inactiveMessage: Type.String(),
  timeCreateNewTicket: Type.Integer(),
  greetingMediaAttachment: nullableText,
  importOldMessages: Type.Union([Timestamp, Type.Null()]),
  importRecentMessages: Type.Union([Timestamp, Type.Null()]),
  importOldMessagesGroups: Type.Boolean(),
  closedTicketsPostImported: Type.Boolean(),
  queueIdImportMessages: nullableId,
  statusImportMessages: nullableText,
  integrationId: nullableId,
  promptId: nullableId,
  flowIdWelcome: nullableId,
  flowIdNotPhrase: nullableId,
  collectiveVacationStart: nullableText,
  collectiveVacationEnd: nullableText,
  collectiveVacationMessage: Type.String(),
  schedules: Type.Array(Type.Unknown()),
  queues: Type.Array(ConnectionQueue),
  queueIds: Type.Array(Id),
  wabaPhoneNumberId: nullableText,
  wabaBusinessAccountId: nullableText,
  hasWabaAccessToken: Type.Boolean(),
  hasWabaAppSecret: Type.Boolean(),
  hasWabaVerifyToken: Type.Boolean(),
  facebookUserId: nullableText,
  facebookPageUserId: nullableText,
  hasFacebookPageToken: Type.Boolean(),
  updatedAt: Timestamp,
  createdAt: Timestamp,
})
export type ConnectionDto = Static<typeof ConnectionDto>

/** `companyId` and `session` are sent by the spec's client; the company comes from the token. */
export const ListConnectionsQuery = Type.Object({
  companyId: Type.Optional(Type.Unknown()),
  session: Type.Optional(Type.Unknown()),
})

export const FilterConnectionsQuery = Type.Object({
  session: Type.Optional(Type.Unknown()),
  channel: Type.Optional(Channel),
})

export const ConnectionList = Type.Array(ConnectionDto)
