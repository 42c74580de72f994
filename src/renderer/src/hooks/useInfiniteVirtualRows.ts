import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useRef, type Key } from 'react'
import { INFINITE_SCROLL_THRESHOLD_PX, VIRTUALIZE_ABOVE } from '@shared/constants'

/** How a list asks for its next page (an infinite query's state and `fetchNextPage`). */
export interface InfinitePaging {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** The last page failed: stop asking on scroll (it would loop); the list offers a retry. */
  loadMoreFailed: boolean
  onLoadMore: () => void
}

export interface InfiniteVirtualRowsOptions<T> extends InfinitePaging {
  items: readonly T[]
  /** A row's height, or a first guess for rows measured once drawn. */
  rowHeight: number
  /** Rows drawn beyond each edge of the view. */
  overscan: number
  /**
   * Keys the measured rows by item, so a measured height follows its row when rows move. Rows
   * of one fixed height leave it out: keyed by index, nothing is laid out again on a re-render.
   */
  keyOf?: (item: T) => Key
}

/** A row to draw: the item, its index in the list and, when virtualised, its offset in px. */
export interface VirtualRow<T> {
  item: T
  index: number
  start: number
}

/**
 * A scrolling list that draws only the visible rows once it holds more than 20 and asks for the
 * next page within 100 px of its bottom (000 §9), again after every page while the view is
 * taller than the rows loaded. Attach `scrollRef` and `onScroll` to the scrolling element.
 * Tables fill `paddingTop`/`paddingBottom` with spacer rows; positioned lists place each row at
 * its `start` inside a body of `virtualizer.getTotalSize()`.
 */
export const useInfiniteVirtualRows = <T>({
  items,
  rowHeight,
  overscan,
  keyOf,
  hasNextPage,
  isFetchingNextPage,
  loadMoreFailed,
  onLoadMore,
}: InfiniteVirtualRowsOptions<T>) => {
  const scrollRef = useRef<HTMLDivElement | null>(null)
  const virtualized = items.length > VIRTUALIZE_ABOVE
  const estimateSize = useCallback(() => rowHeight, [rowHeight])
  const getItemKey = useCallback(
    (index: number) => {
      const item = items[index]
      return keyOf && item !== undefined ? keyOf(item) : index
    },
    [items, keyOf],
  )

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan,
    enabled: virtualized,
    getItemKey: keyOf ? getItemKey : undefined,
  })

  const loadMoreIfNearEnd = useCallback(() => {
    const element = scrollRef.current
    if (!element || !hasNextPage || isFetchingNextPage || loadMoreFailed) return
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight
    if (distance <= INFINITE_SCROLL_THRESHOLD_PX) onLoadMore()
  }, [hasNextPage, isFetchingNextPage, loadMoreFailed, onLoadMore])

  // A viewport taller than the loaded rows never scrolls, so check again after every page.
  useEffect(() => loadMoreIfNearEnd(), [loadMoreIfNearEnd, items.length])

  const virtualItems = virtualized ? virtualizer.getVirtualItems() : []
  const rows: VirtualRow<T>[] = virtualized
    ? virtualItems.flatMap((virtual) => {
        const item = items[virtual.index]
        return item === undefined ? [] : [{ item, index: virtual.index, start: virtual.start }]
      })
    : items.map((item, index) => ({ item, index, start: 0 }))
  const paddingTop = virtualItems[0]?.start ?? 0
  const paddingBottom = virtualized
    ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0)
    : 0

  return {
    scrollRef,
    onScroll: loadMoreIfNearEnd,
    virtualized,
    virtualizer,
    rows,
    paddingTop,
    paddingBottom,
    /** Measures drawn rows when their height varies; undefined while all rows are drawn. */
    measureElement: virtualized ? virtualizer.measureElement : undefined,
  }
}
