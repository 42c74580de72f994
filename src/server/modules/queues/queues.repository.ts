import { and, asc, count, eq, inArray, ne } from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import type { Executor } from '@server/db/client'
import { connections } from '../connections/connections.table'
import { queues, type QueueRow } from './queues.table'

export type QueueValues = Partial<
  Omit<typeof queues.$inferInsert, 'id' | 'companyId' | 'createdAt'>
>

export function queuesRepository(db: Executor) {
  return {
    list(companyId: number): Promise<QueueRow[]> {
      return db
        .select()
        .from(queues)
        .where(eq(queues.companyId, companyId))
        .orderBy(asc(queues.orderQueue), asc(queues.name))
    },

    async findById(companyId: number, id: number): Promise<QueueRow | undefined> {
      const [row] = await db
        .select()
        .from(queues)
        .where(companyRow(queues, companyId, id))
      return row
    },

    /** Locks the queue's row until the transaction ends; false when it does not exist. */
    async lock(companyId: number, id: number): Promise<boolean> {
      const rows = await db
        .select({ id: queues.id })
        .from(queues)
        .where(companyRow(queues, companyId, id))
        .for('update')
      return rows.length > 0
    },

    /** Which of `ids` are queues of the company. */
    async existing(companyId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)))
      return rows.map((row) => row.id)
    },

    /** Whether another queue of the company already has this value in `column`. */
    async taken(
      companyId: number,
      column: 'name' | 'color',
      value: string,
      exceptId?: number,
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: queues.id })
        .from(queues)
        .where(
          and(
            eq(queues.companyId, companyId),
            eq(queues[column], value),
            ...(exceptId ? [ne(queues.id, exceptId)] : []),
          ),
        )
        .limit(1)
      return Boolean(row)
    },

    async countInCompany(companyId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(queues)
        .where(eq(queues.companyId, companyId))
      return row?.total ?? 0
    },

    async insert(values: typeof queues.$inferInsert): Promise<QueueRow> {
      const [row] = await db.insert(queues).values(values).returning()
      if (!row) throw new Error('queue insert returned nothing')
      return row
    },

    async update(
      companyId: number,
      id: number,
      values: QueueValues,
    ): Promise<QueueRow | undefined> {
      const [row] = await db
        .update(queues)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(queues, companyId, id))
        .returning()
      return row
    },

    /**
     * Deletes the queue. Foreign keys do the rest: its option tree, user and connection links go
     * with it; tickets and import targets lose their queue.
     */
    async remove(companyId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(queues)
        .where(companyRow(queues, companyId, id))
        .returning({ id: queues.id })
      return rows.length > 0
    },

    /**
     * Connections that redirect waiting tickets to the queue stop redirecting. The foreign key
     * only nulls `sendIdQueue`; the minutes must go back to 0 in the same transaction, or the
     * connection would be left asking for a redirect without a target (001 §5). Written here,
     * not through the connections service, because that service is built on this one.
     */
    async clearConnectionRedirects(companyId: number, queueId: number): Promise<number[]> {
      const rows = await db
        .update(connections)
        .set({ sendIdQueue: null, timeSendQueue: 0, updatedAt: new Date() })
        .where(and(eq(connections.companyId, companyId), eq(connections.sendIdQueue, queueId)))
        .returning({ id: connections.id })
      return rows.map((row) => row.id)
    },
  }
}
