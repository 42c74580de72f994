import { Caption1, mergeClasses, Spinner } from '@fluentui/react-components'
import { ChatRegular } from '@fluentui/react-icons'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '@shared/contracts/tickets'
import { EmptyState } from '@renderer/components/EmptyState'
import { formatDay } from '@renderer/lib/format'
import { notifyError, notifyInfo } from '@renderer/lib/notify'
import { HIGHLIGHT_MS, LOAD_OLDER_THRESHOLD_PX, STICK_TO_BOTTOM_PX } from '../constants'
import { isTicketWritable } from '../message-rules'
import type { MessageWindow } from '../message-window'
import { loadOlderMessages } from '../queries'
import { buildTimeline } from '../timeline'
import { MessageBubble, type MessageHandlers } from './MessageBubble'
import { useMessageListStyles } from './MessageList.styles'

export interface MessageListProps {
  ticket: TicketDto
  window: MessageWindow | undefined
  meId: number
  /** The ids picked for forwarding, or null outside selection mode. */
  selection: ReadonlySet<number> | null
  handlers: Omit<MessageHandlers, 'onJumpTo'>
}

interface Anchor {
  id: string
  offset: number
}

const rowSelector = (id: string) => `[data-message-id="${id}"]`

/**
 * The history (000 §2): older pages load within 50 px of the top and the reading position holds
 * while pages arrive above or old ones are trimmed; near the bottom the list follows new messages.
 */
export const MessageList = ({ ticket, window, meId, selection, handlers }: MessageListProps) => {
  const { t, i18n } = useTranslation('messages')
  const styles = useMessageListStyles()
  const client = useQueryClient()
  const scrollerRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const stickRef = useRef(true)
  const anchorRef = useRef<Anchor | null>(null)
  const loadingRef = useRef(false)
  const failedRef = useRef(false)
  const lastIdRef = useRef<number | null>(null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [highlightedId, setHighlightedId] = useState<number | null>(null)

  const messages = useMemo(() => window?.messages ?? [], [window])
  const timeline = useMemo(() => buildTimeline(messages, new Date()), [messages])
  const hasOlder = window?.hasOlder ?? false
  const ticketId = ticket.id

  const captureAnchor = useCallback(() => {
    const scroller = scrollerRef.current
    if (!scroller) return
    stickRef.current =
      scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= STICK_TO_BOTTOM_PX
    for (const row of scroller.querySelectorAll<HTMLElement>('[data-message-id]')) {
      if (row.offsetTop + row.offsetHeight > scroller.scrollTop) {
        anchorRef.current = {
          id: row.dataset.messageId ?? '',
          offset: row.offsetTop - scroller.scrollTop,
        }
        return
      }
    }
    anchorRef.current = null
  }, [])

  const restorePosition = useCallback(() => {
    const scroller = scrollerRef.current
    if (!scroller) return
    if (stickRef.current) {
      scroller.scrollTop = scroller.scrollHeight
      return
    }
    const anchor = anchorRef.current
    const row = anchor && scroller.querySelector<HTMLElement>(rowSelector(anchor.id))
    if (anchor && row) scroller.scrollTop = row.offsetTop - anchor.offset
  }, [])

  const loadOlder = useCallback(async () => {
    if (loadingRef.current || failedRef.current || !hasOlder) return
    loadingRef.current = true
    setLoadingOlder(true)
    try {
      await loadOlderMessages(client, ticketId)
    } catch (error) {
      // No retry loop while the list sits at the top: scrolling away and back tries again.
      failedRef.current = true
      notifyError(error)
    } finally {
      loadingRef.current = false
      setLoadingOlder(false)
    }
  }, [client, ticketId, hasOlder])

  useLayoutEffect(() => {
    const newest = messages.at(-1)
    // Our own new message brings the list down, wherever it was.
    if (newest && newest.id !== lastIdRef.current && newest.fromMe && newest.user?.id === meId) {
      stickRef.current = true
    }
    lastIdRef.current = newest?.id ?? null
    restorePosition()
    const scroller = scrollerRef.current
    if (scroller && scroller.scrollHeight <= scroller.clientHeight) void loadOlder()
  }, [messages, meId, restorePosition, loadOlder])

  useEffect(() => {
    const content = contentRef.current
    if (!content || typeof ResizeObserver === 'undefined') return
    // Images and players grow after they load; the position must hold through that too.
    const observer = new ResizeObserver(() => restorePosition())
    observer.observe(content)
    return () => observer.disconnect()
  }, [restorePosition])

  const handleScroll = () => {
    const scroller = scrollerRef.current
    if (!scroller) return
    captureAnchor()
    if (scroller.scrollTop > LOAD_OLDER_THRESHOLD_PX) failedRef.current = false
    else void loadOlder()
  }

  const jumpTo = useCallback(
    (messageId: number) => {
      const row = scrollerRef.current?.querySelector<HTMLElement>(rowSelector(String(messageId)))
      if (!row) {
        notifyInfo(t('list.quotedNotLoaded'))
        return
      }
      row.scrollIntoView({ block: 'center', behavior: 'smooth' })
      setHighlightedId(messageId)
    },
    [t],
  )

  useEffect(() => {
    if (highlightedId === null) return
    const timer = setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS)
    return () => clearTimeout(timer)
  }, [highlightedId])

  const bubbleHandlers = useMemo(() => ({ ...handlers, onJumpTo: jumpTo }), [handlers, jumpTo])
  const writable = isTicketWritable(ticket)

  const renderBody = () => {
    if (!window) {
      return (
        <div className={styles.centered}>
          <Spinner label={t('list.loading')} />
        </div>
      )
    }
    if (timeline.length === 0) {
      return (
        <div className={styles.centered}>
          <EmptyState icon={<ChatRegular />} title={t('list.empty')} />
        </div>
      )
    }
    return timeline.map((item) => {
      if (item.kind === 'day') {
        return (
          <div key={item.key} className={styles.separator} role="separator">
            <Caption1 className={styles.pill}>
              {item.isToday ? t('list.today') : formatDay(item.day, i18n.language)}
            </Caption1>
          </div>
        )
      }
      if (item.kind === 'ticket') {
        return (
          <div key={item.key} className={styles.separator} role="separator">
            <Caption1 className={mergeClasses(styles.pill, styles.ticketPill)}>
              {t('list.ticketSeparator', {
                id: item.ticketId,
                queue: item.queueName ?? t('list.noQueue'),
              })}
            </Caption1>
          </div>
        )
      }
      const { message } = item
      return (
        <MessageBubble
          key={item.key}
          message={message}
          meId={meId}
          writable={writable}
          showSender={ticket.isGroup}
          contactName={ticket.contact.name}
          highlighted={highlightedId === message.id}
          selecting={selection !== null}
          selected={selection?.has(message.id) ?? false}
          handlers={bubbleHandlers}
        />
      )
    })
  }

  return (
    <div
      ref={scrollerRef}
      className={styles.scroller}
      onScroll={handleScroll}
      role="log"
      aria-label={t('list.label')}
      aria-busy={!window || loadingOlder}
    >
      <div ref={contentRef} className={styles.content}>
        {loadingOlder && (
          <div className={styles.loadingOlder}>
            <Spinner size="tiny" label={t('list.loadingOlder')} />
          </div>
        )}
        {renderBody()}
      </div>
    </div>
  )
}
