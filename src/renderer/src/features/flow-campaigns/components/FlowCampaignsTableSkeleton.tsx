import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useFlowCampaignsTableSkeletonStyles } from './FlowCampaignsTableSkeleton.styles'

const ROWS = 6
const COLUMNS = 6

/** The table's shape while the campaigns load. */
export const FlowCampaignsTableSkeleton = () => {
  const { t } = useTranslation('flowCampaigns')
  const styles = useFlowCampaignsTableSkeletonStyles()
  return (
    <Skeleton className={styles.root} aria-label={t('table.loading')}>
      {Array.from({ length: ROWS }, (_, row) => (
        <div key={row} className={styles.row}>
          {Array.from({ length: COLUMNS }, (_, column) => (
            <SkeletonItem key={column} size={16} />
          ))}
        </div>
      ))}
    </Skeleton>
  )
}
