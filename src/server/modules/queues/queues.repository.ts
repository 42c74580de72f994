import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { queues, type QueueRow } from './queues.table'

export function queuesRepository(db: Executor) {
  return {
    list(companyId: number): Promise<QueueRow[]> {
      return db
        .select()
        .from(queues)
        .where(eq(queues.companyId, companyId))
        .orderBy(asc(queues.orderQueue), asc(queues.name))
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

    async insert(values: typeof queues.$inferInsert): Promise<QueueRow> {
      const [row] = await db.insert(queues).values(values).returning()
      if (!row) throw new Error('queue insert returned nothing')
      return row
    },
  }
}
