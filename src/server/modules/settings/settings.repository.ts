import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { prepared } from '@server/db/prepared'
import { companySettings, settings, type CompanySettingsRow } from './settings.table'

export type CompanySettingsChanges = Partial<
  Omit<CompanySettingsRow, 'id' | 'companyId' | 'updatedAt'>
>

export function settingsRepository(db: Executor) {
  return {
    /** Read by most requests and every inbound message: prepared once. */
    async companyRow(companyId: number): Promise<CompanySettingsRow | undefined> {
      const [row] = await prepared(db, 'settings_company_row', (on, name) =>
        on
          .select()
          .from(companySettings)
          .where(eq(companySettings.companyId, sql.placeholder('companyId')))
          .prepare(name),
      ).execute({ companyId })
      return row
    },

    async insertCompanyRow(
      companyId: number,
      values: CompanySettingsChanges,
    ): Promise<CompanySettingsRow> {
      const [row] = await db
        .insert(companySettings)
        .values({ companyId, ...values })
        .returning()
      if (!row) throw new Error('company settings insert returned nothing')
      return row
    },

    async updateCompanyRow(
      companyId: number,
      changes: CompanySettingsChanges,
    ): Promise<CompanySettingsRow | undefined> {
      const [row] = await db
        .update(companySettings)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(companySettings.companyId, companyId))
        .returning()
      return row
    },

    async globalValues(keys: string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map()
      const rows = await db
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(and(isNull(settings.companyId), inArray(settings.key, keys)))
      return new Map(rows.map((row) => [row.key, row.value]))
    },

    async upsertGlobal(key: string, value: string): Promise<void> {
      await db
        .insert(settings)
        .values({ companyId: null, key, value })
        .onConflictDoUpdate({
          target: [settings.companyId, settings.key],
          set: { value, updatedAt: new Date() },
        })
    },
  }
}
