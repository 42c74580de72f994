import { Badge, Caption1, Tooltip, type BadgeProps } from '@fluentui/react-components'
import {
  CheckmarkCircleRegular,
  ClockRegular,
  DismissCircleRegular,
  QrCodeRegular,
  WarningRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ConnectionDto, ConnectionStatus } from '@shared/contracts/connections'
import { gaveUpAfter } from '../format'
import { useStatusBadgeStyles } from './StatusBadge.styles'

const LOOK: Record<ConnectionStatus, { color: BadgeProps['color']; icon: BadgeProps['icon'] }> = {
  CONNECTED: { color: 'success', icon: <CheckmarkCircleRegular /> },
  qrcode: { color: 'warning', icon: <QrCodeRegular /> },
  PAIRING: { color: 'warning', icon: <ClockRegular /> },
  OPENING: { color: 'informative', icon: <ClockRegular /> },
  TIMEOUT: { color: 'warning', icon: <WarningRegular /> },
  DISCONNECTED: { color: 'danger', icon: <DismissCircleRegular /> },
}

/**
 * A connection's status (001 §4): an icon and a word, explained by a tooltip, and below it why
 * the session stopped when the server gave up reconnecting.
 */
export const StatusBadge = ({
  connection,
}: {
  connection: Pick<ConnectionDto, 'status' | 'retries'>
}) => {
  const { t } = useTranslation('connections')
  const styles = useStatusBadgeStyles()
  const look = LOOK[connection.status]
  const attempts = gaveUpAfter(connection)
  return (
    <div className={styles.root}>
      <Tooltip content={t(`statusHint.${connection.status}`)} relationship="description">
        <Badge appearance="tint" color={look.color} icon={look.icon}>
          {t(`status.${connection.status}`)}
        </Badge>
      </Tooltip>
      {attempts !== null && (
        <Caption1 className={styles.reason}>
          {t('statusReason.gaveUp', { count: attempts })}
        </Caption1>
      )}
    </div>
  )
}
