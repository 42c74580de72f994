import { mergeClasses, Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useTableSkeletonStyles } from './TableSkeleton.styles'

const ROWS = 6
const COLUMNS = { lists: 3, items: 5 } as const

export interface TableSkeletonProps {
  /** The table whose shape it takes: the lists, or a list's contacts. */
  table: keyof typeof COLUMNS
  label: string
}

/** A table's shape while its first page loads. */
export const TableSkeleton = ({ table, label }: TableSkeletonProps) => {
  const styles = useTableSkeletonStyles()
  return (
    <Skeleton className={styles.root} aria-label={label}>
      {Array.from({ length: ROWS }, (_, row) => (
        <div key={row} className={mergeClasses(styles.row, styles[table])}>
          {Array.from({ length: COLUMNS[table] }, (_, column) => (
            <SkeletonItem key={column} size={16} />
          ))}
        </div>
      ))}
    </Skeleton>
  )
}
