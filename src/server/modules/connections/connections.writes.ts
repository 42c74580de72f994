import type {
  ConnectionDto,
  ConnectionMessage,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@shared/contracts/connections'
import type { GraphClient } from '@server/channels/graph/client'
import type { ChannelRegistry } from '@server/channels/registry'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import type { CompaniesService } from '../companies/companies.service'
import type { MediaService } from '../media/media.service'
import type { QueuesService } from '../queues/queues.service'
import type { ConnectionEvents } from './connections.events'
import type { FacebookOnboarding } from './connections.facebook'
import type { SessionAction } from './connections.policy'
import { presentWithQueues } from './connections.presenter'
import { releaseGreetingFile } from './connections.greeting-file'
import { connectionsRepository } from './connections.repository'
import {
  assertCredentialsPresent,
  assertRules,
  credentialsFrom,
  DEFAULT_CHANNELS,
  generateConnectionToken,
  isPageChannel,
  rethrowConflict,
  sealed,
  valuesFrom,
  type PageChannel,
} from './connections.rules'
import type { ConnectionRow } from './connections.table'
import type { IntegrationsService } from '../integrations/integrations.service'
import type { FlowsService } from '../flows/flows.service'
import type { PromptsService } from '../prompts/prompts.service'

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

/** What the connection services are built from (`services.ts`). */
export interface ConnectionCollaborators {
  /** Seals credentials (and opens stored ones to validate them again). */
  channels: ChannelRegistry
  companies: CompaniesService
  queues: QueuesService
  /** Validates Cloud API and page credentials when a connection is saved. */
  graph: GraphClient
  media: MediaService
  /**
   * Whether a message shows a stored file (the bot's greetings share their connection's): the
   * messages service is built after the connections, so the wiring passes a closure.
   */
  fileShown: (companyId: number, path: string) => Promise<boolean>
  /** Whether an integration id is one of the company's. */
  integrations: Pick<IntegrationsService, 'assertUsable'>
  /** Whether a prompt id is one of the company's. */
  prompts: Pick<PromptsService, 'assertUsable'>
  /** Whether a flow id is one of the company's (the default flows). */
  flows: Pick<FlowsService, 'assertUsable'>
  sessions?: ConnectionSessions
}

/** What asking Graph about a connection's credentials answered. */
interface Probed {
  status: ConnectionRow['status']
  number?: string
  /** Graph could not say (an outage, a rate limit). */
  unanswered?: true
}

/** A page's messages go to whoever saves its id: only a token of the page may (probe F1). */
function assertPageVerified(probed: Probed) {
  if (probed.status === 'CONNECTED') return
  throw new AppError(probed.unanswered ? 'ERR_PAGE_NOT_CHECKED' : 'ERR_PAGE_NOT_VERIFIED')
}

const SESSION_MESSAGES: Record<SessionAction, string> = {
  start: 'Starting session.',
  newQr: 'Starting session.',
  logout: 'Session disconnected.',
}

/** The company's clock for the form rules: dates are judged in its time zone. */
const clockIn = (timeZone: string) => ({ timeZone, now: new Date() })

/**
 * Every write of a connection, for a caller that already chose the company and checked who
 * asks (`connections.service.ts` for the company's users, `connections.admin.service.ts` for
 * the platform operator). Saving enforces the plan (connection limit under the company row
 * lock), the spec's form rules, one default WhatsApp-family connection per company and
 * platform-wide unique tokens; Meta credentials are sealed and validated against the Graph API.
 */
export function createConnectionWrites(
  deps: CoreDeps,
  {
    channels,
    companies,
    queues,
    media,
    fileShown,
    integrations,
    prompts,
    flows,
    sessions,
    events,
    facebook,
  }: ConnectionCollaborators & {
    events: ConnectionEvents
    facebook: Pick<FacebookOnboarding, 'probe' | 'unsubscribePage'>
  },
) {
  const repo = connectionsRepository(deps.db)
  const seal = (plain: string) => channels.seal(plain)

  async function presentOne(row: ConnectionRow): Promise<ConnectionDto> {
    const [dto] = await presentWithQueues(repo, row.companyId, [row], true)
    return dto!
  }

  /** The integration, the prompt and the default flows a connection names are the company's. */
  async function assertAutomationBelongs(
    companyId: number,
    values: {
      integrationId?: number | null
      promptId?: number | null
      flowIdWelcome?: number | null
      flowIdNotPhrase?: number | null
    },
  ) {
    if (typeof values.integrationId === 'number')
      await integrations.assertUsable(
        companyId,
        values.integrationId,
        'integrationId',
        'connection',
      )
    if (typeof values.promptId === 'number')
      await prompts.assertUsable(companyId, values.promptId, 'promptId')
    for (const field of ['flowIdWelcome', 'flowIdNotPhrase'] as const) {
      const flowId = values[field]
      if (typeof flowId === 'number') await flows.assertUsable(companyId, flowId, field)
    }
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

  /** Session starts answer at once; the session reports its progress through session events. */
  function runInBackground(connectionId: number, task: () => Promise<void> | void) {
    void Promise.resolve()
      .then(task)
      .catch((error: unknown) =>
        deps.log.error({ err: error, connectionId }, 'connection session did not start'),
      )
  }

  return {
    /** POST /whatsapp in the company, in its `timeZone`. */
    async add(
      companyId: number,
      timeZone: string,
      body: CreateConnectionBody,
    ): Promise<ConnectionDto> {
      const channel = body.channel ?? 'whatsapp'
      const name = body.name.trim()
      if (name.length < 2) throw validationError('name')
      const queueIds = body.queueIds ?? []
      const values = valuesFrom(body)
      const credentials = credentialsFrom(channel, body)
      assertRules(undefined, values, queueIds, clockIn(timeZone))
      await assertQueuesBelong(companyId, { ...values, queueIds })
      await assertAutomationBelongs(companyId, values)
      const accountId =
        channel === 'whatsappapi' ? credentials.wabaPhoneNumberId : credentials.facebookPageUserId
      const accountToken =
        channel === 'whatsappapi' ? credentials.wabaAccessToken : credentials.facebookPageToken
      assertCredentialsPresent(channel, { accountId, token: accountToken })
      const probed: Probed =
        channel === 'whatsapp'
          ? { status: 'OPENING' as const }
          : await facebook.probe(channel, accountId!, accountToken!)
      if (isPageChannel(channel)) assertPageVerified(probed)
      const token = body.token || generateConnectionToken()

      const { row, previousDefault } = await deps.db
        .transaction(async (tx) => {
          // Counting and choosing the default under the company row lock keeps concurrent
          // creations inside the plan and with one default.
          const locked = await companies.lockWithPlan(tx, companyId)
          const txRepo = connectionsRepository(tx)
          if ((await txRepo.countInCompany(companyId)) >= locked.plan.connections)
            throw new AppError('ERR_CONNECTION_LIMIT_REACHED')
          if (await txRepo.nameTaken(companyId, channel, name))
            throw new AppError('ERR_DUPLICATED_CONNECTION')
          if (await txRepo.tokenTaken(token)) throw validationError('token')
          if (
            isPageChannel(channel) &&
            (await txRepo.pageAccountInOtherCompany(companyId, channel, accountId!))
          )
            throw new AppError('ERR_PAGE_TAKEN')
          const currentDefault = await txRepo.findDefault(companyId)
          const isDefault =
            DEFAULT_CHANNELS.includes(channel) && (body.isDefault === true || !currentDefault)
          const previous =
            isDefault && currentDefault
              ? await txRepo.update(companyId, currentDefault.id, { isDefault: false })
              : undefined
          const inserted = await txRepo.insert({
            ...values,
            ...sealed(credentials, seal),
            companyId,
            name,
            channel,
            token,
            isDefault,
            status: probed.status,
            ...(probed.number ? { number: probed.number } : {}),
          })
          await txRepo.replaceQueues(companyId, inserted.id, queueIds)
          return { row: inserted, previousDefault: previous }
        })
        .catch(rethrowConflict)

      await events.updated(companyId, previousDefault ? [previousDefault, row] : [row])
      if (channel === 'whatsapp' && sessions)
        runInBackground(row.id, () => sessions.start(row.companyId, row.id))
      return presentOne(row)
    },

    /**
     * PUT /whatsapp/{id} and PUT /whatsapp-admin/{id} on the connection `row`: what is sent
     * changes; a Meta connection is validated again. Dates are judged in `timeZone`, the
     * connection's company's.
     */
    async save(
      row: ConnectionRow,
      timeZone: string,
      body: UpdateConnectionBody,
    ): Promise<ConnectionDto> {
      const { companyId, id } = row
      if (body.channel !== undefined && body.channel !== row.channel)
        throw validationError('channel')
      const name = body.name?.trim()
      if (name !== undefined && name.length < 2) throw validationError('name')
      const values = valuesFrom(body)
      const credentials = credentialsFrom(row.channel, body)
      const queueIds =
        body.queueIds ?? (await repo.queuesOf(companyId, [id])).map((queue) => queue.id)
      assertRules(row, values, queueIds, clockIn(timeZone))
      await assertQueuesBelong(companyId, { ...values, queueIds: body.queueIds ?? [] })
      await assertAutomationBelongs(companyId, values)

      let probed: Probed | undefined
      let movedToPage: { channel: PageChannel; accountId: string } | undefined
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
        probed = await facebook.probe(row.channel, accountId!, accountToken!)
        if (isPageChannel(row.channel)) {
          // New page credentials must be proven; unchanged ones only refresh the status.
          const moved = accountId !== row.facebookPageUserId
          const changed = moved || credentials.facebookPageToken !== undefined
          if (changed) assertPageVerified(probed)
          if (moved) movedToPage = { channel: row.channel, accountId: accountId! }
        }
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
          if (
            movedToPage &&
            (await txRepo.pageAccountInOtherCompany(
              companyId,
              movedToPage.channel,
              movedToPage.accountId,
            ))
          )
            throw new AppError('ERR_PAGE_TAKEN')
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
            ...sealed(credentials, seal),
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

      await events.updated(companyId, previousDefault ? [previousDefault, updated] : [updated])
      return presentOne(updated)
    },

    /**
     * DELETE /whatsapp/{id} and DELETE /whatsapp-admin/{id} of the connection `row`. A WhatsApp
     * session is unlinked and its pairing forgotten; tickets keep their history (their
     * connection becomes null). A deleted default hands the flag to the oldest WhatsApp-family
     * connection left. A page connection whose page no connection uses any more drops the
     * page's webhook subscription.
     */
    async remove(row: ConnectionRow): Promise<ConnectionMessage> {
      const { companyId, id } = row
      const { removed, promoted } = await deps.db.transaction(async (tx) => {
        // Under the company lock, so a concurrent create or delete sees one default.
        await companies.lockWithPlan(tx, companyId)
        const txRepo = connectionsRepository(tx)
        const gone = await txRepo.remove(companyId, id)
        if (!gone) throw new AppError('ERR_NO_WAPP_FOUND')
        let next: ConnectionRow | undefined
        if (gone.isDefault) {
          const oldest = await txRepo.oldestOfChannels(companyId, DEFAULT_CHANNELS)
          if (oldest) next = await txRepo.update(companyId, oldest.id, { isDefault: true })
        }
        return { removed: gone, promoted: next }
      })

      // After the commit: a delete that failed must not have unlinked the phone.
      if (row.channel === 'whatsapp' && sessions) await sessions.discard(companyId, id)
      events.deleted(companyId, id)
      if (promoted) await events.updated(companyId, [promoted])
      if (removed.greetingMediaAttachment)
        await releaseGreetingFile({ media, fileShown }, companyId, removed.greetingMediaAttachment)
      if (removed.facebookPageId) await facebook.unsubscribePage(removed, removed.facebookPageId)
      return { message: 'Session disconnected.' }
    },

    /**
     * The session actions of /whatsappsession/{id} on the connection `row` (reference §6
     * "Build it right"): `start` reuses the stored pairing, `newQr` forgets it first, `logout`
     * unlinks and stays DISCONNECTED. Starts answer at once; the session reports through
     * session events.
     */
    async sessionAction(row: ConnectionRow, action: SessionAction): Promise<ConnectionMessage> {
      if (row.channel !== 'whatsapp') throw new AppError('ERR_CHANNEL_HAS_NO_SESSION')
      if (!sessions) throw new AppError('ERR_WAPP_NOT_INITIALIZED')
      const { companyId, id } = row
      if (action === 'logout') await sessions.logout(companyId, id)
      else
        runInBackground(id, () =>
          action === 'start' ? sessions.start(companyId, id) : sessions.requestNewQr(companyId, id),
        )
      return { message: SESSION_MESSAGES[action] }
    },

    /**
     * POST /whatsapp-restart: every WhatsApp socket of the company starts again with its stored
     * pairing; disconnected ones stay so (they wait for an admin's Try again or New QR).
     */
    async restartAll(companyId: number): Promise<ConnectionMessage> {
      for (const row of await repo.list(companyId, 'whatsapp')) {
        if (row.status === 'DISCONNECTED' || !sessions) continue
        runInBackground(row.id, () => sessions.restart(row.companyId, row.id))
      }
      return { message: 'Whatsapp restart.' }
    },
  }
}

export type ConnectionWrites = ReturnType<typeof createConnectionWrites>
