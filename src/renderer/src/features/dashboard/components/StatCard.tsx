import { Button, Caption1, Skeleton, SkeletonItem, Text, Tooltip } from '@fluentui/react-components'
import { ArrowClockwiseRegular, InfoRegular } from '@fluentui/react-icons'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useStatCardStyles } from './StatCard.styles'

export interface StatCardProps {
  icon: ReactNode
  title: string
  /** What the figure means (docs/dashboard.md), behind the info button. */
  help: string
  /** The figure as shown; ignored while loading or failed. */
  value?: string
  /** A line under the figure, such as "de 12 usuários". */
  detail?: string
  loading: boolean
  /** Set when the figure could not be read: the card offers to read it again. */
  onRetry?: () => void
}

/** One figure of the Indicadores tab: icon, title with its help, the value or its state. */
export const StatCard = ({ icon, title, help, value, detail, loading, onRetry }: StatCardProps) => {
  const { t } = useTranslation('dashboard')
  const styles = useStatCardStyles()
  const titleId = useId()
  return (
    <article className={styles.card} aria-labelledby={titleId} aria-busy={loading}>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <div className={styles.body}>
        <div className={styles.heading}>
          <Caption1 as="h3" id={titleId} className={styles.label}>
            {title}
          </Caption1>
          <Tooltip content={help} relationship="description" withArrow>
            <Button
              size="small"
              appearance="transparent"
              icon={<InfoRegular />}
              aria-label={t('cards.helpLabel', { title })}
            />
          </Tooltip>
        </div>
        {loading ? (
          <Skeleton aria-label={t('cards.loading', { title })}>
            <SkeletonItem size={32} />
          </Skeleton>
        ) : onRetry ? (
          <div className={styles.errorRow} role="alert">
            <Text className={styles.error}>{t('cards.error')}</Text>
            <Button size="small" icon={<ArrowClockwiseRegular />} onClick={onRetry}>
              {t('cards.retry')}
            </Button>
          </div>
        ) : (
          <>
            <p className={styles.value}>{value}</p>
            {detail && <Caption1 className={styles.detail}>{detail}</Caption1>}
          </>
        )}
      </div>
    </article>
  )
}
