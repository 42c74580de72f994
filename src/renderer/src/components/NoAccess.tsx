import { Button } from '@fluentui/react-components'
import { ShieldProhibitedRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { EmptyState } from './EmptyState'

/**
 * The no-access placeholder (000 §6): what a user sees on a page his profile may not open
 * ('Oops! Acesso Negado!' with a way back to the tickets).
 */
export const NoAccess = () => {
  const { t } = useTranslation('common')
  const navigate = useNavigate()
  return (
    <EmptyState
      icon={<ShieldProhibitedRegular />}
      title={t('noAccess.title')}
      description={t('noAccess.description')}
      actions={
        <Button appearance="primary" onClick={() => void navigate('/tickets')}>
          {t('noAccess.back')}
        </Button>
      }
    />
  )
}
