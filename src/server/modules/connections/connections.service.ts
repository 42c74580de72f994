import { randomInt } from 'node:crypto'
import type {
  Channel,
  ConnectionDto,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '../../../shared/contracts/connections'
import { canManageConnections, planAllows, type PlanFeature } from '../../../shared/permissions'
import { rooms } from '../../../shared/realtime/events'
import { lookupPhoneNumber } from '../../channels/cloud-api/driver'
import type { GraphClient } from '../../channels/graph/client'
import { lookupPage } from '../../channels/messenger/driver'
import type { ChannelRegistry } from '../../channels/registry'
import { ChannelError } from '../../channels/types'
import type { CoreDeps } from '../../deps'
import type { Executor } from '../../db/client'
import { AppError, validationError } from '../../lib/app-error'
import type { RequestContext } from '../auth/auth.service'
import type { CompaniesService } from '../companies/companies.service'
import type { QueuesService } from '../queues/queues.service'
import { presentConnection } from './connections.presenter'
import { connectionsRepository, type ConnectionQueueLink } from './connections.repository'
import type { ConnectionRow, connections } from './connections.table'

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** The connection's external API token (001 §9): 30 random alphanumerics. */
export const generateConnectionToken = (): string =>
  Array.from({ length: 30 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('')

/** Starts a WhatsApp (Baileys) session; the session manager provides it. */
export interface ConnectionSessions {
  start(companyId: number, connectionId: number): Promise<void> | void
}

interface Collaborators {
  /** Seals credentials (and opens stored ones to validate them again). */
  channels: ChannelRegistry
  companies: CompaniesService
  queues: QueuesService
  /** Validates Cloud API and page credentials when a connection is saved. */
  graph: GraphClient
  sessions?: ConnectionSessions
}

/** Plan flag that gates each channel (reference §2). */
const CHANNEL_FEATURE: Record<Channel, PlanFeature> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
}

/** Channels whose connections can be the company default (fallback sends, number checks). */
const DEFAULT_CHANNELS: readonly Channel[] = ['whatsapp', 'whatsappapi']

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

type ConnectionValues = Partial<typeof connections.$inferInsert>

/** The provider ids and credentials a channel uses; the others are ignored for it. */
interface ChannelCredentials {
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

/** Import dates: at most 2 years back, not in the future (001 §5); a little clock skew allowed. */
const CLOCK_SKEW_MS = 5 * 60_000

/**
 * Connection records: reads for every user, writes for admins and users with allowConnections.
 * Saving enforces the plan (channel gates, connection limit under the company row lock), the
 * spec's form rules, one default WhatsApp-family connection per company, platform-wide unique
 * tokens, and seals provider credentials; Meta channels are validated against the Graph API.
 */
export function createConnectionsService(
  deps: CoreDeps,
  { channels, companies, queues, graph, sessions }: Collaborators,
) {
  const repo = connectionsRepository(deps.db)

  async function present(
    companyId: number,
    rows: ConnectionRow[],
    manager: boolean,
  ): Promise<ConnectionDto[]> {
    const byConnection = new Map<number, ConnectionQueueLink[]>()
    for (const link of await repo.queuesOf(
      companyId,
      rows.map((row) => row.id),
    )) {
      byConnection.set(link.connectionId, [...(byConnection.get(link.connectionId) ?? []), link])
    }
    return rows.map((row) => presentConnection(row, byConnection.get(row.id) ?? [], manager))
  }

  /** Managers get the whole record; everyone else the same without QR code and token. */
  async function emitUpdates(companyId: number, rows: ConnectionRow[]) {
    for (const full of await present(companyId, rows, true)) {
      deps.realtime.emit(companyId, [rooms.connections], 'whatsapp', {
        action: 'update',
        whatsapp: full,
      })
      const { qrcode: _qrcode, token: _token, ...reduced } = full
      deps.realtime.emit(
        companyId,
        [rooms.company],
        'whatsapp',
        { action: 'update', whatsapp: reduced },
        [rooms.connections],
      )
    }
  }

  function assertMayManage(ctx: RequestContext, channel: Channel) {
    if (!canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
    if (!planAllows(ctx.company.plan, CHANNEL_FEATURE[channel]))
      throw new AppError('ERR_NO_PERMISSION')
  }

  function valuesFrom(body: CreateConnectionBody | UpdateConnectionBody): ConnectionValues {
    const values: Record<string, unknown> = {}
    for (const field of PLAIN_FIELDS) if (body[field] !== undefined) values[field] = body[field]
    for (const field of ['importOldMessages', 'importRecentMessages'] as const) {
      const value = body[field]
      if (value !== undefined) values[field] = value === null ? null : new Date(value)
    }
    return values
  }

  /** The channel's credentials in the body; an empty secret means "keep the stored one". */
  function credentialsFrom(channel: Channel, body: ChannelCredentials): ChannelCredentials {
    const found: Record<string, unknown> = {}
    for (const field of CREDENTIAL_FIELDS[channel]) {
      const value = body[field]
      if (value === undefined || value === '') continue
      found[field] = typeof value === 'string' ? value.trim() : value
    }
    return found
  }

  function sealed(credentials: ChannelCredentials): ConnectionValues {
    const { wabaAccessToken, wabaAppSecret, wabaVerifyToken, facebookPageToken, ...ids } =
      credentials
    const seal = (plain: string | undefined) =>
      plain === undefined ? undefined : channels.seal(plain)
    return Object.fromEntries(
      Object.entries({
        ...ids,
        wabaAccessTokenSealed: seal(wabaAccessToken),
        wabaAppSecretSealed: seal(wabaAppSecret),
        wabaVerifyTokenSealed: seal(wabaVerifyToken),
        facebookPageTokenSealed: seal(facebookPageToken),
      }).filter(([, value]) => value !== undefined),
    )
  }

  /** The form rules of 001 §5 on the values the connection will have after this save. */
  function assertRules(
    effective: {
      greetingMessage: string
      timeSendQueue: number
      sendIdQueue: number | null
      ratingMessage: string
      expiresTicketNPS: number
      collectiveVacationMessage: string
      collectiveVacationStart: string | null
      collectiveVacationEnd: string | null
      importOldMessages: Date | null
      importRecentMessages: Date | null
    },
    queueIds: number[],
    sent: ConnectionValues,
  ) {
    if (queueIds.length > 1 && !effective.greetingMessage.trim())
      throw new AppError('ERR_WAPP_GREETING_REQUIRED')
    if (effective.timeSendQueue > 0 && effective.sendIdQueue === null)
      throw validationError('sendIdQueue')
    if (effective.ratingMessage.trim() && effective.expiresTicketNPS === 0)
      throw validationError('expiresTicketNPS')
    if (effective.collectiveVacationMessage.trim()) {
      if (!effective.collectiveVacationStart) throw validationError('collectiveVacationStart')
      if (!effective.collectiveVacationEnd) throw validationError('collectiveVacationEnd')
      if (effective.collectiveVacationEnd < effective.collectiveVacationStart)
        throw validationError('collectiveVacationEnd')
    }
    // Stored import dates were checked when sent; only new ones are held to today's window.
    const now = Date.now()
    const earliest = new Date(now)
    earliest.setUTCFullYear(earliest.getUTCFullYear() - 2)
    for (const field of ['importOldMessages', 'importRecentMessages'] as const) {
      const value = sent[field]
      if (value && (value.getTime() > now + CLOCK_SKEW_MS || value < earliest))
        throw validationError(field)
    }
    if (
      effective.importOldMessages &&
      effective.importRecentMessages &&
      effective.importRecentMessages < effective.importOldMessages
    )
      throw validationError('importRecentMessages')
  }

  async function assertQueuesBelong(
    companyId: number,
    references: {
      queueIds: number[]
      sendIdQueue?: number | null
      queueIdImportMessages?: number | null
    },
  ) {
    const wanted = [
      ...references.queueIds,
      ...[references.sendIdQueue, references.queueIdImportMessages].filter(
        (id): id is number => typeof id === 'number',
      ),
    ]
    const found = new Set(await queues.existing(companyId, [...new Set(wanted)]))
    if (references.queueIds.some((id) => !found.has(id))) throw validationError('queueIds')
    for (const field of ['sendIdQueue', 'queueIdImportMessages'] as const) {
      const id = references[field]
      if (typeof id === 'number' && !found.has(id)) throw validationError(field)
    }
  }

  /** What a Meta channel needs to work at all: the account id and its token. */
  function assertCredentialsPresent(
    channel: Channel,
    credentials: { accountId: string | null | undefined; token: string | undefined },
  ) {
    if (channel === 'whatsapp') return
    const [idField, tokenField] =
      channel === 'whatsappapi'
        ? ['wabaPhoneNumberId', 'wabaAccessToken']
        : ['facebookPageUserId', 'facebookPageToken']
    if (!credentials.accountId) throw validationError(idField)
    if (!credentials.token) throw validationError(tokenField)
  }

  /**
   * Asks Graph whether the credentials work: CONNECTED (with the Cloud API display number) or
   * DISCONNECTED. A page token must speak for the page it is saved with.
   */
  async function probe(
    channel: Exclude<Channel, 'whatsapp'>,
    accountId: string,
    token: string,
  ): Promise<{ status: 'CONNECTED' | 'DISCONNECTED'; number?: string }> {
    try {
      if (channel === 'whatsappapi') {
        const found = await lookupPhoneNumber(graph, accountId, token)
        return { status: 'CONNECTED', number: found.number }
      }
      const page = await lookupPage(graph, token)
      if (channel === 'facebook' && page.id !== accountId) return { status: 'DISCONNECTED' }
      return { status: 'CONNECTED' }
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error
      deps.log.warn({ err: error, channel }, 'connection credentials not accepted by Graph')
      return { status: 'DISCONNECTED' }
    }
  }

  function startSession(companyId: number, connectionId: number) {
    if (!sessions) return
    // Creating answers at once; the session reports its progress through session events.
    void Promise.resolve()
      .then(() => sessions.start(companyId, connectionId))
      .catch((error: unknown) =>
        deps.log.error({ err: error, connectionId }, 'connection session did not start'),
      )
  }

  return {
    async list(ctx: RequestContext, channel?: Channel): Promise<ConnectionDto[]> {
      return present(
        ctx.companyId,
        await repo.list(ctx.companyId, channel),
        canManageConnections(ctx.user),
      )
    },

    async get(ctx: RequestContext, id: number): Promise<ConnectionDto> {
      const row = await repo.findById(ctx.companyId, id)
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
      const [dto] = await present(ctx.companyId, [row], canManageConnections(ctx.user))
      return dto!
    },

    /** POST /whatsapp. */
    async add(ctx: RequestContext, body: CreateConnectionBody): Promise<ConnectionDto> {
      const channel = body.channel ?? 'whatsapp'
      assertMayManage(ctx, channel)
      const name = body.name.trim()
      if (name.length < 2) throw validationError('name')
      const queueIds = body.queueIds ?? []
      const values = valuesFrom(body)
      const credentials = credentialsFrom(channel, body)
      assertRules(
        {
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
          ...values,
        },
        queueIds,
        values,
      )
      await assertQueuesBelong(ctx.companyId, { ...values, queueIds })
      const accountId =
        channel === 'whatsappapi' ? credentials.wabaPhoneNumberId : credentials.facebookPageUserId
      const accountToken =
        channel === 'whatsappapi' ? credentials.wabaAccessToken : credentials.facebookPageToken
      assertCredentialsPresent(channel, { accountId, token: accountToken })
      const probed: { status: ConnectionRow['status']; number?: string } =
        channel === 'whatsapp'
          ? { status: 'OPENING' as const }
          : await probe(channel, accountId!, accountToken!)
      const token = body.token || generateConnectionToken()

      const { row, previousDefault } = await deps.db
        .transaction(async (tx) => {
          // Counting and choosing the default under the company row lock keeps concurrent
          // creations inside the plan and with one default.
          const locked = await companies.lockWithPlan(tx, ctx.companyId)
          const txRepo = connectionsRepository(tx)
          if ((await txRepo.countInCompany(ctx.companyId)) >= locked.plan.connections)
            throw new AppError('ERR_CONNECTION_LIMIT_REACHED')
          if (await txRepo.nameTaken(ctx.companyId, channel, name))
            throw new AppError('ERR_DUPLICATED_CONNECTION')
          if (await txRepo.tokenTaken(token)) throw validationError('token')
          const currentDefault = await txRepo.findDefault(ctx.companyId)
          const isDefault =
            DEFAULT_CHANNELS.includes(channel) && (body.isDefault === true || !currentDefault)
          const previous =
            isDefault && currentDefault
              ? await txRepo.update(ctx.companyId, currentDefault.id, { isDefault: false })
              : undefined
          const inserted = await txRepo.insert({
            ...values,
            ...sealed(credentials),
            companyId: ctx.companyId,
            name,
            channel,
            token,
            isDefault,
            status: probed.status,
            ...(probed.number ? { number: probed.number } : {}),
          })
          await txRepo.replaceQueues(ctx.companyId, inserted.id, queueIds)
          return { row: inserted, previousDefault: previous }
        })
        .catch(rethrowConflict)

      await emitUpdates(ctx.companyId, previousDefault ? [previousDefault, row] : [row])
      if (channel === 'whatsapp') startSession(row.companyId, row.id)
      const [dto] = await present(ctx.companyId, [row], true)
      return dto!
    },

    /** PUT /whatsapp/{id}: what is sent changes; a Meta connection is validated again. */
    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateConnectionBody,
    ): Promise<ConnectionDto> {
      const row = await repo.findById(ctx.companyId, id)
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
      assertMayManage(ctx, row.channel)
      if (body.channel !== undefined && body.channel !== row.channel)
        throw validationError('channel')
      const name = body.name?.trim()
      if (name !== undefined && name.length < 2) throw validationError('name')
      const values = valuesFrom(body)
      const credentials = credentialsFrom(row.channel, body)
      const queueIds =
        body.queueIds ?? (await repo.queuesOf(ctx.companyId, [id])).map((queue) => queue.id)
      assertRules({ ...row, ...values }, queueIds, values)
      await assertQueuesBelong(ctx.companyId, { ...values, queueIds: body.queueIds ?? [] })

      let probed: { status: ConnectionRow['status']; number?: string } | undefined
      if (row.channel !== 'whatsapp') {
        const stored = channels.connectionFor(row).secrets
        const accountId =
          row.channel === 'whatsappapi'
            ? credentials.wabaPhoneNumberId !== undefined
              ? credentials.wabaPhoneNumberId
              : row.wabaPhoneNumberId
            : credentials.facebookPageUserId !== undefined
              ? credentials.facebookPageUserId
              : row.facebookPageUserId
        const accountToken =
          row.channel === 'whatsappapi'
            ? (credentials.wabaAccessToken ?? stored.wabaAccessToken)
            : (credentials.facebookPageToken ?? stored.facebookPageToken)
        assertCredentialsPresent(row.channel, { accountId, token: accountToken })
        probed = await probe(row.channel, accountId!, accountToken!)
      }
      const token = body.token === undefined ? undefined : body.token || generateConnectionToken()

      const { updated, previousDefault } = await deps.db
        .transaction(async (tx) => {
          await companies.lockWithPlan(tx, ctx.companyId)
          const txRepo = connectionsRepository(tx)
          const current = await txRepo.findById(ctx.companyId, id)
          if (!current) throw new AppError('ERR_NO_WAPP_FOUND')
          if (name !== undefined && (await txRepo.nameTaken(ctx.companyId, row.channel, name, id)))
            throw new AppError('ERR_DUPLICATED_CONNECTION')
          if (token !== undefined && (await txRepo.tokenTaken(token, id)))
            throw validationError('token')
          // The company always keeps one default: it moves by making another one default.
          if (body.isDefault === false && current.isDefault)
            throw new AppError('ERR_NO_OTHER_WHATSAPP')
          let previous: ConnectionRow | undefined
          const becomesDefault =
            body.isDefault === true && !current.isDefault && DEFAULT_CHANNELS.includes(row.channel)
          if (becomesDefault) {
            const currentDefault = await txRepo.findDefault(ctx.companyId)
            if (currentDefault)
              previous = await txRepo.update(ctx.companyId, currentDefault.id, { isDefault: false })
          }
          const saved = await txRepo.update(ctx.companyId, id, {
            ...values,
            ...sealed(credentials),
            ...(name !== undefined ? { name } : {}),
            ...(token !== undefined ? { token } : {}),
            ...(becomesDefault ? { isDefault: true } : {}),
            ...(probed ? { status: probed.status } : {}),
            ...(probed?.number ? { number: probed.number } : {}),
          })
          if (!saved) throw new AppError('ERR_NO_WAPP_FOUND')
          if (body.queueIds) await txRepo.replaceQueues(ctx.companyId, id, body.queueIds)
          return { updated: saved, previousDefault: previous }
        })
        .catch(rethrowConflict)

      await emitUpdates(ctx.companyId, previousDefault ? [previousDefault, updated] : [updated])
      const [dto] = await present(ctx.companyId, [updated], true)
      return dto!
    },

    /** A connection row of the company, for modules acting through its driver. */
    findRow: (companyId: number, id: number) => repo.findById(companyId, id),

    /** The company's default connection row. */
    defaultRow: (companyId: number) => repo.findDefault(companyId),

    /** Whether `id` is a connection of the company (for references such as a user's default). */
    exists: (companyId: number, id: number) => repo.exists(companyId, id),

    /** A connection of any company, for provider webhooks whose URL names it. */
    findForWebhook: (id: number) => repo.findByIdInAnyCompany(id),

    /** Stores a connection; provider credentials must already be sealed by the caller. */
    async create(
      tx: Executor,
      values: Omit<typeof connections.$inferInsert, 'token'> & { token?: string },
      queueIds: number[] = [],
    ) {
      const txRepo = connectionsRepository(tx)
      const row = await txRepo.insert({
        ...values,
        token: values.token ?? generateConnectionToken(),
      })
      await txRepo.replaceQueues(row.companyId, row.id, queueIds)
      return row
    },
  }
}

/** Unique indexes are the last word when two saves race for one name or token. */
function rethrowConflict(error: unknown): never {
  const violation = [error, (error as { cause?: unknown }).cause].find(
    (candidate) => (candidate as { code?: string } | undefined)?.code === '23505',
  ) as { constraint?: string } | undefined
  if (violation?.constraint === 'connections_company_channel_name_key')
    throw new AppError('ERR_DUPLICATED_CONNECTION')
  if (violation?.constraint === 'connections_token_key') throw validationError('token')
  throw error
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>
