import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm'
import type { FlowGraph } from '@shared/contracts/flows'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import { connections } from '../connections/connections.table'
import { flowCampaigns } from '../flow-campaigns/flow-campaigns.table'
import { queueIntegrations } from '../integrations/integrations.table'
import { flowMedia, flowVersions, flows, type FlowRow } from './flows.table'

/** What holds a flow: it is not deleted while anything does. */
export interface FlowUsage {
  connections: string[]
  phraseCampaigns: string[]
  integrations: string[]
}

/** A flow with the graph of its current version (null before the first save). */
export type FlowWithGraph = FlowRow & { graph: FlowGraph | null }

export function flowsRepository(db: Executor) {
  return {
    /** A page of the company's flows by name, and how many match. */
    async page(companyId: number, options: { search?: string; limit: number; offset: number }) {
      const where = and(
        eq(flows.companyId, companyId),
        options.search ? ilike(flows.name, `%${escapeLike(options.search)}%`) : undefined,
      )
      const rows = await db
        .select()
        .from(flows)
        .where(where)
        .orderBy(asc(flows.name), asc(flows.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db.select({ value: count() }).from(flows).where(where)
      return { rows, count: total?.value ?? 0 }
    },

    async findById(companyId: number, id: number): Promise<FlowRow | null> {
      const [row] = await db
        .select()
        .from(flows)
        .where(companyRow(flows, companyId, id))
      return row ?? null
    },

    async findWithGraph(companyId: number, id: number): Promise<FlowWithGraph | null> {
      const [row] = await db
        .select({ flow: flows, graph: flowVersions.graph })
        .from(flows)
        .leftJoin(
          flowVersions,
          and(eq(flowVersions.flowId, flows.id), eq(flowVersions.version, flows.version)),
        )
        .where(companyRow(flows, companyId, id))
      return row ? { ...row.flow, graph: row.graph } : null
    },

    /** Takes the flow for a change; null when it is not the company's. */
    async lock(companyId: number, id: number): Promise<FlowRow | null> {
      const [row] = await db
        .select()
        .from(flows)
        .where(companyRow(flows, companyId, id))
        .for('update')
      return row ?? null
    },

    /** Which of `ids` are the company's flows. */
    async existing(companyId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .select({ id: flows.id })
        .from(flows)
        .where(and(eq(flows.companyId, companyId), inArray(flows.id, ids)))
      return new Set(rows.map((row) => row.id))
    },

    async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: flows.id })
        .from(flows)
        .where(
          and(
            eq(flows.companyId, companyId),
            sql`lower(${flows.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(flows.id, exceptId),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /** The company's flow names that start with `prefix`, in lower case (for a copy's name). */
    async namesStartingWith(companyId: number, prefix: string): Promise<Set<string>> {
      const rows = await db
        .select({ name: flows.name })
        .from(flows)
        .where(and(eq(flows.companyId, companyId), ilike(flows.name, `${escapeLike(prefix)}%`)))
      return new Set(rows.map((row) => row.name.toLowerCase()))
    },

    async insert(companyId: number, values: { name: string }): Promise<FlowRow> {
      const [row] = await db
        .insert(flows)
        .values({ ...values, companyId })
        .returning()
      if (!row) throw new Error('flow insert returned nothing')
      return row
    },

    async rename(companyId: number, id: number, name: string): Promise<FlowRow | null> {
      const [row] = await db
        .update(flows)
        .set({ name, updatedAt: new Date() })
        .where(companyRow(flows, companyId, id))
        .returning()
      return row ?? null
    },

    /** Stores `graph` as the flow's next version and makes it the current one. */
    async saveGraph(flow: FlowRow, graph: FlowGraph): Promise<FlowRow> {
      const version = flow.version + 1
      await db.insert(flowVersions).values({
        companyId: flow.companyId,
        flowId: flow.id,
        version,
        graph,
      })
      const [row] = await db
        .update(flows)
        .set({ version, updatedAt: new Date() })
        .where(companyRow(flows, flow.companyId, flow.id))
        .returning()
      if (!row) throw new Error('flow update returned nothing')
      return row
    },

    /** Connections whose default flows, phrase campaigns and flow integrations start it. */
    async usage(companyId: number, id: number): Promise<FlowUsage> {
      const usingConnections = await db
        .select({ name: connections.name })
        .from(connections)
        .where(
          and(
            eq(connections.companyId, companyId),
            or(eq(connections.flowIdWelcome, id), eq(connections.flowIdNotPhrase, id)),
          ),
        )
        .orderBy(asc(connections.name))
      const campaigns = await db
        .select({ name: flowCampaigns.name })
        .from(flowCampaigns)
        .where(and(eq(flowCampaigns.companyId, companyId), eq(flowCampaigns.flowId, id)))
        .orderBy(asc(flowCampaigns.name))
      const running = await db
        .select({ name: queueIntegrations.name })
        .from(queueIntegrations)
        .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.flowId, id)))
        .orderBy(asc(queueIntegrations.name))
      return {
        connections: usingConnections.map((row) => row.name),
        phraseCampaigns: campaigns.map((row) => row.name),
        integrations: running.map((row) => row.name),
      }
    },

    /** Deletes the flow and its versions; false when it was not the company's. */
    async remove(companyId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(flows)
        .where(companyRow(flows, companyId, id))
        .returning({ id: flows.id })
      return deleted.length > 0
    },

    async insertMedia(
      companyId: number,
      files: { path: string; mime: string; originalName: string; size: number }[],
    ): Promise<void> {
      await db.insert(flowMedia).values(files.map((file) => ({ ...file, companyId })))
    },

    /** Which of `paths` are the company's flow media. */
    async existingMedia(companyId: number, paths: string[]): Promise<Set<string>> {
      if (paths.length === 0) return new Set()
      const rows = await db
        .select({ path: flowMedia.path })
        .from(flowMedia)
        .where(and(eq(flowMedia.companyId, companyId), inArray(flowMedia.path, paths)))
      return new Set(rows.map((row) => row.path))
    },
  }
}
