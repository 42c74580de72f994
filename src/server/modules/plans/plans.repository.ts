import { asc, count, eq, ilike } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companies } from '../companies/companies.table'
import { plans, type PlanRow } from './plans.table'
import { escapeLike } from '@server/db/like'

export type PlanChanges = Partial<Omit<typeof plans.$inferInsert, 'id' | 'createdAt'>>

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

    async page(options: { search?: string; limit: number; offset: number }) {
      const where = options.search
        ? ilike(plans.name, `%${escapeLike(options.search)}%`)
        : undefined
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(plans)
          .where(where)
          .orderBy(asc(plans.name), asc(plans.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ value: count() }).from(plans).where(where),
      ])
      return { rows, count: total?.value ?? 0 }
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

    async update(id: number, changes: PlanChanges): Promise<PlanRow | undefined> {
      const [row] = await db
        .update(plans)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning()
      return row
    },

    async remove(id: number): Promise<boolean> {
      const deleted = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id })
      return deleted.length > 0
    },

    /** Companies on the plan; the row lock keeps a company from joining it while it is deleted. */
    async lockAndCountCompanies(id: number): Promise<number | undefined> {
      const [plan] = await db
        .select({ id: plans.id })
        .from(plans)
        .where(eq(plans.id, id))
        .for('update')
      if (!plan) return undefined
      const [total] = await db
        .select({ value: count() })
        .from(companies)
        .where(eq(companies.planId, id))
      return total?.value ?? 0
    },
  }
}
