import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useIntegrationsTableSkeletonStyles } from './IntegrationsTableSkeleton.styles'

const ROWS = 6

/** The table's shape while its first page loads. */
export const IntegrationsTableSkeleton = () => {
  const { t } = useTranslation('queueIntegrations')
  const styles = useIntegrationsTableSkeletonStyles()
  return (
    <Skeleton className={styles.root} aria-label={t('table.loading')}>
      {Array.from({ length: ROWS }, (_, row) => (
        <div key={row} className={styles.row}>
          <SkeletonItem shape="circle" size={24} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
        </div>
      ))}
    </Skeleton>
  )
}
