import {
  Button,
  Spinner,
  Table,
  TableBody,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import type { Key, ReactNode } from 'react'
import { useInfiniteVirtualRows, type InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useVirtualTableStyles } from './VirtualTable.styles'

export interface VirtualTableProps<T> extends InfinitePaging {
  /** The table's accessible name. */
  label: string
  /** The header cells' texts, one per column. */
  columns: readonly string[]
  items: readonly T[]
  keyOf: (item: T) => Key
  /** A first guess of a row's height; rows are measured once drawn. */
  rowHeight: number
  /** The cells of one row. */
  renderCells: (item: T) => ReactNode
  loadingMoreLabel: string
  retryLabel: string
}

/** Rows drawn beyond each edge of the view. */
const OVERSCAN = 5

/**
 * A table under a sticky header that loads its pages as it scrolls and, above 20 rows, draws
 * only those in view (`useInfiniteVirtualRows`); below it, a spinner while the next page loads
 * or a retry once it failed.
 */
export const VirtualTable = <T,>({
  label,
  columns,
  items,
  keyOf,
  rowHeight,
  renderCells,
  loadingMoreLabel,
  retryLabel,
  ...paging
}: VirtualTableProps<T>) => {
  const styles = useVirtualTableStyles()
  const { scrollRef, onScroll, rows, paddingTop, paddingBottom, measureElement } =
    useInfiniteVirtualRows({ items, rowHeight, overscan: OVERSCAN, keyOf, ...paging })
  const { isFetchingNextPage, loadMoreFailed, onLoadMore } = paging

  return (
    <div ref={scrollRef} className={styles.scroller} onScroll={onScroll}>
      <Table
        className={styles.table}
        aria-label={label}
        aria-rowcount={items.length + 1}
        size="small"
      >
        <TableHeader className={styles.header}>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column}>{column}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {paddingTop > 0 && (
            <SpacerRow height={paddingTop} columns={columns.length} className={styles.spacer} />
          )}
          {rows.map(({ item, index }) => (
            // The header is row 1, so the rows count from 2.
            <TableRow
              key={keyOf(item)}
              ref={measureElement}
              data-index={index}
              aria-rowindex={index + 2}
            >
              {renderCells(item)}
            </TableRow>
          ))}
          {paddingBottom > 0 && (
            <SpacerRow height={paddingBottom} columns={columns.length} className={styles.spacer} />
          )}
        </TableBody>
      </Table>
      {isFetchingNextPage && (
        <div className={styles.footer}>
          <Spinner size="tiny" label={loadingMoreLabel} />
        </div>
      )}
      {loadMoreFailed && !isFetchingNextPage && (
        <div className={styles.footer}>
          <Button appearance="secondary" onClick={onLoadMore}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  )
}

/** Stands in for the rows scrolled out of view, so the scrollbar keeps the whole list's size. */
const SpacerRow = ({
  height,
  columns,
  className,
}: {
  height: number
  columns: number
  className: string
}) => (
  // The height is computed by the virtualizer at run time, so it cannot be a static style.
  <tr aria-hidden style={{ height }}>
    <td className={className} colSpan={columns} />
  </tr>
)
