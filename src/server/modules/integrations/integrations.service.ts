import type { RequestContext } from '@server/context'
import {
  INTEGRATION_DEFAULTS,
  INTEGRATION_PAGE_SIZE,
  type CreateQueueIntegrationBody,
  type ListQueueIntegrationsQuery,
  type QueueIntegrationDto,
  type QueueIntegrationList,
  type TestSessionBody,
  type TestSessionResult,
  type UpdateQueueIntegrationBody,
} from '@shared/contracts/queue-integrations'
import { integrationProblems, posts } from '@shared/contracts/queue-integrations-rules'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isForeignKeyViolation } from '@server/lib/foreign-key-violation'
import { createSecretBox } from '@server/lib/secret-box'
import { randomBytes, randomUUID } from 'node:crypto'
import type { AttachedBot } from '../bot/bot.conversations.service'
import type { FlowsService } from '../flows/flows.service'
import type { MediaService } from '../media/media.service'
import { failureText } from '../bot/bot.conversations.types'
import { dialogflowBot, dialogflowEndpoints } from './runtimes/dialogflow'
import { typebotBot } from './runtimes/typebot'
import { webhookBot } from './runtimes/webhook'
import { isUniqueViolation } from '@server/lib/unique-violation'
import { presentIntegration } from './integrations.presenter'
import { integrationsRepository, type IntegrationValues } from './integrations.repository'
import type { QueueIntegrationRow } from './integrations.table'

/** Integration errors counted in its health. */
const DAY_MS = 24 * 60 * 60 * 1000

/** POST and PUT send the same form. */
type IntegrationBody = CreateQueueIntegrationBody

/**
 * Queue integrations (002 §2.18, §3.12, reference §6): the company's admins manage them, on
 * plans with useIntegrations (the routes' gate). Dialogflow's service account is sealed at rest
 * and never answered; an update without one keeps the stored one. An integration a connection,
 * queue, option or open conversation uses is not deleted: the refusal names them.
 */
export function createIntegrationsService(
  deps: CoreDeps,
  {
    media,
    flows,
  }: {
    media: Pick<MediaService, 'readFile'>
    /** A flow integration's flow must be the company's. */
    flows: Pick<FlowsService, 'assertUsable'>
  },
) {
  const repo = integrationsRepository(deps.db)
  const box = createSecretBox(`${deps.config.encryptionKey}:integrations`)

  function emit(companyId: number, payload: CompanyEventPayloads['queueIntegration']) {
    deps.realtime.emit(companyId, [rooms.admins], 'queueIntegration', payload)
  }

  async function found(companyId: number, id: number): Promise<QueueIntegrationRow> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND')
    return row
  }

  /** The stored values of a valid body; `current` keeps its credentials when none are sent. */
  function valuesOf(body: IntegrationBody, current: QueueIntegrationRow | null): IntegrationValues {
    const problems = integrationProblems(body, {
      credentialsStored: body.type === current?.type && current.credentialsSealed !== null,
    })
    const [field] = Object.keys(problems)
    if (field) throw validationError(field)
    const dialogflow = body.type === 'dialogflow'
    const credentials = body.jsonContent?.trim()
    return {
      type: body.type,
      name: body.name.trim(),
      projectName: body.projectName?.trim() ?? '',
      // Credentials only Dialogflow uses are not kept for another type.
      credentialsSealed: !dialogflow
        ? null
        : credentials
          ? box.seal(credentials)
          : (current?.credentialsSealed ?? null),
      language: body.language ?? null,
      urlN8N: body.urlN8N?.trim() ?? '',
      typebotSlug: body.typebotSlug?.trim() ?? '',
      typebotExpires: body.typebotExpires ?? INTEGRATION_DEFAULTS.typebotExpires,
      typebotDelayMessage: body.typebotDelayMessage ?? INTEGRATION_DEFAULTS.typebotDelayMessage,
      typebotKeywordFinish: body.typebotKeywordFinish?.trim() ?? '',
      typebotKeywordRestart: body.typebotKeywordRestart?.trim() ?? '',
      typebotRestartMessage: body.typebotRestartMessage ?? '',
      typebotUnknownMessage: body.typebotUnknownMessage ?? '',
      flowId: body.type === 'flowbuilder' ? (body.flowId ?? null) : null,
      // n8n and webhooks verify what they receive with a secret of their own, kept on updates.
      signingSecretSealed: posts(body.type)
        ? (current?.signingSecretSealed ?? box.seal(randomBytes(24).toString('base64url')))
        : null,
    }
  }

  /** The rows with their health: one count of the last day's errors for them all. */
  async function presentAll(companyId: number, rows: QueueIntegrationRow[]) {
    const since = new Date(Date.now() - DAY_MS)
    const errors = await repo.errorCounts(
      companyId,
      rows.map((row) => row.id),
      since,
    )
    return rows.map((row) =>
      presentIntegration(
        row,
        row.signingSecretSealed ? box.open(row.signingSecretSealed) : '',
        errors.get(row.id) ?? 0,
      ),
    )
  }
  const present = async (row: QueueIntegrationRow) => (await presentAll(row.companyId, [row]))[0]!

  const runtimeOptions = () => ({
    allowPrivateTargets: deps.config.bots?.allowPrivateTargets ?? false,
  })
  const dialogflowAttached = (name: string) => ({
    name,
    source: { integrationId: 0 },
    timeoutMs: 15_000,
    failuresBeforeHandOff: 1,
    handOffQueueId: null,
  })

  /** The integration as the bot converses through it; null for a flow, which runs apart. */
  function botOf(row: QueueIntegrationRow): AttachedBot | null {
    if (row.type === 'flowbuilder') return null
    const options = runtimeOptions()
    const common = {
      name: row.name,
      source: { integrationId: row.id },
      failuresBeforeHandOff: 1,
      handOffQueueId: null,
    }
    switch (row.type) {
      case 'typebot':
        return {
          ...common,
          timeoutMs: 15_000,
          bot: typebotBot(
            {
              url: row.urlN8N,
              slug: row.typebotSlug,
              expiresMinutes: row.typebotExpires,
              delayMs: row.typebotDelayMessage,
              keywordFinish: row.typebotKeywordFinish,
              keywordRestart: row.typebotKeywordRestart,
              restartMessage: row.typebotRestartMessage,
              unknownMessage: row.typebotUnknownMessage,
            },
            options,
          ),
        }
      case 'dialogflow':
        return {
          ...common,
          timeoutMs: 15_000,
          bot: dialogflowBot(
            {
              name: row.name,
              projectName: row.projectName,
              language: row.language ?? 'pt-BR',
              credentials: row.credentialsSealed ? box.open(row.credentialsSealed) : '',
            },
            { ...options, ...dialogflowEndpoints(deps.config), readFile: media.readFile },
          ),
        }
      default:
        return {
          ...common,
          timeoutMs: 10_000,
          bot: webhookBot(
            {
              url: row.urlN8N,
              secret: row.signingSecretSealed ? box.open(row.signingSecretSealed) : '',
            },
            options,
          ),
        }
    }
  }

  async function refuseTakenName(companyId: number, name: string, exceptId?: number) {
    if (await repo.nameTaken(companyId, name, exceptId))
      throw new AppError('ERR_DUPLICATED_INTEGRATION', { field: 'name' })
  }

  /** A concurrent save of the same name gets past the check; the unique index answers it. */
  const duplicatedName = (error: unknown): never => {
    if (isUniqueViolation(error))
      throw new AppError('ERR_DUPLICATED_INTEGRATION', { field: 'name' })
    throw error
  }

  return {
    /** GET /queueIntegration/: a page of 20, newest first, searched by name. */
    async list(
      ctx: RequestContext,
      query: ListQueueIntegrationsQuery,
    ): Promise<QueueIntegrationList> {
      const { rows, count } = await repo.page(ctx.companyId, {
        search: query.searchParam?.trim() || undefined,
        limit: INTEGRATION_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * INTEGRATION_PAGE_SIZE,
      })
      return {
        queueIntegrations: await presentAll(ctx.companyId, rows.slice(0, INTEGRATION_PAGE_SIZE)),
        count,
        hasMore: rows.length > INTEGRATION_PAGE_SIZE,
      }
    },

    async get(ctx: RequestContext, id: number): Promise<QueueIntegrationDto> {
      return present(await found(ctx.companyId, id))
    },

    async create(
      ctx: RequestContext,
      body: CreateQueueIntegrationBody,
    ): Promise<QueueIntegrationDto> {
      const values = valuesOf(body, null)
      if (typeof values.flowId === 'number')
        await flows.assertUsable(ctx.companyId, values.flowId, 'flowId')
      await refuseTakenName(ctx.companyId, values.name)
      const row = await repo.insert(ctx.companyId, values).catch(duplicatedName)
      const queueIntegration = await present(row)
      emit(ctx.companyId, { action: 'create', queueIntegration })
      return queueIntegration
    },

    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateQueueIntegrationBody,
    ): Promise<QueueIntegrationDto> {
      const current = await found(ctx.companyId, id)
      const values = valuesOf(body, current)
      if (typeof values.flowId === 'number')
        await flows.assertUsable(ctx.companyId, values.flowId, 'flowId')
      await refuseTakenName(ctx.companyId, values.name, id)
      const row = await repo.update(ctx.companyId, id, values).catch(duplicatedName)
      if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND')
      const queueIntegration = await present(row)
      emit(ctx.companyId, { action: 'update', queueIntegration })
      return queueIntegration
    },

    async remove(ctx: RequestContext, id: number): Promise<void> {
      await found(ctx.companyId, id)
      const inUse = async () => {
        const usedBy = await repo.usage(ctx.companyId, id)
        const used =
          usedBy.connections.length + usedBy.queues.length + usedBy.options.length > 0 ||
          usedBy.activeTickets > 0
        return used ? new AppError('ERR_INTEGRATION_IN_USE', { usedBy }) : null
      }
      const refusal = await inUse()
      if (refusal) throw refusal
      // A connection or queue that took it meanwhile: its foreign key refuses the delete.
      const removed = await repo.remove(ctx.companyId, id).catch(async (error: unknown) => {
        if (isForeignKeyViolation(error)) throw (await inUse()) ?? error
        throw error
      })
      if (!removed) throw new AppError('ERR_NO_INTEGRATION_FOUND')
      emit(ctx.companyId, { action: 'delete', integrationId: id })
    },

    /**
     * The integration as the bot converses through it (reference §6), or null when it is gone
     * or is a flow, which runs apart.
     */
    async attached(companyId: number, id: number): Promise<AttachedBot | null> {
      const row = await repo.findById(companyId, id)
      return row ? botOf(row) : null
    },

    /**
     * POST /queueIntegration/testSession: one message to the integration, outside any
     * conversation; the bot's failure answers 502 with what it said.
     */
    async testSession(ctx: RequestContext, body: TestSessionBody): Promise<TestSessionResult> {
      let attached: AttachedBot | null
      if (body.id !== undefined) {
        attached = botOf(await found(ctx.companyId, body.id))
        if (!attached) throw validationError('id')
      } else {
        if (!body.projectName?.trim()) throw validationError('projectName')
        if (!body.jsonContent?.trim()) throw validationError('jsonContent')
        if (!body.language) throw validationError('language')
        attached = {
          ...dialogflowAttached('Dialogflow'),
          bot: dialogflowBot(
            {
              name: 'Dialogflow',
              projectName: body.projectName.trim(),
              language: body.language,
              credentials: body.jsonContent,
            },
            { ...runtimeOptions(), ...dialogflowEndpoints(deps.config), readFile: media.readFile },
          ),
        }
      }
      const started = Date.now()
      try {
        const reply = await attached.bot.converse({
          company: { id: ctx.companyId },
          ticket: { id: 0, uuid: randomUUID(), status: 'pending', queueId: null },
          contact: { id: 0, name: ctx.user.name, number: '0' },
          connection: { id: 0, name: 'teste', channel: 'whatsapp' },
          message: {
            id: 0,
            body: body.message?.trim() || 'oi',
            mediaType: 'conversation',
            mediaUrl: null,
            mediaPath: null,
            transcription: null,
            createdAt: new Date(),
          },
          session: null,
          signal: AbortSignal.timeout(attached.timeoutMs),
        })
        return {
          messages: reply.outputs.map((output) =>
            output.kind === 'text' ? output.text : output.kind === 'media' ? output.url : '🔊',
          ),
          handOff: reply.handOff?.kind ?? null,
          elapsedMs: Date.now() - started,
        }
      } catch (error) {
        throw new AppError('ERR_TEST_SESSION_DIALOG', { detail: failureText(error) })
      }
    },

    /**
     * Checks that `id` is one of the company's integrations, for a connection's, queue's or
     * option's `field`; an option cannot take a flow integration (its flow would start mid-tree).
     */
    async assertUsable(
      companyId: number,
      id: number,
      field: string,
      where: 'connection' | 'queue' | 'option',
    ): Promise<void> {
      const type = (await repo.typesOf(companyId, [id])).get(id)
      if (type === undefined || (where === 'option' && type === 'flowbuilder'))
        throw validationError(field)
    },
  }
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>
