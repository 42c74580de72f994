import type { RequestContext } from '@server/context'
import {
  FLOW_PAGE_SIZE,
  type FlowDetailDto,
  type FlowDto,
  type FlowGraph,
  type FlowPage,
  type FlowProblem,
  type ListFlowsQuery,
} from '@shared/contracts/flows'
import {
  flowGraphProblems,
  flowMediaNames,
  flowNameProblem,
  flowQueueIds,
} from '@shared/contracts/flows-rules'
import { canManageConnections } from '@shared/permissions'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isForeignKeyViolation } from '@server/lib/foreign-key-violation'
import { isUniqueViolation } from '@server/lib/unique-violation'
import { presentFlow, presentFlowDetail } from './flows.presenter'
import { createFlowSimulation } from './flows.simulation'
import { flowsRepository, type FlowWithGraph } from './flows.repository'
import type { FlowRow } from './flows.table'

interface Collaborators {
  /** A short-lived address of one of the company's stored files. */
  signedUrl: (companyId: number, path: string) => string
  /** Which of `ids` are the company's queues. */
  queueIds: (companyId: number, ids: number[]) => Promise<number[]>
}

/** A copy's name: "{name} - cópia", then " (2)", " (3)"… while taken, within the name's limit. */
const COPY_SUFFIX = ' - cópia'

/**
 * Flows (002 §2.14, §2.15, §7; reference §5 "Build it right"): admins name, copy, draw and
 * delete their company's flows. Each save of a graph is validated whole and kept as a new
 * version; a flow that connections or phrase campaigns start is not deleted.
 */
export function createFlowsService(deps: CoreDeps, { signedUrl, queueIds }: Collaborators) {
  const repo = flowsRepository(deps.db)

  function emit(companyId: number, payload: CompanyEventPayloads['flowbuilder']) {
    deps.realtime.emit(companyId, [rooms.admins], 'flowbuilder', payload)
  }

  async function found(companyId: number, id: number): Promise<FlowRow> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_FLOW_FOUND')
    return row
  }

  function validName(name: string): string {
    if (flowNameProblem(name) !== null) throw validationError('name')
    return name.trim()
  }

  const duplicatedName = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('ERR_DUPLICATED_FLOW', { field: 'name' })
    throw error
  }

  async function refuseTakenName(companyId: number, name: string, exceptId?: number) {
    if (await repo.nameTaken(companyId, name, exceptId))
      throw new AppError('ERR_DUPLICATED_FLOW', { field: 'name' })
  }

  const detail = (row: FlowWithGraph): FlowDetailDto =>
    presentFlowDetail(row, (path) => signedUrl(row.companyId, path))

  /** The company's side of a graph's validity: its media and queues are the company's own. */
  async function foreignReferences(companyId: number, graph: FlowGraph): Promise<FlowProblem[]> {
    const problems: FlowProblem[] = []
    const media = flowMediaNames(graph)
    const ownMedia = await repo.existingMedia(companyId, media)
    const ownQueues = new Set(await queueIds(companyId, flowQueueIds(graph)))
    for (const node of graph.nodes) {
      if (node.type === 'ticket' && node.data.id > 0 && !ownQueues.has(node.data.id))
        problems.push({ problem: 'unknownQueue', nodeId: node.id })
      if (
        (node.type === 'img' || node.type === 'audio' || node.type === 'video') &&
        node.data.url &&
        !ownMedia.has(node.data.url)
      )
        problems.push({ problem: 'unknownMedia', nodeId: node.id })
      if (node.type === 'singleBlock')
        for (const element of node.data.elements)
          if (
            (element.type === 'img' || element.type === 'audio' || element.type === 'video') &&
            element.value &&
            !ownMedia.has(element.value)
          )
            problems.push({ problem: 'unknownMedia', nodeId: node.id, elementId: element.number })
    }
    return problems
  }

  return {
    /**
     * GET /flowbuilder: a page of 20 by name, searched by name. Users who manage connections
     * read it too, for the connection dialog's default flows (reference §0).
     */
    async list(ctx: RequestContext, query: ListFlowsQuery): Promise<FlowPage> {
      if (!canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      const { rows, count } = await repo.page(ctx.companyId, {
        search: query.searchParam?.trim() || undefined,
        limit: FLOW_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * FLOW_PAGE_SIZE,
      })
      return {
        flows: rows.slice(0, FLOW_PAGE_SIZE).map(presentFlow),
        count,
        hasMore: rows.length > FLOW_PAGE_SIZE,
      }
    },

    /** GET /flowbuilder/{id}: the flow without its graph (the connection dialog). */
    async get(ctx: RequestContext, id: number): Promise<FlowDto> {
      if (!canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      return presentFlow(await found(ctx.companyId, id))
    },

    /** GET /flowbuilder/flow/{id}: the flow with its current graph and its media's addresses. */
    async getWithGraph(ctx: RequestContext, id: number): Promise<FlowDetailDto> {
      const row = await repo.findWithGraph(ctx.companyId, id)
      if (!row) throw new AppError('ERR_NO_FLOW_FOUND')
      return detail(row)
    },

    /** POST /flowbuilder: a new, active flow without a graph. */
    async create(ctx: RequestContext, name: string): Promise<FlowDto> {
      const valid = validName(name)
      await refuseTakenName(ctx.companyId, valid)
      const row = await repo.insert(ctx.companyId, { name: valid }).catch(duplicatedName)
      const flow = presentFlow(row)
      emit(ctx.companyId, { action: 'create', flow })
      return flow
    },

    /** PUT /flowbuilder {flowId, name}. */
    async rename(ctx: RequestContext, id: number, name: string): Promise<FlowDto> {
      const valid = validName(name)
      await found(ctx.companyId, id)
      await refuseTakenName(ctx.companyId, valid, id)
      const row = await repo.rename(ctx.companyId, id, valid).catch(duplicatedName)
      if (!row) throw new AppError('ERR_NO_FLOW_FOUND')
      const flow = presentFlow(row)
      emit(ctx.companyId, { action: 'update', flow })
      return flow
    },

    /** POST /flowbuilder/duplicate: a copy with the same graph, under a free name. */
    async duplicate(ctx: RequestContext, id: number): Promise<FlowDto> {
      const source = await repo.findWithGraph(ctx.companyId, id)
      if (!source) throw new AppError('ERR_NO_FLOW_FOUND')
      const base = `${source.name}${COPY_SUFFIX}`
      const taken = await repo.namesStartingWith(ctx.companyId, base)
      let name = base
      for (let copy = 2; taken.has(name.toLowerCase()); copy++) name = `${base} (${copy})`
      const row = await deps.db
        .transaction(async (tx) => {
          const txRepo = flowsRepository(tx)
          const created = await txRepo.insert(ctx.companyId, { name })
          return source.graph ? txRepo.saveGraph(created, source.graph) : created
        })
        .catch(duplicatedName)
      const flow = presentFlow(row)
      emit(ctx.companyId, { action: 'create', flow })
      return flow
    },

    /**
     * POST /flowbuilder/flow: the whole graph, refused with its problems when the shared rules
     * or the company's media and queues say it cannot run; kept as the flow's next version.
     */
    async saveGraph(ctx: RequestContext, id: number, graph: FlowGraph): Promise<FlowDetailDto> {
      await found(ctx.companyId, id)
      const problems = [
        ...flowGraphProblems(graph),
        ...(await foreignReferences(ctx.companyId, graph)),
      ]
      if (problems.length > 0) throw new AppError('ERR_FLOW_INVALID', { problems })
      const saved = await deps.db.transaction(async (tx) => {
        const txRepo = flowsRepository(tx)
        const row = await txRepo.lock(ctx.companyId, id)
        if (!row) throw new AppError('ERR_NO_FLOW_FOUND')
        return txRepo.saveGraph(row, graph)
      })
      emit(ctx.companyId, { action: 'update', flow: presentFlow(saved) })
      return detail({ ...saved, graph })
    },

    /** DELETE /flowbuilder/{id}: refused while a connection, campaign or integration starts it. */
    async remove(ctx: RequestContext, id: number): Promise<void> {
      await found(ctx.companyId, id)
      const inUse = async () => {
        const usage = await repo.usage(ctx.companyId, id)
        if (
          usage.connections.length + usage.phraseCampaigns.length + usage.integrations.length ===
          0
        )
          return null
        return new AppError('ERR_FLOW_IN_USE', {
          usedBy: { queues: [], options: [], activeTickets: 0, ...usage },
        })
      }
      const refusal = await inUse()
      if (refusal) throw refusal
      const removed = await repo.remove(ctx.companyId, id).catch(async (error: unknown) => {
        // A connection or a campaign that took it meanwhile: its foreign key refuses the delete.
        if (isForeignKeyViolation(error)) throw (await inUse()) ?? error
        throw error
      })
      if (!removed) throw new AppError('ERR_NO_FLOW_FOUND')
      emit(ctx.companyId, { action: 'delete', flowId: id })
    },

    /** POST /flowbuilder/simulate: one event of "Test this flow". */
    simulate: createFlowSimulation(deps, { signedUrl }),

    /** Checks that `id` is one of the company's flows, for a connection's or campaign's `field`. */
    async assertUsable(companyId: number, id: number, field: string): Promise<void> {
      if (!(await repo.existing(companyId, [id])).has(id)) throw validationError(field)
    },
  }
}

export type FlowsService = ReturnType<typeof createFlowsService>
