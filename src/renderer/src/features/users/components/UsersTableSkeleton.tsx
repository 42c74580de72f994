import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useUsersTableSkeletonStyles } from './UsersTableSkeleton.styles'

const ROWS = 8

/** The table's shape while its first page loads. */
export const UsersTableSkeleton = () => {
  const { t } = useTranslation('users')
  const styles = useUsersTableSkeletonStyles()
  return (
    <Skeleton className={styles.root} aria-label={t('table.loading')}>
      {Array.from({ length: ROWS }, (_, row) => (
        <div key={row} className={styles.row}>
          <SkeletonItem shape="circle" size={24} />
          <SkeletonItem shape="circle" size={32} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
          <SkeletonItem size={16} />
        </div>
      ))}
    </Skeleton>
  )
}
