import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { plans, type PlanRow } from './plans.table'

export function plansRepository(db: Executor) {
  return {
    listPublic(): Promise<PlanRow[]> {
      return db
        .select()
        .from(plans)
        .where(eq(plans.isPublic, true))
        .orderBy(asc(plans.amount), asc(plans.name))
    },

    listAll(): Promise<PlanRow[]> {
      return db.select().from(plans).orderBy(asc(plans.name))
    },

    async findById(id: number): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(eq(plans.id, id))
      return row
    },

    async insert(values: typeof plans.$inferInsert): Promise<PlanRow> {
      const [row] = await db.insert(plans).values(values).returning()
      if (!row) throw new Error('plan insert returned nothing')
      return row
    },
  }
}
