import { Button, Spinner } from '@fluentui/react-components'
import { ChatEmptyRegular } from '@fluentui/react-icons'
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '@shared/contracts/tickets'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { useInfiniteVirtualRows } from '@renderer/hooks/useInfiniteVirtualRows'
import { errorMessage } from '@renderer/lib/notify'
import {
  TicketListItem,
  useTicketRowLabels,
  type TicketRowHandlers,
  type TicketRowPermissions,
} from './TicketListItem'
import { TICKET_ROW_HEIGHT, useTicketRowStyles } from './TicketListItem.styles'
import { TicketListSkeleton } from './TicketListSkeleton'
import { useTicketListStyles } from './TicketList.styles'

/**
 * Rows drawn beyond each edge of the view: enough for the wheel and the arrow keys; a fast
 * scroll draws every row it shows anew each frame, and each extra row costs that frame time.
 */
const OVERSCAN = 2

/**
 * The handlers as one object that never changes, calling the latest ones: rows are memoised, and
 * a new handler function on every render of the list would draw every row again.
 */
const useStableHandlers = (handlers: TicketRowHandlers): TicketRowHandlers => {
  const latest = useRef(handlers)
  useLayoutEffect(() => {
    latest.current = handlers
  })
  return useMemo(
    () => ({
      onOpen: (ticket) => latest.current.onOpen(ticket),
      onAccept: (ticket) => latest.current.onAccept(ticket),
      onIgnore: (ticket) => latest.current.onIgnore(ticket),
      onReturn: (ticket) => latest.current.onReturn(ticket),
      onClose: (ticket) => latest.current.onClose(ticket),
      onReopen: (ticket) => latest.current.onReopen(ticket),
      onDelete: (ticket) => latest.current.onDelete(ticket),
    }),
    [],
  )
}

export interface TicketListProps extends TicketRowHandlers {
  ref?: Ref<HTMLDivElement>
  label: string
  tickets: TicketDto[]
  isPending: boolean
  error: Error | null
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** The last page failed: stop asking on scroll (it would loop) and offer a retry instead. */
  loadMoreFailed: boolean
  onLoadMore: () => void
  onRetry: () => void
  emptyTitle: string
  emptyMessage: string
  selectedUuid: string | null
  busyTicketId: number | null
  permissions: TicketRowPermissions
}

/**
 * One list view (000 §2): skeletons, then the rows, virtualised above 20 items (fixed 100 px
 * rows, overscan 2), asking for the next page 100 px before the end. Arrow keys move between
 * rows, Home and End jump, Enter opens.
 */
export const TicketList = ({
  ref,
  label,
  tickets,
  isPending,
  error,
  hasNextPage,
  isFetchingNextPage,
  loadMoreFailed,
  onLoadMore,
  onRetry,
  emptyTitle,
  emptyMessage,
  selectedUuid,
  busyTicketId,
  permissions,
  ...handlers
}: TicketListProps) => {
  const { t } = useTranslation('tickets')
  const styles = useTicketListStyles()
  const [activeIndex, setActiveIndex] = useState(0)

  const rowHandlers = useStableHandlers(handlers)
  const rowLabels = useTicketRowLabels()
  const rowStyles = useTicketRowStyles()
  const { isAdmin, canIgnore } = permissions
  const rowPermissions = useMemo(() => ({ isAdmin, canIgnore }), [isAdmin, canIgnore])

  // No `keyOf`: with one fixed height and nothing measured, the virtualiser keys its items by
  // index, and a key per ticket would only make it lay out every loaded row again on each render.
  const { scrollRef, onScroll, virtualized, virtualizer, rows } = useInfiniteVirtualRows({
    items: tickets,
    rowHeight: TICKET_ROW_HEIGHT,
    overscan: OVERSCAN,
    hasNextPage,
    isFetchingNextPage,
    loadMoreFailed,
    onLoadMore,
  })

  const setScrollRef = useCallback(
    (element: HTMLDivElement | null) => {
      scrollRef.current = element
      if (typeof ref === 'function') ref(element)
      else if (ref) ref.current = element
    },
    [ref, scrollRef],
  )

  const today = new Date().setHours(0, 0, 0, 0)
  const lastIndex = tickets.length - 1
  const tabbableIndex = Math.min(activeIndex, Math.max(lastIndex, 0))

  const focusRow = (index: number) => {
    setActiveIndex(index)
    if (virtualized) virtualizer.scrollToIndex(index)
    // A virtual row scrolled into view renders on the next frame.
    requestAnimationFrame(() => {
      scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus()
    })
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-ticket-row]')
    if (!row || row !== event.target) return
    const current = Number(row.dataset.index)
    const moves: Record<string, number> = {
      ArrowDown: Math.min(current + 1, lastIndex),
      ArrowUp: Math.max(current - 1, 0),
      Home: 0,
      End: lastIndex,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    focusRow(next)
  }

  if (isPending) return <TicketListSkeleton />
  if (error && tickets.length === 0) {
    return (
      <LoadFailure
        title={t('list.loadError')}
        description={errorMessage(error)}
        retryLabel={t('actions.retry')}
        onRetry={onRetry}
      />
    )
  }

  const renderRow = (ticket: TicketDto, index: number, offset?: number) => (
    <TicketListItem
      key={ticket.id}
      ticket={ticket}
      index={index}
      selected={ticket.uuid === selectedUuid}
      tabbable={index === tabbableIndex}
      busy={busyTicketId === ticket.id}
      permissions={rowPermissions}
      handlers={rowHandlers}
      labels={rowLabels}
      styles={rowStyles}
      today={today}
      offset={offset}
      onFocusRow={setActiveIndex}
    />
  )

  return (
    <div
      ref={setScrollRef}
      className={styles.scroller}
      role={tickets.length > 0 ? 'list' : undefined}
      aria-label={tickets.length > 0 ? label : undefined}
      aria-busy={isFetchingNextPage}
      tabIndex={-1}
      onScroll={onScroll}
      onKeyDown={handleKeyDown}
    >
      {tickets.length === 0 ? (
        <EmptyState icon={<ChatEmptyRegular />} title={emptyTitle} description={emptyMessage} />
      ) : virtualized ? (
        <div className={styles.virtualBody} style={{ height: virtualizer.getTotalSize() }}>
          {rows.map(({ item, index, start }) => renderRow(item, index, start))}
        </div>
      ) : (
        rows.map(({ item, index }) => renderRow(item, index))
      )}
      {isFetchingNextPage && (
        <div className={styles.footer}>
          <Spinner size="tiny" label={t('list.loadingMore')} />
        </div>
      )}
      {loadMoreFailed && !isFetchingNextPage && (
        <div className={styles.footer}>
          <Button appearance="secondary" onClick={onLoadMore}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
    </div>
  )
}
