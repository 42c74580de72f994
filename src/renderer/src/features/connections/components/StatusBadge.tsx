import { Badge, Tooltip, type BadgeProps } from '@fluentui/react-components'
import {
  CheckmarkCircleRegular,
  ClockRegular,
  DismissCircleRegular,
  QrCodeRegular,
  WarningRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ConnectionStatus } from '@shared/contracts/connections'

const LOOK: Record<ConnectionStatus, { color: BadgeProps['color']; icon: BadgeProps['icon'] }> = {
  CONNECTED: { color: 'success', icon: <CheckmarkCircleRegular /> },
  qrcode: { color: 'warning', icon: <QrCodeRegular /> },
  PAIRING: { color: 'warning', icon: <ClockRegular /> },
  OPENING: { color: 'informative', icon: <ClockRegular /> },
  TIMEOUT: { color: 'warning', icon: <WarningRegular /> },
  DISCONNECTED: { color: 'danger', icon: <DismissCircleRegular /> },
}

/** A connection's status (001 §4): an icon and a word, explained by a tooltip. */
export const StatusBadge = ({ status }: { status: ConnectionStatus }) => {
  const { t } = useTranslation('connections')
  const look = LOOK[status]
  return (
    <Tooltip content={t(`statusHint.${status}`)} relationship="description">
      <Badge appearance="tint" color={look.color} icon={look.icon}>
        {t(`status.${status}`)}
      </Badge>
    </Tooltip>
  )
}
