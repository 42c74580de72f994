import { mergeClasses, Subtitle2 } from '@fluentui/react-components'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { IntegrationHealth } from '@shared/contracts/queue-integrations'
import { formatDateTime } from '@renderer/lib/format'
import { IntegrationHealthStatus } from './IntegrationHealthStatus'
import { useIntegrationHealthPanelStyles } from './IntegrationHealthPanel.styles'

/**
 * The edit dialog's account of how a saved integration has been doing with real conversations:
 * its last success, its last error and when, and how many failures in the last 24 hours.
 */
export const IntegrationHealthPanel = ({ health }: { health: IntegrationHealth }) => {
  const { t, i18n } = useTranslation('queueIntegrations')
  const styles = useIntegrationHealthPanelStyles()
  const headingId = useId()
  const time = (instant: string) => formatDateTime(instant, i18n.language)
  const lastError =
    health.lastErrorAt === null
      ? t('health.panel.none')
      : t('health.panel.errorAt', {
          time: time(health.lastErrorAt),
          error: health.lastError ?? t('health.noDetail'),
        })
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.header}>
        <Subtitle2 as="h3" id={headingId}>
          {t('health.panel.title')}
        </Subtitle2>
        <IntegrationHealthStatus health={health} />
      </div>
      <dl className={styles.list}>
        <div className={styles.item}>
          <dt className={styles.term}>{t('health.panel.lastSuccess')}</dt>
          <dd className={styles.value}>
            {health.lastSuccessAt === null ? t('health.panel.never') : time(health.lastSuccessAt)}
          </dd>
        </div>
        <div className={styles.item}>
          <dt className={styles.term}>{t('health.panel.errorsLast24h')}</dt>
          <dd className={mergeClasses(styles.value, health.errorsLast24h > 0 && styles.error)}>
            {health.errorsLast24h}
          </dd>
        </div>
        <div className={styles.item}>
          <dt className={styles.term}>{t('health.panel.lastError')}</dt>
          <dd className={styles.value}>{lastError}</dd>
        </div>
      </dl>
    </section>
  )
}
