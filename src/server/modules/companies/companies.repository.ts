import { and, asc, count, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { prepared } from '@server/db/prepared'
import { plans, type PlanRow } from '../plans/plans.table'
import { companies, type CompanyRow } from './companies.table'
import { escapeLike } from '@server/db/like'

export interface CompanyWithPlan {
  company: CompanyRow
  plan: PlanRow
}

export type CompanyChanges = Partial<Omit<typeof companies.$inferInsert, 'id' | 'createdAt'>>

export function companiesRepository(db: Executor) {
  const withPlan = () =>
    db
      .select({ company: companies, plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))

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

    /** A page of every company by name, with its plan (the operator's table). */
    async page(options: { search?: string; limit: number; offset: number }) {
      const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined
      const where = pattern
        ? or(ilike(companies.name, pattern), ilike(companies.email, pattern))
        : undefined
      const [rows, [total]] = await Promise.all([
        withPlan()
          .where(where)
          .orderBy(asc(companies.name), asc(companies.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ value: count() }).from(companies).where(where),
      ])
      return { rows, count: total?.value ?? 0 }
    },

    listAllWithPlan(): Promise<CompanyWithPlan[]> {
      return withPlan().orderBy(asc(companies.name), asc(companies.id))
    },

    async ids(): Promise<number[]> {
      const rows = await db.select({ id: companies.id }).from(companies)
      return rows.map((row) => row.id)
    },

    async insert(values: typeof companies.$inferInsert): Promise<CompanyRow> {
      const [row] = await db.insert(companies).values(values).returning()
      if (!row) throw new Error('company insert returned nothing')
      return row
    },

    async update(companyId: number, changes: CompanyChanges): Promise<CompanyRow | undefined> {
      const [row] = await db
        .update(companies)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(companies.id, companyId))
        .returning()
      return row
    },

    /** Every table of the company goes with it (foreign keys cascade). */
    async remove(companyId: number): Promise<boolean> {
      const deleted = await db
        .delete(companies)
        .where(eq(companies.id, companyId))
        .returning({ id: companies.id })
      return deleted.length > 0
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

    /** Of `companyIds`, those whose cached disk use is older than `before` (or never measured). */
    async staleFolderUsage(companyIds: number[], before: Date): Promise<number[]> {
      if (companyIds.length === 0) return []
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(
            inArray(companies.id, companyIds),
            or(isNull(companies.updatedAtFolder), lt(companies.updatedAtFolder, before)),
          ),
        )
      return rows.map((row) => row.id)
    },

    async saveFolderUsage(companyId: number, usage: { size: number; files: number }) {
      const saved = {
        folderSize: usage.size,
        numberFileFolder: usage.files,
        updatedAtFolder: new Date(),
      }
      await db.update(companies).set(saved).where(eq(companies.id, companyId))
      return saved
    },
  }
}
