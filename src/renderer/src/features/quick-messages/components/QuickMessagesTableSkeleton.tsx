import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useQuickMessagesTableSkeletonStyles } from './QuickMessagesTableSkeleton.styles'

const ROWS = 6
const COLUMNS = 5

/** The table's shape while its first page loads. */
export const QuickMessagesTableSkeleton = () => {
  const { t } = useTranslation('quickMessages')
  const styles = useQuickMessagesTableSkeletonStyles()
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
