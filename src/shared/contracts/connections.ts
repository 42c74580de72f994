import { Type, type Static } from '@sinclair/typebox'
import { Id, Timestamp } from './common'
import { ServiceHours } from './service-hours'

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

const message = Type.String({ maxLength: 5000 })
/** Minutes (the family's string-typed ones arrive as digits and are coerced). */
const minutes = Type.Integer({ minimum: 0, maximum: 525_600 })
const botAttempts = Type.Integer({ minimum: 0, maximum: 100 })
/** A reference; `null`, and the empty string a cleared picker sends, mean none. */
const reference = Type.Union([Id, Type.Null()])
const optionalDate = Type.Union([Type.Null(), Type.String({ format: 'date' })])
const optionalTimestamp = Type.Union([Type.Null(), Timestamp])
/** Graph object ids (phone number, business account, page, Instagram account) are numeric. */
const graphId = Type.Union([Type.Null(), Type.String({ pattern: '^[0-9]{1,30}$' })])
/** Write-only: stored sealed, never answered; absent or empty keeps the stored value. */
const credential = Type.String({ maxLength: 4096 })

/** Everything POST /whatsapp and PUT /whatsapp/{id} accept besides name and channel. */
const connectionFields = {
  isDefault: Type.Optional(Type.Boolean()),
  /** The external API token: 20 to 64 alphanumerics; empty (PUT) generates a new one. */
  token: Type.Optional(Type.String({ pattern: '^([A-Za-z0-9]{20,64})?$' })),
  provider: Type.Optional(Type.String({ maxLength: 20 })),
  greetingMessage: Type.Optional(message),
  complationMessage: Type.Optional(message),
  outOfHoursMessage: Type.Optional(message),
  ratingMessage: Type.Optional(message),
  allowGroup: Type.Optional(Type.Boolean()),
  groupAsTicket: Type.Optional(Type.Union([Type.Literal('disabled'), Type.Literal('enabled')])),
  maxUseBotQueues: Type.Optional(botAttempts),
  timeUseBotQueues: Type.Optional(minutes),
  timeSendQueue: Type.Optional(minutes),
  sendIdQueue: Type.Optional(reference),
  expiresTicket: Type.Optional(minutes),
  whenExpiresTicket: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  expiresTicketNPS: Type.Optional(minutes),
  maxUseBotQueuesNPS: Type.Optional(botAttempts),
  expiresInactiveMessage: Type.Optional(message),
  timeInactiveMessage: Type.Optional(minutes),
  inactiveMessage: Type.Optional(message),
  timeCreateNewTicket: Type.Optional(minutes),
  importOldMessages: Type.Optional(optionalTimestamp),
  importRecentMessages: Type.Optional(optionalTimestamp),
  importOldMessagesGroups: Type.Optional(Type.Boolean()),
  closedTicketsPostImported: Type.Optional(Type.Boolean()),
  queueIdImportMessages: Type.Optional(reference),
  integrationId: Type.Optional(reference),
  promptId: Type.Optional(reference),
  flowIdWelcome: Type.Optional(reference),
  flowIdNotPhrase: Type.Optional(reference),
  collectiveVacationStart: Type.Optional(optionalDate),
  collectiveVacationEnd: Type.Optional(optionalDate),
  collectiveVacationMessage: Type.Optional(message),
  schedules: Type.Optional(ServiceHours),
  queueIds: Type.Optional(Type.Array(Id, { maxItems: 200, uniqueItems: true })),
  // Channel whatsappapi: the Cloud API phone number and its business account.
  wabaPhoneNumberId: Type.Optional(graphId),
  wabaBusinessAccountId: Type.Optional(graphId),
  wabaAccessToken: Type.Optional(credential),
  /** The Meta app secret that signs webhooks, for every Meta channel (whatsappapi, facebook, instagram). */
  wabaAppSecret: Type.Optional(credential),
  /** The token Meta echoes when verifying the webhook URL, for every Meta channel. */
  wabaVerifyToken: Type.Optional(credential),
  // Channels facebook and instagram: the page (or Instagram account) id and the page token.
  facebookPageUserId: Type.Optional(graphId),
  facebookPageToken: Type.Optional(credential),
}

const connectionName = Type.String({ minLength: 2, maxLength: 50 })

/** POST /whatsapp. */
export const CreateConnectionBody = Type.Object({
  name: connectionName,
  channel: Type.Optional(Channel),
  ...connectionFields,
})
export type CreateConnectionBody = Static<typeof CreateConnectionBody>

/** PUT /whatsapp/{id}: only what is sent changes; the channel cannot change. */
export const UpdateConnectionBody = Type.Object({
  name: Type.Optional(connectionName),
  channel: Type.Optional(Channel),
  ...connectionFields,
})
export type UpdateConnectionBody = Static<typeof UpdateConnectionBody>

/** GET /whatsapp/all (super): every company's connections, each with its company's name. */
export const AdminConnectionDto = Type.Intersect([
  ConnectionDto,
  Type.Object({ company: Type.Object({ id: Id, name: Type.String() }) }),
])
export type AdminConnectionDto = Static<typeof AdminConnectionDto>
export const AdminConnectionList = Type.Array(AdminConnectionDto)

/** DELETE /whatsapp/{id}, the session actions and POST /whatsapp-restart answer a message. */
export const ConnectionMessage = Type.Object({ message: Type.String() })
export type ConnectionMessage = Static<typeof ConnectionMessage>

/** Greeting attachments (001 §5: video and image), at most this size. */
export const GREETING_MEDIA_MAX_BYTES = 16 * 1024 * 1024

/**
 * POST /facebook: the Facebook login's user and token; the server lists the user's pages and
 * makes a facebook connection per page (and an instagram one per linked account on request).
 */
export const FacebookOnboardingBody = Type.Object({
  facebookUserId: Type.String({ pattern: '^[0-9]{1,30}$' }),
  facebookUserToken: Type.String({ minLength: 1, maxLength: 4096 }),
  addInstagram: Type.Optional(Type.Boolean()),
})
export type FacebookOnboardingBody = Static<typeof FacebookOnboardingBody>
