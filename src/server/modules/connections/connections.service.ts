import type { RequestContext } from '@server/context'
import { randomInt } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  GREETING_MEDIA_MAX_BYTES,
  type AdminConnectionDto,
  type Channel,
  type ConnectionDto,
  type ConnectionMessage,
  type CreateConnectionBody,
  type FacebookOnboardingBody,
  type UpdateConnectionBody,
} from '@shared/contracts/connections'
import { isErrorCode } from '@shared/errors'
import { isValidServiceHours } from '@shared/contracts/service-hours'
import { canManageConnections, planAllows, type PlanFeature } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import { lookupPhoneNumber } from '@server/channels/cloud-api/driver'
import type { GraphClient } from '@server/channels/graph/client'
import { lookupPage } from '@server/channels/messenger/driver'
import type { ChannelRegistry } from '@server/channels/registry'
import { ChannelError } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { refuseUnbuiltReferences } from '@server/lib/unbuilt-references'
import { AppError, validationError } from '@server/lib/app-error'
import type { CompaniesService } from '../companies/companies.service'
import type { MediaService } from '../media/media.service'
import type { QueuesService } from '../queues/queues.service'
import { presentConnection } from './connections.presenter'
import { connectionsRepository, type ConnectionQueueLink } from './connections.repository'
import type { ConnectionRow, connections } from './connections.table'

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** The connection's external API token (001 §9): 30 random alphanumerics. */
export const generateConnectionToken = (): string =>
  Array.from({ length: 30 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('')

/** WhatsApp (Baileys) sessions; the session manager provides them. */
export interface ConnectionSessions {
  /** Start with the stored pairing (a QR code when there is none). */
  start(companyId: number, connectionId: number): Promise<void> | void
  /** Forget the pairing, then start: a fresh QR code. */
  requestNewQr(companyId: number, connectionId: number): Promise<void> | void
  restart(companyId: number, connectionId: number): Promise<void> | void
  /** Unlink the phone, forget the pairing, DISCONNECTED, no restart. */
  logout(companyId: number, connectionId: number): Promise<void>
  /** The connection is being deleted: unlink and forget, without a status write. */
  discard(companyId: number, connectionId: number): Promise<void>
}

/** A file of the multipart form, read only once the caller may change the connection. */
export interface UploadedFile {
  file: Readable
  filename: string
}

interface Collaborators {
  /** Seals credentials (and opens stored ones to validate them again). */
  channels: ChannelRegistry
  companies: CompaniesService
  queues: QueuesService
  /** Validates Cloud API and page credentials when a connection is saved. */
  graph: GraphClient
  media: MediaService
  sessions?: ConnectionSessions
}

/** Webhook fields a connected page is subscribed to (reference §6). */
const PAGE_SUBSCRIBED_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
  'message_echoes',
].join(',')

/** A page of the Facebook user, as `{userId}/accounts` answers it. */
interface GraphPage {
  id: string
  name?: string
  access_token?: string
  instagram_business_account?: { id: string; username?: string; name?: string }
}

/** A connection POST /facebook creates or refreshes. */
interface PlannedPageConnection {
  channel: 'facebook' | 'instagram'
  accountId: string
  pageId: string
  name: string
  pageToken: string
}

const SESSION_MESSAGES = {
  start: 'Starting session.',
  newQr: 'Starting session.',
  logout: 'Session disconnected.',
} as const
export type SessionAction = keyof typeof SESSION_MESSAGES

/** Graph failures become the catalogue code they carry. */
function asAppError(error: unknown): unknown {
  if (error instanceof ChannelError && isErrorCode(error.code)) return new AppError(error.code)
  return error
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
  { channels, companies, queues, graph, media, sessions }: Collaborators,
) {
  const repo = connectionsRepository(deps.db)

  async function present(
    companyId: number | null,
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
    refuseUnbuiltReferences(body, ['integrationId', 'promptId', 'flowIdWelcome', 'flowIdNotPhrase'])
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

  /** Session starts answer at once; the session reports its progress through session events. */
  function runInBackground(connectionId: number, task: () => Promise<void> | void) {
    void Promise.resolve()
      .then(task)
      .catch((error: unknown) =>
        deps.log.error({ err: error, connectionId }, 'connection session did not start'),
      )
  }

  function startSession(companyId: number, connectionId: number) {
    if (!sessions) return
    runInBackground(connectionId, () => sessions.start(companyId, connectionId))
  }

  /** The page's webhook subscription goes with the last connection that relied on it. */
  async function unsubscribePage(removed: ConnectionRow, pageId: string) {
    if (await repo.pageInUse(pageId)) return
    const token = channels.connectionFor(removed).secrets.facebookPageToken
    if (!token) return
    // The connection is gone either way; a page left subscribed only costs ignored webhooks.
    await graph.delete([pageId, 'subscribed_apps'], token).catch((error: unknown) => {
      deps.log.warn({ err: error, pageId }, 'page webhook subscription not removed')
    })
  }

  /**
   * PUT /whatsapp/{id} and, for the operator, PUT /whatsapp-admin/{id} (`operator`: any company,
   * without the manager and plan checks the super user's route guard replaces).
   */
  async function save(
    ctx: RequestContext,
    companyId: number,
    id: number,
    body: UpdateConnectionBody,
    operator = false,
  ): Promise<ConnectionDto> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
    if (!operator) assertMayManage(ctx, row.channel)
    if (body.channel !== undefined && body.channel !== row.channel) throw validationError('channel')
    const name = body.name?.trim()
    if (name !== undefined && name.length < 2) throw validationError('name')
    const values = valuesFrom(body)
    const credentials = credentialsFrom(row.channel, body)
    const queueIds =
      body.queueIds ?? (await repo.queuesOf(companyId, [id])).map((queue) => queue.id)
    assertRules({ ...row, ...values }, queueIds, values)
    await assertQueuesBelong(companyId, { ...values, queueIds: body.queueIds ?? [] })

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
        await companies.lockWithPlan(tx, companyId)
        const txRepo = connectionsRepository(tx)
        const current = await txRepo.findById(companyId, id)
        if (!current) throw new AppError('ERR_NO_WAPP_FOUND')
        if (name !== undefined && (await txRepo.nameTaken(companyId, row.channel, name, id)))
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
          const currentDefault = await txRepo.findDefault(companyId)
          if (currentDefault)
            previous = await txRepo.update(companyId, currentDefault.id, { isDefault: false })
        }
        const saved = await txRepo.update(companyId, id, {
          ...values,
          ...sealed(credentials),
          ...(name !== undefined ? { name } : {}),
          ...(token !== undefined ? { token } : {}),
          ...(becomesDefault ? { isDefault: true } : {}),
          ...(probed ? { status: probed.status } : {}),
          ...(probed?.number ? { number: probed.number } : {}),
        })
        if (!saved) throw new AppError('ERR_NO_WAPP_FOUND')
        if (body.queueIds) await txRepo.replaceQueues(companyId, id, body.queueIds)
        return { updated: saved, previousDefault: previous }
      })
      .catch(rethrowConflict)

    await emitUpdates(companyId, previousDefault ? [previousDefault, updated] : [updated])
    const [dto] = await present(companyId, [updated], true)
    return dto!
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
    update: (ctx: RequestContext, id: number, body: UpdateConnectionBody) =>
      save(ctx, ctx.companyId, id, body),

    /**
     * DELETE /whatsapp/{id} (and, for the operator, DELETE /whatsapp-admin/{id}). A WhatsApp
     * session is unlinked and its pairing forgotten; tickets keep their history (their
     * connection becomes null). A deleted default hands the flag to the oldest WhatsApp-family
     * connection left. A page connection whose page no connection uses any more drops the
     * page's webhook subscription.
     */
    async remove(ctx: RequestContext, id: number, operator = false): Promise<ConnectionMessage> {
      const companyId = operator ? (await repo.findByIdInAnyCompany(id))?.companyId : ctx.companyId
      const row = companyId === undefined ? undefined : await repo.findById(companyId, id)
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
      if (!operator && !canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      const { removed, promoted } = await deps.db.transaction(async (tx) => {
        // Under the company lock, so a concurrent create or delete sees one default.
        await companies.lockWithPlan(tx, row.companyId)
        const txRepo = connectionsRepository(tx)
        const gone = await txRepo.remove(row.companyId, id)
        if (!gone) throw new AppError('ERR_NO_WAPP_FOUND')
        let next: ConnectionRow | undefined
        if (gone.isDefault) {
          const oldest = await txRepo.oldestOfChannels(row.companyId, DEFAULT_CHANNELS)
          if (oldest) next = await txRepo.update(row.companyId, oldest.id, { isDefault: true })
        }
        return { removed: gone, promoted: next }
      })

      // After the commit: a delete that failed must not have unlinked the phone.
      if (row.channel === 'whatsapp' && sessions) await sessions.discard(row.companyId, id)
      deps.realtime.emit(row.companyId, [rooms.company], 'whatsapp', {
        action: 'delete',
        whatsappId: id,
      })
      if (promoted) await emitUpdates(row.companyId, [promoted])
      if (removed.greetingMediaAttachment)
        await media.remove(row.companyId, removed.greetingMediaAttachment)
      if (removed.facebookPageId) await unsubscribePage(removed, removed.facebookPageId)
      return { message: 'Session disconnected.' }
    },

    /**
     * POST /whatsapp/{id}/media-upload: the greeting's attachment (001 §5: image or video),
     * stored in the company's media; the previous one is removed.
     */
    async uploadGreetingMedia(
      ctx: RequestContext,
      id: number,
      readFile: () => Promise<UploadedFile>,
    ): Promise<ConnectionDto> {
      const row = await repo.findById(ctx.companyId, id)
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
      if (!canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      const upload = await readFile()
      const stored = await media.saveFile(ctx.companyId, 'connections', upload.file, {
        maxBytes: GREETING_MEDIA_MAX_BYTES,
        originalName: upload.filename,
      })
      if (stored.kind !== 'image' && stored.kind !== 'video') {
        await media.remove(ctx.companyId, stored.path)
        throw new AppError('ERR_INVALID_FILE')
      }
      const updated = await repo.update(ctx.companyId, id, {
        greetingMediaAttachment: stored.path,
      })
      if (!updated) {
        await media.remove(ctx.companyId, stored.path)
        throw new AppError('ERR_NO_WAPP_FOUND')
      }
      if (row.greetingMediaAttachment && row.greetingMediaAttachment !== stored.path)
        await media.remove(ctx.companyId, row.greetingMediaAttachment)
      await emitUpdates(ctx.companyId, [updated])
      const [dto] = await present(ctx.companyId, [updated], true)
      return dto!
    },

    /** DELETE /whatsapp/{id}/media-upload: the attachment's file and field go. */
    async removeGreetingMedia(ctx: RequestContext, id: number): Promise<ConnectionDto> {
      const row = await repo.findById(ctx.companyId, id)
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
      if (!canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      const updated = await repo.update(ctx.companyId, id, { greetingMediaAttachment: null })
      if (!updated) throw new AppError('ERR_NO_WAPP_FOUND')
      if (row.greetingMediaAttachment)
        await media.remove(ctx.companyId, row.greetingMediaAttachment)
      await emitUpdates(ctx.companyId, [updated])
      const [dto] = await present(ctx.companyId, [updated], true)
      return dto!
    },

    /**
     * The session actions of /whatsappsession/{id} (reference §6 "Build it right"): `start`
     * reuses the stored pairing, `newQr` forgets it first, `logout` unlinks and stays
     * DISCONNECTED. Starts answer at once; the session reports through session events.
     * `operator`: DELETE /whatsappsession/admin/{id}, any company.
     */
    async sessionAction(
      ctx: RequestContext,
      id: number,
      action: SessionAction,
      operator = false,
    ): Promise<ConnectionMessage> {
      const row = operator
        ? await repo.findByIdInAnyCompany(id)
        : await repo.findById(ctx.companyId, id)
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
      if (!operator && !canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      // A plan without WhatsApp may still end a session, not start one.
      if (!operator && action !== 'logout' && !planAllows(ctx.company.plan, 'useWhatsapp'))
        throw new AppError('ERR_NO_PERMISSION')
      if (row.channel !== 'whatsapp') throw new AppError('ERR_CHANNEL_HAS_NO_SESSION')
      if (!sessions) throw new AppError('ERR_WAPP_NOT_INITIALIZED')
      if (action === 'logout') await sessions.logout(row.companyId, id)
      else
        runInBackground(id, () =>
          action === 'start'
            ? sessions.start(row.companyId, id)
            : sessions.requestNewQr(row.companyId, id),
        )
      return { message: SESSION_MESSAGES[action] }
    },

    /**
     * POST /whatsapp-restart: every WhatsApp socket of the company starts again with its stored
     * pairing; disconnected ones stay so (they wait for an admin's Try again or New QR).
     */
    async restartAll(ctx: RequestContext): Promise<ConnectionMessage> {
      if (!canManageConnections(ctx.user) || !planAllows(ctx.company.plan, 'useWhatsapp'))
        throw new AppError('ERR_NO_PERMISSION')
      for (const row of await repo.list(ctx.companyId, 'whatsapp')) {
        if (row.status === 'DISCONNECTED' || !sessions) continue
        runInBackground(row.id, () => sessions.restart(row.companyId, row.id))
      }
      return { message: 'Whatsapp restart.' }
    },

    /** GET /whatsapp/all (super): every company's connections with their queues. */
    async listAll(): Promise<AdminConnectionDto[]> {
      const found = await repo.listAll()
      const dtos = await present(
        null,
        found.map(({ row }) => row),
        true,
      )
      return dtos.map((dto, index) => ({
        ...dto,
        company: { id: dto.companyId, name: found[index]!.companyName },
      }))
    },

    /** GET /whatsapp-admin/{id} (super): one connection of any company. */
    async adminGet(id: number): Promise<AdminConnectionDto> {
      const found = await repo.findWithCompany(id)
      if (!found) throw new AppError('ERR_NO_WAPP_FOUND')
      const [dto] = await present(found.row.companyId, [found.row], true)
      return { ...dto!, company: { id: found.row.companyId, name: found.companyName } }
    },

    /**
     * PUT /whatsapp-admin/{id} (super): the same save for any company; the operators are told
     * through `admin-whatsapp` in their own room only.
     */
    async adminUpdate(
      ctx: RequestContext,
      id: number,
      body: UpdateConnectionBody,
    ): Promise<AdminConnectionDto> {
      const found = await repo.findWithCompany(id)
      if (!found) throw new AppError('ERR_NO_WAPP_FOUND')
      const dto = await save(ctx, found.row.companyId, id, body, true)
      const whatsapp = { ...dto, company: { id: found.row.companyId, name: found.companyName } }
      for (const companyId of new Set([ctx.companyId, found.row.companyId]))
        deps.realtime.emit(companyId, [rooms.super], 'adminWhatsapp', {
          action: 'update',
          whatsapp,
        })
      return whatsapp
    },

    /**
     * POST /facebook (reference §6 "Build it right"): a facebook connection per page of the
     * Facebook user, and an instagram one per linked account when asked; existing ones (same
     * account and channel) are refreshed. Page tokens are traded for long-lived ones, sealed,
     * and each page is subscribed to the app's webhook fields before anything is stored.
     */
    async connectFacebook(
      ctx: RequestContext,
      body: FacebookOnboardingBody,
    ): Promise<ConnectionDto[]> {
      if (!canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      if (!planAllows(ctx.company.plan, 'useFacebook')) throw new AppError('ERR_NO_PERMISSION')
      const addInstagram = body.addInstagram === true
      if (addInstagram && !planAllows(ctx.company.plan, 'useInstagram'))
        throw new AppError('ERR_NO_PERMISSION')
      const app = deps.config.metaApp
      if (!app) throw new AppError('ERR_FACEBOOK_NOT_CONFIGURED')

      const planned: PlannedPageConnection[] = []
      try {
        const { data: pages = [] } = await graph.get<{ data?: GraphPage[] }>(
          [body.facebookUserId, 'accounts'],
          body.facebookUserToken,
          {
            query: {
              fields: 'id,name,access_token,instagram_business_account{id,username,name}',
            },
          },
        )
        for (const page of pages) {
          if (!page.access_token || !/^[0-9]{1,30}$/.test(page.id)) continue
          // Page tokens of a short-lived user token expire with it: trade for a long-lived one.
          const { access_token: pageToken } = await graph.post<{ access_token: string }>(
            ['oauth', 'access_token'],
            page.access_token,
            {
              json: {
                grant_type: 'fb_exchange_token',
                client_id: app.id,
                client_secret: app.secret,
                fb_exchange_token: page.access_token,
              },
            },
          )
          await graph.post([page.id, 'subscribed_apps'], pageToken, {
            json: { subscribed_fields: PAGE_SUBSCRIBED_FIELDS },
          })
          planned.push({
            channel: 'facebook',
            accountId: page.id,
            pageId: page.id,
            name: connectionNameOf(page.name, `Facebook ${page.id}`),
            pageToken,
          })
          const instagram = page.instagram_business_account
          if (addInstagram && instagram && /^[0-9]{1,30}$/.test(instagram.id))
            planned.push({
              channel: 'instagram',
              accountId: instagram.id,
              pageId: page.id,
              name: connectionNameOf(
                `Insta ${instagram.username ?? instagram.name ?? ''}`.trim(),
                `Instagram ${instagram.id}`,
              ),
              pageToken,
            })
        }
      } catch (error) {
        throw asAppError(error)
      }
      if (planned.length === 0) throw new AppError('ERR_FACEBOOK_PAGE_NOT_FOUND')

      const saved = await deps.db
        .transaction(async (tx) => {
          const locked = await companies.lockWithPlan(tx, ctx.companyId)
          const txRepo = connectionsRepository(tx)
          let total = await txRepo.countInCompany(ctx.companyId)
          const rows: ConnectionRow[] = []
          for (const item of planned) {
            const values = {
              status: 'CONNECTED' as const,
              facebookUserId: body.facebookUserId,
              facebookPageId: item.pageId,
              facebookPageTokenSealed: channels.seal(item.pageToken),
              facebookUserTokenSealed: channels.seal(body.facebookUserToken),
              // The app's secret signs the page's webhooks.
              wabaAppSecretSealed: channels.seal(app.secret),
            }
            const existing = await txRepo.findByPageAccount(
              ctx.companyId,
              item.channel,
              item.accountId,
            )
            if (existing) {
              const updated = await txRepo.update(ctx.companyId, existing.id, values)
              if (updated) rows.push(updated)
              continue
            }
            if (total >= locked.plan.connections) throw new AppError('ERR_CONNECTION_LIMIT_REACHED')
            let name = item.name
            for (let n = 2; await txRepo.nameTaken(ctx.companyId, item.channel, name); n += 1)
              name = `${item.name.slice(0, 44)} (${n})`
            rows.push(
              await txRepo.insert({
                ...values,
                companyId: ctx.companyId,
                name,
                channel: item.channel,
                facebookPageUserId: item.accountId,
                token: generateConnectionToken(),
                isDefault: false,
              }),
            )
            total += 1
          }
          return rows
        })
        .catch(rethrowConflict)

      await emitUpdates(ctx.companyId, saved)
      return present(ctx.companyId, saved, true)
    },

    /** A connection row of the company, for modules acting through its driver. */
    findRow: (companyId: number, id: number) => repo.findById(companyId, id),

    /** The company's default connection row. */
    defaultRow: (companyId: number) => repo.findDefault(companyId),

    /** Whether `id` is a connection of the company (for references such as a user's default). */
    exists: (companyId: number, id: number) => repo.exists(companyId, id),

    /** A connection of any company, for provider webhooks whose URL names it. */
    findForWebhook: (id: number) => repo.findByIdInAnyCompany(id),
    /** Where an app-level Meta webhook entry goes: the page's or account's connections. */
    findForPageWebhook: (channel: 'facebook' | 'instagram', accountId: string) =>
      repo.byPageAccount(channel, accountId),

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

/** A page or account name as a connection name (2 to 50 characters). */
function connectionNameOf(name: string | undefined, fallback: string): string {
  const trimmed = (name ?? '').trim().slice(0, 50)
  return trimmed.length >= 2 ? trimmed : fallback
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
