import type {
  CampaignSettingRow,
  CampaignSettingRows,
  SaveCampaignSettingsBody,
} from '@shared/contracts/campaigns'
import { http } from '@renderer/lib/http'
import { readFieldError, type FieldError } from '@renderer/lib/server-refusal'

/** GET /campaign-settings: the company's stored rows, one per key, values as text. */
export const listCampaignSettings = async (signal?: AbortSignal): Promise<CampaignSettingRows> =>
  (await http.get<CampaignSettingRow[]>('/campaign-settings', { signal })).data

/** POST /campaign-settings: only the keys given change; the answer is every stored row. */
export const saveCampaignSettings = async (
  body: SaveCampaignSettingsBody,
): Promise<CampaignSettingRows> =>
  (await http.post<CampaignSettingRow[]>('/campaign-settings', body)).data

/** The setting a refused save names (ERR_VALIDATION with its `field`), or null. */
export const readCampaignSettingsFieldError = (error: unknown): FieldError | null =>
  readFieldError(error)
