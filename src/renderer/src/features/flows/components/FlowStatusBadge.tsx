import { Badge } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

/** A flow's active flag as the list shows it (002 §4.2): 'Ativo' or 'Desativado'. */
export const FlowStatusBadge = ({ active }: { active: boolean }) => {
  const { t } = useTranslation('flows')
  return (
    <Badge appearance="tint" color={active ? 'success' : 'subtle'}>
      {t(active ? 'status.active' : 'status.inactive')}
    </Badge>
  )
}
