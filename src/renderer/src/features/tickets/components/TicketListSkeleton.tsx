import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useTicketListSkeletonStyles } from './TicketListSkeleton.styles'

const ROWS = 6

/** The list while its first page loads (000 §2: skeletons). */
export const TicketListSkeleton = () => {
  const { t } = useTranslation('tickets')
  const styles = useTicketListSkeletonStyles()
  return (
    <Skeleton aria-label={t('list.loading')} role="status">
      {Array.from({ length: ROWS }, (_, index) => (
        <div key={index} className={styles.row}>
          <SkeletonItem shape="circle" size={40} />
          <div className={styles.lines}>
            <SkeletonItem size={16} />
            <SkeletonItem size={12} className={styles.short} />
            <SkeletonItem size={12} />
          </div>
        </div>
      ))}
    </Skeleton>
  )
}
