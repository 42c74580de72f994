import { Badge, type BadgeProps } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { CampaignStatus } from '@shared/contracts/campaigns'

/** Each status's colour: a draft is quiet, a running campaign the brand's, its ends clear. */
const STATUS_COLOR: Record<CampaignStatus, BadgeProps['color']> = {
  INATIVA: 'subtle',
  PROGRAMADA: 'informative',
  EM_ANDAMENTO: 'brand',
  CANCELADA: 'danger',
  FINALIZADA: 'success',
}

/** A campaign's status by its translated name (002 §4.1), coloured by what it means. */
export const CampaignStatusBadge = ({
  status,
  className,
}: {
  status: CampaignStatus
  className?: string
}) => {
  const { t } = useTranslation('campaigns')
  return (
    <Badge className={className} appearance="tint" color={STATUS_COLOR[status]}>
      {t(`status.${status}`)}
    </Badge>
  )
}
