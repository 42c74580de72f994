import { mergeClasses, Tooltip } from '@fluentui/react-components'
import {
  CheckmarkCircleFilled,
  ErrorCircleFilled,
  HistoryRegular,
  SubtractCircleRegular,
  type FluentIcon,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { IntegrationHealth } from '@shared/contracts/queue-integrations'
import { formatDateTime } from '@renderer/lib/format'
import { integrationHealthState, type IntegrationHealthState } from '../health'
import { useIntegrationHealthStatusStyles } from './IntegrationHealthStatus.styles'

const healthIcons: Record<IntegrationHealthState, FluentIcon> = {
  working: CheckmarkCircleFilled,
  failing: ErrorCircleFilled,
  unused: SubtractCircleRegular,
  idle: HistoryRegular,
}

export interface IntegrationHealthStatusProps {
  health: IntegrationHealth
  /** Only the icon is drawn (the narrow table); the text stays for screen readers. */
  iconOnly?: boolean
  /** A tooltip tells the last success, the failures and the last error (the table). */
  withDetails?: boolean
}

/** How an integration has been doing: an icon and a short text ("Funcionando", "Com falhas"). */
export const IntegrationHealthStatus = ({
  health,
  iconOnly = false,
  withDetails = false,
}: IntegrationHealthStatusProps) => {
  const { t, i18n } = useTranslation('queueIntegrations')
  const styles = useIntegrationHealthStatusStyles()
  const state = integrationHealthState(health)
  const Icon = healthIcons[state]
  const status = (
    <span className={styles.status} tabIndex={withDetails ? 0 : undefined}>
      <Icon className={mergeClasses(styles.icon, styles[state])} aria-hidden />
      <span className={iconOnly ? styles.hiddenLabel : undefined}>
        {t(`health.states.${state}`, { errors: health.errorsLast24h })}
      </span>
    </span>
  )
  if (!withDetails) return status

  const time = (instant: string) => formatDateTime(instant, i18n.language)
  const lines = [
    state === 'failing'
      ? t('health.tooltip.failing', { count: health.errorsLast24h })
      : t(`health.tooltip.${state}`),
    health.lastSuccessAt !== null &&
      t('health.tooltip.lastSuccess', { time: time(health.lastSuccessAt) }),
    health.lastErrorAt !== null &&
      t('health.tooltip.lastError', {
        time: time(health.lastErrorAt),
        error: health.lastError ?? t('health.noDetail'),
      }),
  ].filter((line): line is string => typeof line === 'string')

  return (
    <Tooltip
      relationship="description"
      content={
        <div className={styles.details}>
          {lines.map((line) => (
            <span key={line} className={styles.detail}>
              {line}
            </span>
          ))}
        </div>
      }
    >
      {status}
    </Tooltip>
  )
}
