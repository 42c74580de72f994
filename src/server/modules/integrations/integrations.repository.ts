import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import { integrationErrors } from '../bot/bot.conversations.table'
import { connections } from '../connections/connections.table'
import { chatbots } from '../queues/chatbots.table'
import { queues } from '../queues/queues.table'
import { tickets } from '../tickets/tickets.table'
import { queueIntegrations, type QueueIntegrationRow } from './integrations.table'

export type IntegrationValues = Omit<
  typeof queueIntegrations.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>

/** What holds an integration: it cannot be deleted while anything does. */
export interface IntegrationUsage {
  connections: string[]
  queues: string[]
  options: string[]
  /** Conversations the integration is having now. */
  activeTickets: number
}

export function integrationsRepository(db: Executor) {
  return {
    /** A page of the company's integrations, newest first (reference §6), and how many match. */
    async page(companyId: number, options: { search?: string; limit: number; offset: number }) {
      const where = and(
        eq(queueIntegrations.companyId, companyId),
        options.search
          ? ilike(queueIntegrations.name, `%${escapeLike(options.search)}%`)
          : undefined,
      )
      const rows = await db
        .select()
        .from(queueIntegrations)
        .where(where)
        .orderBy(desc(queueIntegrations.createdAt), desc(queueIntegrations.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db.select({ value: count() }).from(queueIntegrations).where(where)
      return { rows, count: total?.value ?? 0 }
    },

    /** Each integration's errors since `since`; those without any are absent. */
    async errorCounts(companyId: number, ids: number[], since: Date): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: integrationErrors.integrationId, value: count() })
        .from(integrationErrors)
        .where(
          and(
            eq(integrationErrors.companyId, companyId),
            inArray(integrationErrors.integrationId, ids),
            gt(integrationErrors.createdAt, since),
          ),
        )
        .groupBy(integrationErrors.integrationId)
      return new Map(rows.map((row) => [row.id, row.value]))
    },

    async findById(companyId: number, id: number): Promise<QueueIntegrationRow | null> {
      const [row] = await db
        .select()
        .from(queueIntegrations)
        .where(companyRow(queueIntegrations, companyId, id))
      return row ?? null
    },

    /** Which of `ids` are the company's integrations, with their types. */
    async typesOf(companyId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: queueIntegrations.id, type: queueIntegrations.type })
        .from(queueIntegrations)
        .where(and(eq(queueIntegrations.companyId, companyId), inArray(queueIntegrations.id, ids)))
      return new Map(rows.map((row) => [row.id, row.type]))
    },

    /** Another integration of the company with this name, whatever its case. */
    async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: queueIntegrations.id })
        .from(queueIntegrations)
        .where(
          and(
            eq(queueIntegrations.companyId, companyId),
            sql`lower(${queueIntegrations.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(queueIntegrations.id, exceptId),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    async insert(companyId: number, values: IntegrationValues): Promise<QueueIntegrationRow> {
      const [row] = await db
        .insert(queueIntegrations)
        .values({ ...values, companyId })
        .returning()
      if (!row) throw new Error('integration insert returned nothing')
      return row
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<IntegrationValues>,
    ): Promise<QueueIntegrationRow | null> {
      const [row] = await db
        .update(queueIntegrations)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(queueIntegrations, companyId, id))
        .returning()
      return row ?? null
    },

    async remove(companyId: number, id: number): Promise<boolean> {
      const gone = await db
        .delete(queueIntegrations)
        .where(companyRow(queueIntegrations, companyId, id))
        .returning({ id: queueIntegrations.id })
      return gone.length > 0
    },

    async usage(companyId: number, id: number): Promise<IntegrationUsage> {
      const connectionRows = await db
        .select({ name: connections.name })
        .from(connections)
        .where(and(eq(connections.companyId, companyId), eq(connections.integrationId, id)))
        .orderBy(asc(connections.name))
      const queueRows = await db
        .select({ name: queues.name })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.integrationId, id)))
        .orderBy(asc(queues.name))
      const optionRows = await db
        .select({ name: chatbots.name })
        .from(chatbots)
        .where(and(eq(chatbots.companyId, companyId), eq(chatbots.optIntegrationId, id)))
        .orderBy(asc(chatbots.name))
      const [active] = await db
        .select({ value: count() })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            isNotNull(tickets.integrationId),
            eq(tickets.integrationId, id),
            eq(tickets.useIntegration, true),
            ne(tickets.status, 'closed'),
          ),
        )
      return {
        connections: connectionRows.map((row) => row.name),
        queues: queueRows.map((row) => row.name),
        options: optionRows.map((row) => row.name),
        activeTickets: active?.value ?? 0,
      }
    },
  }
}
