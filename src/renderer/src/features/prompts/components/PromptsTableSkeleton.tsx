import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { usePromptsTableSkeletonStyles } from './PromptsTableSkeleton.styles'

const ROWS = 6

/** The table's shape while its first page loads. */
export const PromptsTableSkeleton = () => {
  const { t } = useTranslation('prompts')
  const styles = usePromptsTableSkeletonStyles()
  return (
    <Skeleton className={styles.root} aria-label={t('table.loading')}>
      {Array.from({ length: ROWS }, (_, row) => (
        <div key={row} className={styles.row}>
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
        </div>
      ))}
    </Skeleton>
  )
}
