import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { flows } from '../flows/flows.table'
import { flowCampaigns, type FlowCampaignRow } from './flow-campaigns.table'

/** A campaign with its flow's name, as lists show it. */
export type FlowCampaignWithFlow = FlowCampaignRow & { flowName: string }

export interface FlowCampaignValues {
  name: string
  phrase: string
  phraseKey: string
  flowId: number
  whatsappId: number
  status: boolean
}

export function flowCampaignsRepository(db: Executor) {
  const withFlow = () =>
    db
      .select({ campaign: flowCampaigns, flowName: flows.name })
      .from(flowCampaigns)
      .innerJoin(flows, eq(flows.id, flowCampaigns.flowId))

  return {
    /** The company's phrase campaigns by name. */
    async list(companyId: number): Promise<FlowCampaignWithFlow[]> {
      const rows = await withFlow()
        .where(eq(flowCampaigns.companyId, companyId))
        .orderBy(asc(flowCampaigns.name), asc(flowCampaigns.id))
      return rows.map((row) => ({ ...row.campaign, flowName: row.flowName }))
    },

    async findById(companyId: number, id: number): Promise<FlowCampaignWithFlow | null> {
      const [row] = await withFlow().where(companyRow(flowCampaigns, companyId, id))
      return row ? { ...row.campaign, flowName: row.flowName } : null
    },

    async insert(companyId: number, userId: number, values: FlowCampaignValues): Promise<number> {
      const [row] = await db
        .insert(flowCampaigns)
        .values({ ...values, companyId, userId })
        .returning({ id: flowCampaigns.id })
      if (!row) throw new Error('flow campaign insert returned nothing')
      return row.id
    },

    /** False when the campaign is not the company's. */
    async update(companyId: number, id: number, values: FlowCampaignValues): Promise<boolean> {
      const rows = await db
        .update(flowCampaigns)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(flowCampaigns, companyId, id))
        .returning({ id: flowCampaigns.id })
      return rows.length > 0
    },

    async remove(companyId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(flowCampaigns)
        .where(companyRow(flowCampaigns, companyId, id))
        .returning({ id: flowCampaigns.id })
      return rows.length > 0
    },

    /** Whether another active campaign of the connection has the phrase. */
    async phraseTaken(
      companyId: number,
      whatsappId: number,
      phraseKey: string,
      exceptId?: number,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: flowCampaigns.id })
        .from(flowCampaigns)
        .where(
          and(
            eq(flowCampaigns.companyId, companyId),
            eq(flowCampaigns.whatsappId, whatsappId),
            eq(flowCampaigns.phraseKey, phraseKey),
            eq(flowCampaigns.status, true),
          ),
        )
      return rows.some((row) => row.id !== exceptId)
    },
  }
}
