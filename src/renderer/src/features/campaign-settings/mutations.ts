import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SaveCampaignSettingsBody } from '@shared/contracts/campaigns'
import { notifyError } from '@renderer/lib/notify'
import { readCampaignSettingsFieldError, saveCampaignSettings } from './api'
import { campaignSettingsQueries } from './queries'

/**
 * Saves the changed settings and caches the rows the server answers. A refusal naming a
 * setting is shown on its field by the form, not as a toast.
 */
export const useSaveCampaignSettingsMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SaveCampaignSettingsBody) => saveCampaignSettings(body),
    onSuccess: (rows) =>
      queryClient.setQueryData(campaignSettingsQueries.settings().queryKey, rows),
    onError: (error) => {
      if (!readCampaignSettingsFieldError(error)) notifyError(error)
    },
  })
}
