import { WrenchScrewdriverRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { RouteId } from '@shared/navigation'
import { EmptyState } from '@renderer/components/EmptyState'
import { PageHeader } from '@renderer/components/PageHeader'

/** A route whose screen is not built yet: its title and a clear notice, never fake data. */
export const ComingSoonPage = ({ routeId }: { routeId: RouteId }) => {
  const { t } = useTranslation('shell')
  return (
    <>
      <PageHeader title={t(`pages.${routeId}`)} />
      <EmptyState
        icon={<WrenchScrewdriverRegular />}
        title={t('comingSoon.title')}
        description={t('comingSoon.description')}
      />
    </>
  )
}
