import type { RequestContext } from '@server/context'
import {
  CHATBOT_MAX_DEPTH,
  type ChatbotDetailDto,
  type ChatbotDto,
  type ChatbotOptionInput,
  type CreateChatbotBody,
  type UpdateChatbotBody,
} from '@shared/contracts/queues'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import type { FileListsService } from '../file-lists/file-lists.service'
import type { IntegrationsService } from '../integrations/integrations.service'
import { chatbotsRepository, type ChatbotValues, type TreeRow } from './chatbots.repository'
import type { ChatbotRow } from './chatbots.table'
import { assertOptionRules, assertTreeRules, flattenTree, type FlatOption } from './chatbots.tree'
import { buildForest, presentChatbot } from './queues.presenter'
import { queuesRepository } from './queues.repository'

export interface ChatbotCollaborators {
  /** Which of `ids` are users of the company (late-bound: the users service is built later). */
  userIds: (companyId: number, ids: number[]) => Promise<number[]>
  integrations: Pick<IntegrationsService, 'assertUsable'>
  fileLists: Pick<FileListsService, 'assertUsable'>
}

/** Where a tree hangs: under a queue (its level-1 options) or under an option. */
export type TreeRoot = { queueId: number } | { chatbotId: number }

const unique = (values: (number | null | undefined)[]) => [
  ...new Set(values.filter((value): value is number => value != null)),
]

/** The stored fields of an option from what the client sent (defaults for what it left out). */
const fieldsOf = (input: Omit<ChatbotOptionInput, 'id' | 'options'>) => ({
  name: input.name.trim(),
  greetingMessage: input.greetingMessage ?? '',
  queueType: input.queueType ?? 'text',
  optQueueId: input.optQueueId ?? null,
  optUserId: input.optUserId ?? null,
  optIntegrationId: input.optIntegrationId ?? null,
  optFileId: input.optFileId ?? null,
  closeTicket: input.closeTicket ?? false,
})

/**
 * Chatbot options (the `/chatbot` calls) and the option trees of queues: validation of a tree
 * and writing it in one go, shared with the queues service.
 */
export function createChatbotsService(
  deps: CoreDeps,
  { userIds, integrations, fileLists }: ChatbotCollaborators,
) {
  const repo = chatbotsRepository(deps.db)
  const queueRepo = queuesRepository(deps.db)

  /**
   * Queues, users, integrations and file lists an option sends to must be the company's own
   * (reference §7); an option never hands a conversation to a flow, whose record names none.
   */
  async function assertReferences(
    companyId: number,
    options: { input: ChatbotOptionInput; path: string }[],
  ) {
    const queueIds = unique(options.map((option) => option.input.optQueueId))
    const users = unique(options.map((option) => option.input.optUserId))
    const [knownQueues, knownUsers] = await Promise.all([
      queueRepo.existing(companyId, queueIds).then((ids) => new Set(ids)),
      userIds(companyId, users).then((ids) => new Set(ids)),
    ])
    for (const { input, path } of options) {
      if (input.optQueueId != null && !knownQueues.has(input.optQueueId))
        throw validationError(`${path}.optQueueId`)
      if (input.optUserId != null && !knownUsers.has(input.optUserId))
        throw validationError(`${path}.optUserId`)
      if (input.optIntegrationId != null)
        await integrations.assertUsable(
          companyId,
          input.optIntegrationId,
          `${path}.optIntegrationId`,
          'option',
        )
      if (input.optFileId != null)
        await fileLists.assertUsable(companyId, input.optFileId, `${path}.optFileId`)
    }
  }

  /** Checks a submitted tree against its rules and the company before any transaction. */
  async function prepareTree(
    companyId: number,
    tree: ChatbotOptionInput[],
    rootPath: string,
    maxLevels: number,
  ): Promise<FlatOption[]> {
    const flat = flattenTree(tree, rootPath)
    assertTreeRules(flat, maxLevels, rootPath)
    await assertReferences(companyId, flat)
    return flat
  }

  /**
   * Makes the stored tree under `root` the submitted one, inside the caller's transaction (which
   * holds the root's row lock, so two saves of one tree take turns): named options are updated
   * (and moved), new ones inserted, the rest deleted. An id must name an option of this very
   * tree: none can be pulled in from another tree or company, nor can the tree loop back onto
   * its root. Deleting comes last, so an option moved out from under a deleted parent is not
   * taken by the cascade.
   */
  async function replaceTree(tx: Executor, companyId: number, root: TreeRoot, flat: FlatOption[]) {
    const txRepo = chatbotsRepository(tx)
    const stored =
      'queueId' in root
        ? await txRepo.treesOfQueues(companyId, [root.queueId])
        : await txRepo.subtreeOf(companyId, root.chatbotId)
    const existing = new Set(stored.map((row) => row.id))
    const ids: number[] = []
    for (const option of flat) {
      if (option.input.id !== undefined && !existing.has(option.input.id))
        throw validationError(`${option.path}.id`)
      const parentId = option.parent === null ? null : ids[option.parent]!
      const values: ChatbotValues = {
        ...fieldsOf(option.input),
        queueId: option.parent === null && 'queueId' in root ? root.queueId : null,
        chatbotId: parentId ?? ('chatbotId' in root ? root.chatbotId : null),
        position: option.position,
      }
      const row =
        option.input.id !== undefined
          ? await txRepo.update(companyId, option.input.id, values)
          : await txRepo.insert(companyId, values)
      if (!row) throw validationError(`${option.path}.id`)
      ids.push(row.id)
    }
    const kept = new Set(ids)
    await txRepo.deleteMany(
      companyId,
      [...existing].filter((id) => !kept.has(id)),
    )
  }

  async function load(companyId: number, id: number): Promise<ChatbotRow> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_CHATBOT_FOUND')
    return row
  }

  /** Level of an option: 1 under a queue or free-standing, one more per ancestor. */
  const levelOf = async (companyId: number, row: Pick<TreeRow, 'id' | 'chatbotId'>) =>
    row.chatbotId === null ? 1 : (await repo.ancestorsOf(companyId, row.id)).length + 1

  async function detail(companyId: number, row: ChatbotRow): Promise<ChatbotDetailDto> {
    const [subtree, parent] = await Promise.all([
      repo.subtreeOf(companyId, row.id),
      row.chatbotId === null ? undefined : repo.findById(companyId, row.chatbotId),
    ])
    return {
      ...presentChatbot(row),
      mainChatbot: parent ? { id: parent.id, name: parent.name } : null,
      options: buildForest(subtree).ofOption(row.id),
    }
  }

  function emit(companyId: number, payload: CompanyEventPayloads['chatbot']) {
    deps.realtime.emit(companyId, [rooms.admins], 'chatbot', payload)
  }

  return {
    prepareTree,
    replaceTree,

    /** The whole option trees of these queues, nested. */
    async forestOfQueues(companyId: number, queueIds: number[]) {
      return buildForest(await repo.treesOfQueues(companyId, queueIds))
    },

    clearQueueTarget: (tx: Executor, companyId: number, queueId: number) =>
      chatbotsRepository(tx).clearQueueTarget(companyId, queueId),

    /** GET /chatbot: the company's options that are not a queue's first level. */
    async list(ctx: RequestContext): Promise<ChatbotDto[]> {
      return (await repo.listDetached(ctx.companyId)).map(presentChatbot)
    },

    async get(ctx: RequestContext, id: number): Promise<ChatbotDetailDto> {
      return detail(ctx.companyId, await load(ctx.companyId, id))
    },

    /** POST /chatbot: a free-standing option, or the last one under a queue or a parent. */
    async create(ctx: RequestContext, body: CreateChatbotBody): Promise<ChatbotDetailDto> {
      const { companyId } = ctx
      const queueId = body.queueId ?? null
      const parentId = body.chatbotId ?? null
      if (queueId !== null && parentId !== null) throw validationError('chatbotId')
      if (queueId !== null && (await queueRepo.existing(companyId, [queueId])).length === 0)
        throw validationError('queueId')
      let level = 1
      if (parentId !== null) {
        const parent = await repo.findById(companyId, parentId)
        if (!parent) throw validationError('chatbotId')
        level = (await levelOf(companyId, parent)) + 1
        // A text parent gains a child: it needs the message that introduces its options.
        if (parent.queueType === 'text' && !parent.greetingMessage.trim())
          throw validationError('chatbotId')
      }
      if (level > CHATBOT_MAX_DEPTH) throw validationError('chatbotId')
      assertOptionRules(body, false, 'chatbot')
      await assertReferences(companyId, [{ input: body, path: 'chatbot' }])
      const row = await deps.db.transaction(async (tx) => {
        const txRepo = chatbotsRepository(tx)
        const position = await txRepo.nextPosition(companyId, queueId, parentId)
        return txRepo.insert(companyId, {
          ...fieldsOf(body),
          queueId,
          chatbotId: parentId,
          position,
        })
      })
      const dto = await detail(companyId, row)
      emit(companyId, { action: 'update', chatbot: dto })
      return dto
    },

    /** PUT /chatbot/{id}: the option's fields and, when `options` is sent, its whole subtree. */
    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateChatbotBody,
    ): Promise<ChatbotDetailDto> {
      const { companyId } = ctx
      const row = await load(companyId, id)
      const { options, ...fields } = body
      // A field left out keeps its stored value.
      const merged: ChatbotRow = { ...row }
      for (const [key, value] of Object.entries(fields))
        if (value !== undefined) (merged as Record<string, unknown>)[key] = value
      const level = await levelOf(companyId, row)
      const hasChildren = options
        ? options.length > 0
        : (await repo.subtreeOf(companyId, id)).some((option) => option.chatbotId === id)
      assertOptionRules(merged, hasChildren, 'chatbot')
      await assertReferences(companyId, [{ input: merged, path: 'chatbot' }])
      const flat = options
        ? await prepareTree(companyId, options, 'options', CHATBOT_MAX_DEPTH - level)
        : null
      const updated = await deps.db.transaction(async (tx) => {
        if (!(await chatbotsRepository(tx).lock(companyId, id)))
          throw new AppError('ERR_NO_CHATBOT_FOUND')
        if (flat) await replaceTree(tx, companyId, { chatbotId: id }, flat)
        const saved = await chatbotsRepository(tx).update(companyId, id, {
          ...fieldsOf(merged),
          queueId: row.queueId,
          chatbotId: row.chatbotId,
          position: row.position,
        })
        if (!saved) throw new AppError('ERR_NO_CHATBOT_FOUND')
        return saved
      })
      const dto = await detail(companyId, updated)
      emit(companyId, { action: 'update', chatbot: dto })
      return dto
    },

    /** DELETE /chatbot/{id}: the option and everything under it. */
    async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
      await load(ctx.companyId, id)
      await repo.deleteMany(ctx.companyId, [id])
      emit(ctx.companyId, { action: 'delete', chatbotId: id })
      return { message: 'Chatbot deleted' }
    },
  }
}

export type ChatbotsService = ReturnType<typeof createChatbotsService>
