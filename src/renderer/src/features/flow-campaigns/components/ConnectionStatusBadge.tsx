import { Badge } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { ConnectionStatus } from '@shared/contracts/connections'

/** Whether a connection receives messages now: only CONNECTED is online (002 §3.14). */
export const isOnline = (status: ConnectionStatus): boolean => status === 'CONNECTED'

/** A connection's state as the campaign picker shows it: online or offline. */
export const ConnectionStatusBadge = ({
  status,
  className,
}: {
  status: ConnectionStatus
  className?: string
}) => {
  const { t } = useTranslation('flowCampaigns')
  const online = isOnline(status)
  return (
    <Badge
      className={className}
      appearance="tint"
      size="small"
      color={online ? 'success' : 'danger'}
    >
      {t(online ? 'connectionStatus.online' : 'connectionStatus.offline')}
    </Badge>
  )
}
