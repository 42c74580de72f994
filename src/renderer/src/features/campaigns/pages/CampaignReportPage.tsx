import { Button, Skeleton, SkeletonItem } from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  ArrowLeftRegular,
  DocumentQuestionMarkRegular,
} from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import type { CampaignDto } from '@shared/contracts/campaigns'
import { routeLink } from '@shared/navigation'
import { BusyButton } from '@renderer/components/BusyButton'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { errorMessage } from '@renderer/lib/notify'
import { formatDateTime } from '@renderer/lib/format'
import { isNotFound } from '../api'
import { CampaignStatusBadge } from '../components/CampaignStatusBadge'
import { ReportFigures } from '../components/ReportFigures'
import { ReportRecipients } from '../components/ReportRecipients'
import { useAudienceLabel } from '../hooks/useAudienceLabel'
import { useDownloadFailuresMutation } from '../mutations'
import { campaignQueries } from '../queries'
import { useCampaignReportRealtime } from '../realtime'
import { useCampaignReportPageStyles } from './CampaignReportPage.styles'

/** A campaign id of the address, or null when it names none. */
const campaignIdOf = (param: string | undefined): number | null => {
  const id = Number(param)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * /campaign/{campaignId}/report (002 §2.10): the campaign's state, its progress bar and figure
 * cards, kept live by its socket updates (read again 5 s after it finishes, 002 §4.1), its
 * recipients with a state filter, and its failures as a spreadsheet. The route's gate keeps it
 * to admins of plans with campaigns.
 */
export const CampaignReportPage = () => {
  const campaignId = campaignIdOf(useParams<{ campaignId: string }>().campaignId)
  // Keyed by campaign, so another campaign's address starts with its own filter.
  return campaignId === null ? (
    <CampaignNotFound />
  ) : (
    <CampaignReport key={campaignId} campaignId={campaignId} />
  )
}

const useBackToCampaigns = () => {
  const navigate = useNavigate()
  return () => void navigate(routeLink('campaigns'))
}

const CampaignNotFound = () => {
  const { t } = useTranslation('campaigns')
  const handleBack = useBackToCampaigns()
  return (
    <EmptyState
      icon={<DocumentQuestionMarkRegular />}
      title={t('report.notFound.title')}
      description={t('report.notFound.description')}
      actions={
        <Button appearance="primary" onClick={handleBack}>
          {t('report.back')}
        </Button>
      }
    />
  )
}

const CampaignReport = ({ campaignId }: { campaignId: number }) => {
  const { t } = useTranslation('campaigns')
  const styles = useCampaignReportPageStyles()
  const handleBack = useBackToCampaigns()
  const detail = useQuery(campaignQueries.detail(campaignId))
  const download = useDownloadFailuresMutation()
  useCampaignReportRealtime(campaignId)

  if (detail.isError && isNotFound(detail.error)) return <CampaignNotFound />

  const backButton = (
    <Button icon={<ArrowLeftRegular />} onClick={handleBack}>
      {t('report.back')}
    </Button>
  )

  const campaign = detail.data
  if (!campaign) {
    return (
      <section className={styles.root}>
        <PageHeader title={t('report.title')} actions={backButton} />
        {detail.isError ? (
          <LoadFailure
            title={t('report.loadError')}
            description={errorMessage(detail.error)}
            retryLabel={t('actions.retry')}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <Skeleton className={styles.skeleton} aria-label={t('report.loading')}>
            <SkeletonItem size={24} />
            <SkeletonItem size={16} />
            <SkeletonItem size={72} />
          </Skeleton>
        )}
      </section>
    )
  }

  const failures = campaign.report.failed
  return (
    <section className={styles.root}>
      <PageHeader
        title={t('report.titleOf', { name: campaign.name })}
        actions={
          <>
            {backButton}
            <BusyButton
              appearance="secondary"
              icon={<ArrowDownloadRegular />}
              busy={download.isPending}
              disabled={failures === 0}
              onClick={() => download.mutate(campaign.id)}
            >
              {t('report.exportFailures')}
            </BusyButton>
          </>
        }
      />
      <ReportSummary campaign={campaign} />
      <ReportFigures report={campaign.report} confirmation={campaign.confirmation} />
      <ReportRecipients campaignId={campaign.id} />
    </section>
  )
}

/** The campaign's status and what it is: connection, audience, schedule, start and end. */
const ReportSummary = ({ campaign }: { campaign: CampaignDto }) => {
  const { t, i18n } = useTranslation('campaigns')
  const styles = useCampaignReportPageStyles()
  const audienceOf = useAudienceLabel()
  const dateOf = (instant: string | null) =>
    instant ? formatDateTime(instant, i18n.language) : t('table.none')
  const details: [string, string][] = [
    [t('report.connection'), campaign.whatsapp?.name ?? t('table.none')],
    [t('report.audience'), audienceOf(campaign) ?? t('table.none')],
    [t('report.scheduledAt'), dateOf(campaign.scheduledAt)],
    [t('report.startedAt'), dateOf(campaign.startedAt)],
    [t('report.completedAt'), dateOf(campaign.completedAt)],
  ]
  return (
    <dl className={styles.summary}>
      <div className={styles.detail}>
        <dt className={styles.term}>{t('report.status')}</dt>
        <dd className={styles.value}>
          <CampaignStatusBadge status={campaign.status} />
        </dd>
      </div>
      {details.map(([term, value]) => (
        <div key={term} className={styles.detail}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
