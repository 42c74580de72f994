import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { errorMessage } from '@renderer/lib/notify'
import { CampaignSettingsForm } from '../components/CampaignSettingsForm'
import { CampaignSettingsSkeleton } from '../components/CampaignSettingsSkeleton'
import { campaignSettingsQueries } from '../queries'
import { useCampaignSettingsRealtime } from '../realtime'
import { useCampaignSettingsPageStyles } from './CampaignSettingsPage.styles'

/**
 * /campaigns-config (002 §2.9): the company's campaign settings. The route's gate keeps out
 * profile users and plans without campaigns, so the page does not repeat it.
 */
export const CampaignSettingsPage = () => {
  const { t } = useTranslation('campaignSettings')
  const styles = useCampaignSettingsPageStyles()
  const query = useQuery(campaignSettingsQueries.settings())
  useCampaignSettingsRealtime()

  const content = () => {
    // Once loaded, a later read that fails leaves the form as it is.
    if (query.data) return <CampaignSettingsForm settings={query.data} />
    if (!query.isError) return <CampaignSettingsSkeleton />
    return (
      <LoadFailure
        title={t('loadError.title')}
        description={errorMessage(query.error)}
        retryLabel={t('loadError.retry')}
        onRetry={() => void query.refetch()}
      />
    )
  }

  return (
    <section className={styles.root}>
      <PageHeader title={t('title')} />
      {content()}
    </section>
  )
}
