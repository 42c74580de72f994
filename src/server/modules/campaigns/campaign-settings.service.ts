import type { RequestContext } from '@server/context'
import type {
  CampaignSettingRow,
  CampaignSettings,
  SaveCampaignSettingsBody,
} from '@shared/contracts/campaigns'
import {
  applyCampaignSettings,
  campaignSettingsProblems,
  foldCampaignSettings,
  storedSettingValue,
} from '@shared/contracts/campaigns-rules'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { validationError } from '@server/lib/app-error'
import { campaignSettingsRepository } from './campaign-settings.repository'
import type { CampaignSettingRowStored } from './campaigns.table'

const present = (row: CampaignSettingRowStored): CampaignSettingRow => ({
  id: row.id,
  key: row.key,
  value: row.value,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/**
 * Campaign settings (002 §2.9, §3.7, reference §2): key/value rows per company, each key checked
 * against its range, unknown keys refused. The engine reads them at every slot it computes, so a
 * change applies to the next sends of running campaigns.
 */
export function createCampaignSettingsService(deps: CoreDeps) {
  /** The company's settings, every key at its value or default. */
  async function settingsOf(companyId: number, executor: Executor = deps.db) {
    return foldCampaignSettings(await campaignSettingsRepository(executor).rows(companyId))
  }

  return {
    settingsOf,

    /** GET /campaign-settings: the rows, which the client folds by key. */
    async list(ctx: RequestContext): Promise<CampaignSettingRow[]> {
      return (await campaignSettingsRepository(deps.db).rows(ctx.companyId)).map(present)
    },

    /** POST /campaign-settings: only the keys given change. */
    async save(ctx: RequestContext, body: SaveCampaignSettingsBody): Promise<CampaignSettingRow[]> {
      const current: CampaignSettings = await settingsOf(ctx.companyId)
      const [problem] = campaignSettingsProblems(body.settings, current)
      if (problem) throw validationError(problem)
      const next = applyCampaignSettings(current, body.settings)
      const repo = campaignSettingsRepository(deps.db)
      await repo.upsert(
        ctx.companyId,
        // Stored as read (numbers as digits, lists of exactly {key, value}), not as sent.
        (Object.keys(body.settings) as (keyof CampaignSettings)[]).map((key) => ({
          key,
          value: storedSettingValue(next[key]),
        })),
      )
      const rows = (await repo.rows(ctx.companyId)).map(present)
      deps.realtime.emit(ctx.companyId, [rooms.admins], 'campaignSettings', {
        action: 'create',
        record: rows,
      })
      return rows
    },
  }
}

export type CampaignSettingsService = ReturnType<typeof createCampaignSettingsService>
