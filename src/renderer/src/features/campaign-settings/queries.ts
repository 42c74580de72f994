import { queryOptions } from '@tanstack/react-query'
import { foldCampaignSettings } from '@shared/contracts/campaigns-rules'
import { listCampaignSettings } from './api'

/** Query keys and options of the campaign settings; every key starts with `campaignSettings`. */
export const campaignSettingsQueries = {
  all: () => ['campaignSettings'] as const,
  /**
   * The stored rows are cached as the server sends them (the save and the live event answer
   * the same rows) and read folded, every key at its value or default.
   */
  settings: () =>
    queryOptions({
      queryKey: [...campaignSettingsQueries.all(), 'rows'] as const,
      queryFn: ({ signal }) => listCampaignSettings(signal),
      select: foldCampaignSettings,
    }),
}
