import { Button, Spinner } from '@fluentui/react-components'
import { ChatEmptyRegular, ErrorCircleRegular } from '@fluentui/react-icons'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '../../../../../shared/contracts/tickets'
import { INFINITE_SCROLL_THRESHOLD_PX, VIRTUALIZE_ABOVE } from '../../../../../shared/constants'
import { EmptyState } from '../../../components/EmptyState'
import { errorMessage } from '../../../lib/notify'
import { TicketListItem, type TicketRowHandlers, type TicketRowPermissions } from './TicketListItem'
import { TICKET_ROW_HEIGHT } from './TicketListItem.styles'
import { TicketListSkeleton } from './TicketListSkeleton'
import { useTicketListStyles } from './TicketList.styles'

const OVERSCAN = 5

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
 * rows, overscan 5), asking for the next page 100 px before the end. Arrow keys move between
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
  const scrollRef = useRef<HTMLDivElement | null>(null)
  const [activeIndex, setActiveIndex] = useState(0)
  const virtualized = tickets.length > VIRTUALIZE_ABOVE

  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TICKET_ROW_HEIGHT,
    overscan: OVERSCAN,
    enabled: virtualized,
    getItemKey: (index) => tickets[index]?.id ?? index,
  })

  const setScrollRef = useCallback(
    (element: HTMLDivElement | null) => {
      scrollRef.current = element
      if (typeof ref === 'function') ref(element)
      else if (ref) ref.current = element
    },
    [ref],
  )

  const loadMoreIfNearEnd = useCallback(() => {
    const element = scrollRef.current
    if (!element || !hasNextPage || isFetchingNextPage || loadMoreFailed) return
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight
    if (distance <= INFINITE_SCROLL_THRESHOLD_PX) onLoadMore()
  }, [hasNextPage, isFetchingNextPage, loadMoreFailed, onLoadMore])

  // A viewport taller than the loaded rows never scrolls, so check again after every page.
  useEffect(() => loadMoreIfNearEnd(), [loadMoreIfNearEnd, tickets.length])

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
      <EmptyState
        icon={<ErrorCircleRegular />}
        title={t('list.loadError')}
        description={errorMessage(error)}
        actions={
          <Button appearance="primary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        }
      />
    )
  }

  const renderRow = (ticket: TicketDto, index: number, start?: number) => (
    <TicketListItem
      key={ticket.id}
      ticket={ticket}
      index={index}
      selected={ticket.uuid === selectedUuid}
      tabbable={index === tabbableIndex}
      busy={busyTicketId === ticket.id}
      permissions={permissions}
      onFocusRow={setActiveIndex}
      // A virtual row's offset is computed at run time.
      style={
        start === undefined
          ? undefined
          : { position: 'absolute', top: 0, width: '100%', transform: `translateY(${start}px)` }
      }
      {...handlers}
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
      onScroll={loadMoreIfNearEnd}
      onKeyDown={handleKeyDown}
    >
      {tickets.length === 0 ? (
        <EmptyState icon={<ChatEmptyRegular />} title={emptyTitle} description={emptyMessage} />
      ) : virtualized ? (
        <div className={styles.virtualBody} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const ticket = tickets[item.index]
            return ticket ? renderRow(ticket, item.index, item.start) : null
          })}
        </div>
      ) : (
        tickets.map((ticket, index) => renderRow(ticket, index))
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
