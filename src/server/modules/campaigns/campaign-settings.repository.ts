import { asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { campaignSettings, type CampaignSettingRowStored } from './campaigns.table'

export function campaignSettingsRepository(db: Executor) {
  return {
    async rows(companyId: number): Promise<CampaignSettingRowStored[]> {
      return db
        .select()
        .from(campaignSettings)
        .where(eq(campaignSettings.companyId, companyId))
        .orderBy(asc(campaignSettings.key))
    },

    /** Inserts or replaces one row per key, in one statement. */
    async upsert(companyId: number, entries: { key: string; value: string }[]): Promise<void> {
      if (entries.length === 0) return
      await db
        .insert(campaignSettings)
        .values(entries.map((entry) => ({ ...entry, companyId })))
        .onConflictDoUpdate({
          target: [campaignSettings.companyId, campaignSettings.key],
          set: { value: sql`excluded."value"`, updatedAt: new Date() },
        })
    },
  }
}
