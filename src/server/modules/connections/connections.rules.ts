import { randomInt } from 'node:crypto'
import {
  connectionRuleProblems,
  type ConnectionRuleValues,
  type DatedConnectionField,
} from '@shared/contracts/connection-rules'
import type {
  Channel,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@shared/contracts/connections'
import { isValidServiceHours } from '@shared/contracts/service-hours'
import { AppError, validationError } from '@server/lib/app-error'
import { dateIn } from '@shared/dates'
import type { connections } from './connections.table'

/**
 * What a save asks of a connection, before any database or Graph call: the spec's form rules
 * (shared with the renderer), the values and credentials a body sets, and how they are sealed.
 */

export type ConnectionValues = Partial<typeof connections.$inferInsert>

/** Body fields stored as they come, in columns of the same name. */
const PLAIN_FIELDS = [
  'provider',
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'allowGroup',
  'groupAsTicket',
  'maxUseBotQueues',
  'timeUseBotQueues',
  'timeSendQueue',
  'sendIdQueue',
  'expiresTicket',
  'whenExpiresTicket',
  'expiresTicketNPS',
  'maxUseBotQueuesNPS',
  'expiresInactiveMessage',
  'timeInactiveMessage',
  'inactiveMessage',
  'timeCreateNewTicket',
  'importOldMessagesGroups',
  'closedTicketsPostImported',
  'queueIdImportMessages',
  'integrationId',
  'promptId',
  'flowIdWelcome',
  'flowIdNotPhrase',
  'collectiveVacationStart',
  'collectiveVacationEnd',
  'collectiveVacationMessage',
  'schedules',
] as const satisfies ReadonlyArray<keyof CreateConnectionBody>

/** The provider ids and credentials a channel uses; the others are ignored for it. */
export interface ChannelCredentials {
  wabaPhoneNumberId?: string | null
  wabaBusinessAccountId?: string | null
  facebookPageUserId?: string | null
  wabaAccessToken?: string
  wabaAppSecret?: string
  wabaVerifyToken?: string
  facebookPageToken?: string
}

const CREDENTIAL_FIELDS: Record<Channel, ReadonlyArray<keyof ChannelCredentials>> = {
  whatsapp: [],
  whatsappapi: [
    'wabaPhoneNumberId',
    'wabaBusinessAccountId',
    'wabaAccessToken',
    'wabaAppSecret',
    'wabaVerifyToken',
  ],
  // The Meta app secret and verify token columns serve every Meta channel.
  facebook: ['facebookPageUserId', 'facebookPageToken', 'wabaAppSecret', 'wabaVerifyToken'],
  instagram: ['facebookPageUserId', 'facebookPageToken', 'wabaAppSecret', 'wabaVerifyToken'],
}

/** Channels whose connections can be the company default (fallback sends, number checks). */
export const DEFAULT_CHANNELS: readonly Channel[] = ['whatsapp', 'whatsappapi']

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** The connection's external API token (001 §9): 30 random alphanumerics. */
export const generateConnectionToken = (): string =>
  Array.from({ length: 30 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('')

/** The columns a create or update body sets, besides name, token, queues and credentials. */
export function valuesFrom(body: CreateConnectionBody | UpdateConnectionBody): ConnectionValues {
  if (body.schedules !== undefined && !isValidServiceHours(body.schedules))
    throw validationError('schedules')
  const values: Record<string, unknown> = {}
  for (const field of PLAIN_FIELDS) if (body[field] !== undefined) values[field] = body[field]
  for (const field of ['importOldMessages', 'importRecentMessages'] as const) {
    const value = body[field]
    if (value !== undefined) values[field] = value === null ? null : new Date(value)
  }
  return values
}

/** The channel's credentials in the body; an empty secret means "keep the stored one". */
export function credentialsFrom(channel: Channel, body: ChannelCredentials): ChannelCredentials {
  const found: Record<string, unknown> = {}
  for (const field of CREDENTIAL_FIELDS[channel]) {
    const value = body[field]
    if (value === undefined || value === '') continue
    found[field] = typeof value === 'string' ? value.trim() : value
  }
  return found
}

/** The columns for credentials: ids as they are, secrets sealed with `seal`. */
export function sealed(
  credentials: ChannelCredentials,
  seal: (plain: string) => string,
): ConnectionValues {
  const { wabaAccessToken, wabaAppSecret, wabaVerifyToken, facebookPageToken, ...ids } = credentials
  const sealOrSkip = (plain: string | undefined) => (plain === undefined ? undefined : seal(plain))
  return Object.fromEntries(
    Object.entries({
      ...ids,
      wabaAccessTokenSealed: sealOrSkip(wabaAccessToken),
      wabaAppSecretSealed: sealOrSkip(wabaAppSecret),
      wabaVerifyTokenSealed: sealOrSkip(wabaVerifyToken),
      facebookPageTokenSealed: sealOrSkip(facebookPageToken),
    }).filter(([, value]) => value !== undefined),
  )
}

/** What the rules read from a connection that does not exist yet: the table's defaults. */
const NEW_CONNECTION: Omit<ConnectionRuleValues, 'queueIds'> = {
  greetingMessage: '',
  timeSendQueue: 0,
  sendIdQueue: null,
  ratingMessage: '',
  expiresTicketNPS: 0,
  collectiveVacationMessage: '',
  collectiveVacationStart: null,
  collectiveVacationEnd: null,
  importOldMessages: null,
  importRecentMessages: null,
}

const DATED_FIELDS: readonly DatedConnectionField[] = [
  'importOldMessages',
  'importRecentMessages',
  'collectiveVacationStart',
]

/** Import dates come from the browser's clock: a little skew with ours is allowed. */
const CLOCK_SKEW_MS = 5 * 60_000

/**
 * The form rules of 001 §5 (`connection-rules.ts`, the renderer's too) on the connection as it
 * will be after this save: `stored` (none on create) with the `sent` values and `queueIds`.
 * Only the dates sent are held to today's windows, counted in the company's `timeZone`.
 * Answers the first broken rule as 400 ERR_VALIDATION with its field, or
 * ERR_WAPP_GREETING_REQUIRED.
 */
export function assertRules(
  stored: Omit<ConnectionRuleValues, 'queueIds'> | undefined,
  sent: ConnectionValues,
  queueIds: readonly number[],
  time: { timeZone: string; now: Date },
): void {
  const [problem] = connectionRuleProblems(
    { ...(stored ?? NEW_CONNECTION), ...sent, queueIds },
    { now: time.now, today: dateIn(time.timeZone, time.now), skewMs: CLOCK_SKEW_MS },
    new Set(DATED_FIELDS.filter((field) => sent[field])),
  )
  if (!problem) return
  if (problem.reason === 'greetingRequired') throw new AppError('ERR_WAPP_GREETING_REQUIRED')
  throw validationError(problem.field)
}

/** What a Meta channel needs to work at all: the account id and its token. */
export function assertCredentialsPresent(
  channel: Channel,
  credentials: { accountId: string | null | undefined; token: string | undefined },
): void {
  if (channel === 'whatsapp') return
  const [idField, tokenField] =
    channel === 'whatsappapi'
      ? ['wabaPhoneNumberId', 'wabaAccessToken']
      : ['facebookPageUserId', 'facebookPageToken']
  if (!credentials.accountId) throw validationError(idField)
  if (!credentials.token) throw validationError(tokenField)
}

/** Unique indexes are the last word when two saves race for one name or token. */
export function rethrowConflict(error: unknown): never {
  const violation = [error, (error as { cause?: unknown }).cause].find(
    (candidate) => (candidate as { code?: string } | undefined)?.code === '23505',
  ) as { constraint?: string } | undefined
  if (violation?.constraint === 'connections_company_channel_name_key')
    throw new AppError('ERR_DUPLICATED_CONNECTION')
  if (violation?.constraint === 'connections_token_key') throw validationError('token')
  throw error
}

/** Channels of a Facebook page: one page, one company, proven by its token. */
export type PageChannel = 'facebook' | 'instagram'

export const isPageChannel = (channel: Channel): channel is PageChannel =>
  channel === 'facebook' || channel === 'instagram'
