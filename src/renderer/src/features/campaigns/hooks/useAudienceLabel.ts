import { useTranslation } from 'react-i18next'
import type { CampaignDto } from '@shared/contracts/campaigns'

/**
 * Who receives a campaign, as the table and the report's header name it: its contact list, or
 * the contacts carrying its tag; null when the list or tag was deleted.
 */
export const useAudienceLabel = () => {
  const { t } = useTranslation('campaigns')
  return (campaign: CampaignDto): string | null => {
    if (campaign.contactList) return campaign.contactList.name
    if (campaign.tag) return t('table.tagAudience', { name: campaign.tag.name })
    return null
  }
}
