import { useQueryClient } from '@tanstack/react-query'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { campaignSettingsQueries } from './queries'

/** Another admin's save (and the echo of our own) carries every stored row: they replace the cache. */
export const useCampaignSettingsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('campaignSettings', (event) =>
    queryClient.setQueryData(campaignSettingsQueries.settings().queryKey, event.record),
  )
}
