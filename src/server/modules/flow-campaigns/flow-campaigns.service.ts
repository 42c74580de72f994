import type { RequestContext } from '@server/context'
import type {
  CreateFlowCampaignBody,
  FlowCampaignDto,
  UpdateFlowCampaignBody,
} from '@shared/contracts/flow-campaigns'
import { flowCampaignProblems, phraseKey } from '@shared/contracts/flow-campaigns-rules'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isForeignKeyViolation } from '@server/lib/foreign-key-violation'
import { isUniqueViolation } from '@server/lib/unique-violation'
import type { FlowsService } from '../flows/flows.service'
import {
  flowCampaignsRepository,
  type FlowCampaignValues,
  type FlowCampaignWithFlow,
} from './flow-campaigns.repository'

export function presentFlowCampaign(row: FlowCampaignWithFlow): FlowCampaignDto {
  return {
    id: row.id,
    name: row.name,
    phrase: row.phrase,
    flowId: row.flowId,
    flowName: row.flowName,
    whatsappId: row.whatsappId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * Campaigns by phrase (002 §2.16, §3.11; reference §5 "Phrase campaigns"): a phrase that
 * starts one of the company's flows on one of its connections. Every field is required, and an
 * active phrase is unique per connection as compared (trimmed, any case, without accents).
 */
export function createFlowCampaignsService(
  deps: CoreDeps,
  {
    flows,
    connectionExists,
  }: {
    flows: Pick<FlowsService, 'assertUsable'>
    connectionExists: (companyId: number, id: number) => Promise<boolean>
  },
) {
  const repo = flowCampaignsRepository(deps.db)

  function emit(companyId: number, payload: CompanyEventPayloads['flowcampaign']) {
    deps.realtime.emit(companyId, [rooms.admins], 'flowcampaign', payload)
  }

  async function found(companyId: number, id: number): Promise<FlowCampaignWithFlow> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_FLOW_CAMPAIGN_FOUND')
    return row
  }

  /** The stored values of a valid form whose flow and connection are the company's. */
  async function valuesOf(
    companyId: number,
    body: CreateFlowCampaignBody,
    status: boolean,
    exceptId?: number,
  ): Promise<FlowCampaignValues> {
    const [field] = Object.keys(flowCampaignProblems(body))
    if (field) throw validationError(field)
    const flowId = body.flowId!
    const whatsappId = body.whatsappId!
    await flows.assertUsable(companyId, flowId, 'flowId')
    if (!(await connectionExists(companyId, whatsappId))) throw validationError('whatsappId')
    const phrase = body.phrase.trim()
    const key = phraseKey(phrase)
    if (status && (await repo.phraseTaken(companyId, whatsappId, key, exceptId)))
      throw new AppError('ERR_DUPLICATED_PHRASE', { field: 'phrase' })
    return { name: body.name.trim(), phrase, phraseKey: key, flowId, whatsappId, status }
  }

  /** A race the checks lost: the unique phrase or a flow or connection deleted meanwhile. */
  const refused = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('ERR_DUPLICATED_PHRASE', { field: 'phrase' })
    if (isForeignKeyViolation(error)) throw validationError('flowId')
    throw error
  }

  async function changed(companyId: number, id: number, action: 'create' | 'update') {
    const campaign = presentFlowCampaign(await found(companyId, id))
    emit(companyId, { action, campaign })
    return campaign
  }

  return {
    /** GET /flowcampaign: every campaign of the company, by name. */
    async list(ctx: RequestContext): Promise<FlowCampaignDto[]> {
      return (await repo.list(ctx.companyId)).map(presentFlowCampaign)
    },

    async get(ctx: RequestContext, id: number): Promise<FlowCampaignDto> {
      return presentFlowCampaign(await found(ctx.companyId, id))
    },

    /** POST /flowcampaign: on when created, unless the dialog's switch says off. */
    async create(ctx: RequestContext, body: CreateFlowCampaignBody): Promise<FlowCampaignDto> {
      const values = await valuesOf(ctx.companyId, body, body.status ?? true)
      const id = await repo.insert(ctx.companyId, ctx.user.id, values).catch(refused)
      return changed(ctx.companyId, id, 'create')
    },

    /** PUT /flowcampaign: a missing status keeps the campaign on (reference §5). */
    async update(ctx: RequestContext, body: UpdateFlowCampaignBody): Promise<FlowCampaignDto> {
      await found(ctx.companyId, body.id)
      const values = await valuesOf(ctx.companyId, body, body.status ?? true, body.id)
      const updated = await repo.update(ctx.companyId, body.id, values).catch(refused)
      if (!updated) throw new AppError('ERR_NO_FLOW_CAMPAIGN_FOUND')
      return changed(ctx.companyId, body.id, 'update')
    },

    async remove(ctx: RequestContext, id: number): Promise<void> {
      if (!(await repo.remove(ctx.companyId, id))) throw new AppError('ERR_NO_FLOW_CAMPAIGN_FOUND')
      emit(ctx.companyId, { action: 'delete', campaignId: id })
    },
  }
}

export type FlowCampaignsService = ReturnType<typeof createFlowCampaignsService>
