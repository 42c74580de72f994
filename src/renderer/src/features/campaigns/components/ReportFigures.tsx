import { Caption1, ProgressBar, Text } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { CampaignReport } from '@shared/contracts/campaigns'
import { useReportFiguresStyles } from './ReportFigures.styles'

type Figure = Exclude<keyof CampaignReport, 'progressPercent'>

/** The figures in the order a campaign goes through them. */
const FIGURES: readonly Figure[] = [
  'total',
  'valid',
  'invalid',
  'pending',
  'sent',
  'delivered',
  'confirmationRequested',
  'confirmed',
  'unconfirmed',
  'failed',
]

/** The figures that only a campaign asking for confirmation can have. */
const CONFIRMATION_FIGURES: ReadonlySet<Figure> = new Set([
  'confirmationRequested',
  'confirmed',
  'unconfirmed',
])

export interface ReportFiguresProps {
  report: CampaignReport
  /** Whether the campaign asks for confirmation: without it, those figures are left out. */
  confirmation: boolean
}

/**
 * The report's progress bar and cards (002 §2.10), counted by the server (reference §1 "Report
 * figures"): the share of valid recipients whose part is over, then each figure.
 */
export const ReportFigures = ({ report, confirmation }: ReportFiguresProps) => {
  const { t, i18n } = useTranslation('campaigns')
  const styles = useReportFiguresStyles()
  const number = new Intl.NumberFormat(i18n.language)
  const figures = FIGURES.filter((figure) => confirmation || !CONFIRMATION_FIGURES.has(figure))
  const percent = t('report.percent', { percent: report.progressPercent })
  return (
    <div className={styles.root}>
      <div className={styles.progress}>
        <div className={styles.progressLabel}>
          <Text weight="semibold">{t('report.progress')}</Text>
          <Text>{percent}</Text>
        </div>
        <ProgressBar
          value={report.progressPercent / 100}
          max={1}
          thickness="large"
          aria-label={t('report.progress')}
          aria-valuetext={percent}
        />
      </div>
      <dl className={styles.cards}>
        {figures.map((figure) => (
          <div key={figure} className={styles.card}>
            <dt>
              <Caption1 className={styles.label}>{t(`figures.${figure}`)}</Caption1>
            </dt>
            <dd className={figure === 'failed' && report.failed > 0 ? styles.danger : styles.value}>
              {number.format(report[figure])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
