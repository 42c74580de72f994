import { Button } from '@fluentui/react-components'
import { ErrorCircleRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@renderer/components/EmptyState'

/**
 * A page that crashed while rendering, or whose code failed to load (an update replaced the
 * files): reloading fetches the current build.
 */
export const RouteErrorPage = () => {
  const { t } = useTranslation('shell')
  return (
    <EmptyState
      icon={<ErrorCircleRegular />}
      title={t('routeError.title')}
      description={t('routeError.description')}
      actions={
        <Button appearance="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  )
}
