import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { prepared } from '../../db/prepared'
import { plans, type PlanRow } from '../plans/plans.table'
import { companies, type CompanyRow } from './companies.table'

export interface CompanyWithPlan {
  company: CompanyRow
  plan: PlanRow
}

export function companiesRepository(db: Executor) {
  return {
    /** Every authenticated request loads its company: prepared once. */
    async findWithPlan(companyId: number): Promise<CompanyWithPlan | undefined> {
      const [row] = await prepared(db, 'companies_find_with_plan', (on, name) =>
        on
          .select({ company: companies, plan: plans })
          .from(companies)
          .innerJoin(plans, eq(plans.id, companies.planId))
          .where(eq(companies.id, sql.placeholder('companyId')))
          .prepare(name),
      ).execute({ companyId })
      return row
    },

    /** Locks the company row for the rest of the transaction: plan-limit counts happen under it. */
    async lockWithPlan(companyId: number): Promise<CompanyWithPlan | undefined> {
      const [row] = await db
        .select({ company: companies, plan: plans })
        .from(companies)
        .innerJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.id, companyId))
        .for('update', { of: companies })
      return row
    },

    async insert(values: typeof companies.$inferInsert): Promise<CompanyRow> {
      const [row] = await db.insert(companies).values(values).returning()
      if (!row) throw new Error('company insert returned nothing')
      return row
    },

    async exists(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId))
      return row !== undefined
    },

    async recordLogin(companyId: number): Promise<void> {
      await db.update(companies).set({ lastLogin: new Date() }).where(eq(companies.id, companyId))
    },
  }
}
