import type { RequestContext } from '@server/context'
import {
  INTEGRATION_DEFAULTS,
  INTEGRATION_PAGE_SIZE,
  type CreateQueueIntegrationBody,
  type ListQueueIntegrationsQuery,
  type QueueIntegrationDto,
  type QueueIntegrationList,
  type UpdateQueueIntegrationBody,
} from '@shared/contracts/queue-integrations'
import { integrationProblems } from '@shared/contracts/queue-integrations-rules'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isForeignKeyViolation } from '@server/lib/foreign-key-violation'
import { createSecretBox } from '@server/lib/secret-box'
import { isUniqueViolation } from '@server/lib/unique-violation'
import { presentIntegration } from './integrations.presenter'
import { integrationsRepository, type IntegrationValues } from './integrations.repository'
import type { QueueIntegrationRow } from './integrations.table'

/** POST and PUT send the same form. */
type IntegrationBody = CreateQueueIntegrationBody

/**
 * Queue integrations (002 §2.18, §3.12, reference §6): the company's admins manage them, on
 * plans with useIntegrations (the routes' gate). Dialogflow's service account is sealed at rest
 * and never answered; an update without one keeps the stored one. An integration a connection,
 * queue, option or open conversation uses is not deleted: the refusal names them.
 */
export function createIntegrationsService(deps: CoreDeps) {
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
        queueIntegrations: rows.slice(0, INTEGRATION_PAGE_SIZE).map(presentIntegration),
        count,
        hasMore: rows.length > INTEGRATION_PAGE_SIZE,
      }
    },

    async get(ctx: RequestContext, id: number): Promise<QueueIntegrationDto> {
      return presentIntegration(await found(ctx.companyId, id))
    },

    async create(
      ctx: RequestContext,
      body: CreateQueueIntegrationBody,
    ): Promise<QueueIntegrationDto> {
      const values = valuesOf(body, null)
      await refuseTakenName(ctx.companyId, values.name)
      const row = await repo.insert(ctx.companyId, values).catch(duplicatedName)
      const queueIntegration = presentIntegration(row)
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
      await refuseTakenName(ctx.companyId, values.name, id)
      const row = await repo.update(ctx.companyId, id, values).catch(duplicatedName)
      if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND')
      const queueIntegration = presentIntegration(row)
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
     * Checks that `id` is one of the company's integrations, for a connection's, queue's or
     * option's `field`; a queue or an option cannot take a flow, whose integration names none.
     */
    async assertUsable(
      companyId: number,
      id: number,
      field: string,
      where: 'connection' | 'queue' | 'option',
    ): Promise<void> {
      const type = (await repo.typesOf(companyId, [id])).get(id)
      if (type === undefined || (where !== 'connection' && type === 'flowbuilder'))
        throw validationError(field)
    },
  }
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>
