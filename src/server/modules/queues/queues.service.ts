import type { RequestContext } from '@server/context'
import {
  CHATBOT_MAX_DEPTH,
  QUEUE_NAME,
  type CreateQueueBody,
  type QueueDetailDto,
  type QueueDto,
  type UpdateQueueBody,
} from '@shared/contracts/queues'
import { isValidServiceHours } from '@shared/contracts/service-hours'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isUniqueViolation } from '@server/lib/unique-violation'
import type { CompaniesService } from '../companies/companies.service'
import type { FileListsService } from '../file-lists/file-lists.service'
import type { IntegrationsService } from '../integrations/integrations.service'
import type { ChatbotsService } from './chatbots.service'
import { presentQueue } from './queues.presenter'
import { queuesRepository, type QueueValues } from './queues.repository'
import type { QueueRow } from './queues.table'

interface Collaborators {
  companies: CompaniesService
  chatbots: ChatbotsService
  integrations: Pick<IntegrationsService, 'assertUsable'>
  fileLists: Pick<FileListsService, 'assertUsable'>
}

/** Which unique index refused a write: drizzle wraps the driver's error in `cause`. */
const violatedConstraint = (error: unknown): string | undefined =>
  [error, (error as { cause?: unknown } | null)?.cause]
    .map((candidate) => (candidate as { constraint?: string } | null)?.constraint)
    .find(Boolean)

/** Two requests passing the name and colour checks at once meet the unique indexes instead. */
function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError(
      violatedConstraint(error) === 'queues_company_name_key'
        ? 'ERR_QUEUE_NAME_ALREADY_EXISTS'
        : 'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    )
  throw error
}

/**
 * Queues (001 §3, §7; reference §7): CRUD with validation, the plan's queue limit, service hours
 * and the option tree, written with the queue in one transaction.
 */
export function createQueuesService(
  deps: CoreDeps,
  { companies, chatbots, integrations, fileLists }: Collaborators,
) {
  const repo = queuesRepository(deps.db)

  async function load(companyId: number, id: number): Promise<QueueRow> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_QUEUE_NOT_FOUND')
    return row
  }

  async function detail(row: QueueRow): Promise<QueueDetailDto> {
    const forest = await chatbots.forestOfQueues(row.companyId, [row.id])
    return { ...presentQueue(row), chatbots: forest.ofQueue(row.id) }
  }

  /** The stored fields from a body: trimmed name, lower-case colour, checked hours. */
  function valuesOf(body: CreateQueueBody | UpdateQueueBody): QueueValues {
    const { chatbots: _chatbots, ...fields } = body
    const values: QueueValues = {}
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined) (values as Record<string, unknown>)[key] = value
    if (body.name !== undefined) {
      values.name = body.name.trim()
      if (values.name.length < QUEUE_NAME.min) throw validationError('name')
    }
    // "#ABC" and "#abc" are one colour: stored lower-case, the unique index sees them as equal.
    if (body.color !== undefined) values.color = body.color.toLowerCase()
    if (body.schedules !== undefined && !isValidServiceHours(body.schedules))
      throw validationError('schedules')
    return values
  }

  /**
   * A queue's integration and file list are the company's own, and the integration not a flow
   * (whose record names none).
   */
  async function assertAutomationBelongs(companyId: number, values: QueueValues) {
    if (typeof values.integrationId === 'number')
      await integrations.assertUsable(companyId, values.integrationId, 'integrationId', 'queue')
    if (typeof values.fileListId === 'number')
      await fileLists.assertUsable(companyId, values.fileListId, 'fileListId')
  }

  async function assertUnique(companyId: number, values: QueueValues, exceptId?: number) {
    if (values.name !== undefined && (await repo.taken(companyId, 'name', values.name, exceptId)))
      throw new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS')
    if (
      values.color !== undefined &&
      (await repo.taken(companyId, 'color', values.color, exceptId))
    )
      throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS')
  }

  /** Every user's queue list follows the company's queues (the inbox filters by them). */
  function emit(companyId: number, payload: CompanyEventPayloads['queue']) {
    deps.realtime.emit(companyId, [rooms.company], 'queue', payload)
  }

  async function changed(row: QueueRow): Promise<QueueDetailDto> {
    const dto = await detail(row)
    emit(row.companyId, { action: 'update', queue: presentQueue(row) })
    return dto
  }

  return {
    /** GET /queue: the company's queues by orderQueue, without their trees. */
    async list(ctx: RequestContext): Promise<QueueDto[]> {
      return (await repo.list(ctx.companyId)).map(presentQueue)
    },

    /** GET /queue/{id}: the queue with its whole option tree, read in one query. */
    async get(ctx: RequestContext, id: number): Promise<QueueDetailDto> {
      return detail(await load(ctx.companyId, id))
    },

    async create(ctx: RequestContext, body: CreateQueueBody): Promise<QueueDetailDto> {
      const { companyId } = ctx
      const values = valuesOf(body)
      await assertUnique(companyId, values)
      await assertAutomationBelongs(companyId, values)
      const flat = await chatbots.prepareTree(
        companyId,
        body.chatbots ?? [],
        'chatbots',
        CHATBOT_MAX_DEPTH,
      )
      const row = await deps.db
        .transaction(async (tx) => {
          // Counting under the company row lock keeps concurrent creations inside the plan limit.
          const locked = await companies.lockWithPlan(tx, companyId)
          const txRepo = queuesRepository(tx)
          if ((await txRepo.countInCompany(companyId)) >= locked.plan.queues)
            throw new AppError('ERR_QUEUE_LIMIT_REACHED')
          const created = await txRepo.insert({
            ...values,
            companyId,
            name: body.name.trim(),
            color: body.color.toLowerCase(),
          })
          await chatbots.replaceTree(tx, companyId, { queueId: created.id }, flat)
          return created
        })
        .catch(rethrowDuplicate)
      return changed(row)
    },

    /** PUT /queue/{id}: fields, hours and, when `chatbots` is sent, the whole option tree. */
    async update(ctx: RequestContext, id: number, body: UpdateQueueBody): Promise<QueueDetailDto> {
      const { companyId } = ctx
      await load(companyId, id)
      const values = valuesOf(body)
      await assertUnique(companyId, values, id)
      await assertAutomationBelongs(companyId, values)
      const flat = body.chatbots
        ? await chatbots.prepareTree(companyId, body.chatbots, 'chatbots', CHATBOT_MAX_DEPTH)
        : null
      const row = await deps.db
        .transaction(async (tx) => {
          const txRepo = queuesRepository(tx)
          if (!(await txRepo.lock(companyId, id))) throw new AppError('ERR_QUEUE_NOT_FOUND')
          const updated = await txRepo.update(companyId, id, values)
          if (!updated) throw new AppError('ERR_QUEUE_NOT_FOUND')
          if (flat) await chatbots.replaceTree(tx, companyId, { queueId: id }, flat)
          return updated
        })
        .catch(rethrowDuplicate)
      return changed(row)
    },

    /**
     * DELETE /queue/{id}, in one transaction: options that sent to it send nowhere, connections
     * that redirected to it stop; its tree and its user and connection links go with it, and
     * its tickets become queue-less (foreign keys). Emitted once committed.
     */
    async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
      const { companyId } = ctx
      await deps.db.transaction(async (tx) => {
        const txRepo = queuesRepository(tx)
        if (!(await txRepo.findById(companyId, id))) throw new AppError('ERR_QUEUE_NOT_FOUND')
        await chatbots.clearQueueTarget(tx, companyId, id)
        await txRepo.clearConnectionRedirects(companyId, id)
        await txRepo.remove(companyId, id)
      })
      emit(companyId, { action: 'delete', queueId: id })
      return { message: 'Queue deleted' }
    },

    existing: (companyId: number, ids: number[]) => repo.existing(companyId, ids),
  }
}

export type QueuesService = ReturnType<typeof createQueuesService>
