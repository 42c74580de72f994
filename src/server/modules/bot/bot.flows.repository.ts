import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { FlowGraph } from '@shared/contracts/flows'
import type { Executor } from '@server/db/client'
import { contactExtraInfo } from '../contacts/contacts.table'
import { flowCampaigns } from '../flow-campaigns/flow-campaigns.table'
import { flowMedia, flowVersions, flows } from '../flows/flows.table'
import { queues } from '../queues/queues.table'
import { tickets } from '../tickets/tickets.table'
import type { FlowRunState } from '@shared/contracts/flows'
import { ACTIVE_FLOW_RUN_STATUSES } from '../flows/flows.engine'
import { flowRuns, type FlowRunOrigin, type FlowRunRow } from './bot.flows.table'

/** A phrase that starts a flow on a connection, as compared (`phraseKey`). */
export interface ConnectionPhrase {
  key: string
  flowId: number
}

const active = inArray(flowRuns.status, [...ACTIVE_FLOW_RUN_STATUSES])

/** What flows read and write: runs, the graphs they run, phrases, media and queues. */
export function flowRunsRepository(db: Executor) {
  return {
    /** The active phrases of the connection whose flows are active. */
    async phrasesOf(companyId: number, connectionId: number): Promise<ConnectionPhrase[]> {
      const rows = await db
        .select({ key: flowCampaigns.phraseKey, flowId: flowCampaigns.flowId })
        .from(flowCampaigns)
        .innerJoin(flows, eq(flows.id, flowCampaigns.flowId))
        .where(
          and(
            eq(flowCampaigns.companyId, companyId),
            eq(flowCampaigns.whatsappId, connectionId),
            eq(flowCampaigns.status, true),
            eq(flows.active, true),
          ),
        )
      return rows
    },

    /**
     * Of `ticketIds`, those whose contact had an earlier ticket on the same connection, and
     * those on which a default flow already ran.
     */
    async defaultFlowFacts(companyId: number, ticketIds: number[]) {
      if (ticketIds.length === 0) return { known: new Set<number>(), tried: new Set<number>() }
      const earlier = sql`EXISTS (
        SELECT 1 FROM ${tickets} AS earlier
        WHERE earlier."companyId" = ${tickets.companyId}
          AND earlier."contactId" = ${tickets.contactId}
          AND earlier."whatsappId" = ${tickets.whatsappId}
          AND earlier.id < ${tickets.id})`
      const triedRun = sql`EXISTS (
        SELECT 1 FROM ${flowRuns}
        WHERE ${flowRuns.companyId} = ${tickets.companyId}
          AND ${flowRuns.ticketId} = ${tickets.id}
          AND ${flowRuns.origin} IN ('welcome', 'notPhrase'))`
      const rows = await db
        .select({
          id: tickets.id,
          known: sql<boolean>`${earlier}`,
          tried: sql<boolean>`${triedRun}`,
        })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds)))
      return {
        known: new Set(rows.filter((row) => row.known).map((row) => row.id)),
        tried: new Set(rows.filter((row) => row.tried).map((row) => row.id)),
      }
    },

    /** The flow's current graph, if the flow is the company's, active and saved. */
    async startable(
      companyId: number,
      flowId: number,
    ): Promise<{ version: number; graph: FlowGraph } | null> {
      const [row] = await db
        .select({ version: flows.version, graph: flowVersions.graph })
        .from(flows)
        .innerJoin(
          flowVersions,
          and(eq(flowVersions.flowId, flows.id), eq(flowVersions.version, flows.version)),
        )
        .where(and(eq(flows.companyId, companyId), eq(flows.id, flowId), eq(flows.active, true)))
      return row ?? null
    },

    /** The graph a run started on. */
    async graphOf(run: FlowRunRow): Promise<FlowGraph | null> {
      const [row] = await db
        .select({ graph: flowVersions.graph })
        .from(flowVersions)
        .where(
          and(
            eq(flowVersions.companyId, run.companyId),
            eq(flowVersions.flowId, run.flowId),
            eq(flowVersions.version, run.flowVersion),
          ),
        )
      return row?.graph ?? null
    },

    async findRun(companyId: number, runId: number): Promise<FlowRunRow | null> {
      const [row] = await db
        .select()
        .from(flowRuns)
        .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.id, runId)))
      return row ?? null
    },

    /** Ends whatever run of the ticket is still active (an attendant took over meanwhile). */
    async abortActive(companyId: number, ticketId: number, reason: string): Promise<void> {
      await db
        .update(flowRuns)
        .set({ status: 'aborted', endReason: reason, endedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.ticketId, ticketId), active))
    },

    async insertRun(values: {
      companyId: number
      ticketId: number
      flowId: number
      flowVersion: number
      origin: FlowRunOrigin
      state: FlowRunState
    }): Promise<FlowRunRow> {
      const { state, ...rest } = values
      const [row] = await db
        .insert(flowRuns)
        .values({
          ...rest,
          status: state.status,
          currentNodeId: state.nodeId,
          elementIndex: state.elementIndex,
          variables: state.variables,
          invalidAttempts: state.invalidAttempts,
        })
        .returning()
      if (!row) throw new Error('flow run insert returned nothing')
      return row
    },

    /** Writes where the run is now; a run that ended gets its end. */
    async saveRun(
      run: FlowRunRow,
      state: FlowRunState,
      extra: { wakeups?: number; endReason?: string; input?: boolean },
    ): Promise<void> {
      const now = new Date()
      const ended = state.status === 'finished' || state.status === 'aborted'
      await db
        .update(flowRuns)
        .set({
          status: state.status,
          currentNodeId: state.nodeId,
          elementIndex: state.elementIndex,
          variables: state.variables,
          invalidAttempts: state.invalidAttempts,
          updatedAt: now,
          ...(extra.wakeups !== undefined ? { wakeups: extra.wakeups } : {}),
          ...(extra.input ? { lastInputAt: now } : {}),
          ...(ended ? { endedAt: now, endReason: extra.endReason ?? null } : {}),
        })
        .where(and(eq(flowRuns.companyId, run.companyId), eq(flowRuns.id, run.id)))
    },

    /** The type and name of each of the company's flow media files named. */
    async mediaOf(
      companyId: number,
      paths: string[],
    ): Promise<Map<string, { mime: string; originalName: string }>> {
      if (paths.length === 0) return new Map()
      const rows = await db
        .select({
          path: flowMedia.path,
          mime: flowMedia.mime,
          originalName: flowMedia.originalName,
        })
        .from(flowMedia)
        .where(and(eq(flowMedia.companyId, companyId), inArray(flowMedia.path, paths)))
      return new Map(rows.map((row) => [row.path, row]))
    },

    /** The contact's extra information by name (conditions read it). */
    async extraInfoOf(companyId: number, contactId: number): Promise<Record<string, string>> {
      const rows = await db
        .select({ name: contactExtraInfo.name, value: contactExtraInfo.value })
        .from(contactExtraInfo)
        .where(
          and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.contactId, contactId)),
        )
      return Object.fromEntries(rows.map((row) => [row.name, row.value]))
    },

    async queue(companyId: number, queueId: number) {
      const [row] = await db
        .select({ id: queues.id, name: queues.name, greetingMessage: queues.greetingMessage })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)))
      return row ?? null
    },

    /** Runs waiting for an answer since before `before` (reference §5: inactivity ends them). */
    async idleSince(before: Date, limit: number) {
      return db
        .select({ companyId: flowRuns.companyId, runId: flowRuns.id, ticketId: flowRuns.ticketId })
        .from(flowRuns)
        .where(and(eq(flowRuns.status, 'waiting_input'), lt(flowRuns.updatedAt, before)))
        .limit(limit)
    },
  }
}
