import { Button } from '@fluentui/react-components'
import { DocumentQuestionMarkRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { EmptyState } from '@renderer/components/EmptyState'

/** An address that matches no route. */
export const NotFoundPage = () => {
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  return (
    <EmptyState
      icon={<DocumentQuestionMarkRegular />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Button appearance="primary" onClick={() => void navigate('/')}>
          {t('notFound.home')}
        </Button>
      }
    />
  )
}
