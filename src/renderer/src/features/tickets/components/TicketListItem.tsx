import { mergeClasses } from '@fluentui/react-components'
import {
  BotRegular,
  ArrowRepeatAllRegular,
  ArrowUndoRegular,
  ChatDismissRegular,
  CheckmarkCircleRegular,
  DeleteRegular,
  PersonAvailableRegular,
} from '@fluentui/react-icons'
import { memo, useMemo, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { Channel } from '@shared/contracts/connections'
import type { TicketDto, TicketStatus } from '@shared/contracts/tickets'
import { useMediaSrc } from '../conversation/preferences'
import { formatTicketTime, NAME_MAX, truncate } from '../format'
import { ChannelIcon } from './ChannelIcon'
import { RowAvatar } from './ContactAvatar'
import { messagePreview } from './message-preview'
import { QueueMark } from './QueueLabel'
import { RatingFace } from './RatingFace'
import type { TicketRowStyles } from './TicketListItem.styles'

/** What the signed-in user may do from a row (000 §6). */
export interface TicketRowPermissions {
  isAdmin: boolean
  canIgnore: boolean
}

/** The row's quick actions, by name; the list wires them to the ticket transitions. */
export interface TicketRowHandlers {
  onOpen: (ticket: TicketDto) => void
  onAccept: (ticket: TicketDto) => void
  onIgnore: (ticket: TicketDto) => void
  onReturn: (ticket: TicketDto) => void
  onClose: (ticket: TicketDto) => void
  onReopen: (ticket: TicketDto) => void
  onDelete: (ticket: TicketDto) => void
}

type QuickActionKey = 'accept' | 'ignore' | 'return' | 'close' | 'reopen' | 'delete'

/** A contact's rating of a ticket, 1 to 5 (000 §9). */
const RATES = [1, 2, 3, 4, 5] as const

/**
 * The words of the rows, translated once per list, not once per row drawn: a translation hook in
 * each row and in each of its marks cost frames while the list scrolled under live updates.
 */
export interface TicketRowLabels {
  actions: Record<QuickActionKey, string>
  status: Record<TicketStatus, string>
  channels: Record<Channel, string>
  /** By rate, from 1. */
  ratings: readonly string[]
  noQueue: string
  /** The bot holds the ticket: its badge, and what it is doing. */
  bot: {
    badge: string
    choosing: string
    inQueue: string
    choosingQueue: string
    conversing: string
  }
  row: (name: string, status: string) => string
  unread: (count: number) => string
}

export const useTicketRowLabels = (): TicketRowLabels => {
  const { t } = useTranslation('tickets')
  return useMemo(
    () => ({
      actions: {
        accept: t('actions.accept'),
        ignore: t('actions.ignore'),
        return: t('actions.return'),
        close: t('actions.close'),
        reopen: t('actions.reopen'),
        delete: t('actions.delete'),
      },
      status: {
        pending: t('status.pending'),
        open: t('status.open'),
        closed: t('status.closed'),
        group: t('status.group'),
        nps: t('status.nps'),
        lgpd: t('status.lgpd'),
      },
      channels: {
        whatsapp: t('channels.whatsapp'),
        whatsappapi: t('channels.whatsappapi'),
        facebook: t('channels.facebook'),
        instagram: t('channels.instagram'),
      },
      ratings: RATES.map((rate) => t('row.rating', { rate })),
      noQueue: t('queue.none'),
      bot: {
        badge: t('row.bot.badge'),
        choosing: t('row.bot.choosing'),
        inQueue: t('row.bot.inQueue'),
        choosingQueue: t('row.bot.choosingQueue'),
        conversing: t('row.bot.conversing'),
      },
      row: (name, status) => t('row.label', { name, status }),
      unread: (count) => t('row.unread', { count }),
    }),
    [t],
  )
}

export interface TicketListItemProps {
  ticket: TicketDto
  index: number
  selected: boolean
  /** Roving focus: only the active row is in the tab order. */
  tabbable: boolean
  busy: boolean
  /** The same object while the permissions stay the same, so a row is not drawn again for it. */
  permissions: TicketRowPermissions
  /** The same object across renders, for the same reason. */
  handlers: TicketRowHandlers
  labels: TicketRowLabels
  /** The same object across renders: one style hook for all the rows of a list. */
  styles: TicketRowStyles
  /**
   * The start of today where the user is, in ms: a row's time reads HH:mm only on its own day,
   * so a new day words it again (a row is otherwise drawn again only when its props change).
   */
  today: number
  /** Top inside a virtual list, in px; the row is then placed absolutely. */
  offset?: number
  onFocusRow: (index: number) => void
}

interface QuickAction {
  key: QuickActionKey
  icon: ReactElement
  run: (ticket: TicketDto) => void
}

type TicketRowContentProps = Pick<
  TicketListItemProps,
  'ticket' | 'tabbable' | 'busy' | 'permissions' | 'handlers' | 'labels' | 'styles' | 'today'
>

/**
 * What a row shows (000 §2 row content) and its quick actions by status. Apart from the row so
 * that a row moved by a live update or scrolled into another place is not drawn again: only the
 * ticket, the busy flag, the permissions or becoming the active row change what it shows.
 */
const TicketRowContent = memo(function TicketRowContent({
  ticket,
  tabbable,
  busy,
  permissions,
  handlers,
  labels,
  styles: { content: styles, queue: queueStyles, avatar: avatarStyles },
  today,
}: TicketRowContentProps) {
  const { i18n } = useTranslation()
  const mediaSrc = useMediaSrc()
  const name = ticket.contact.name || ticket.contact.number
  const hasUnread = ticket.unreadMessages > 0
  // The bot answers the contact until he reaches a queue's attendant (reference §11.4), or an
  // integration or AI prompt converses with him until it hands off (reference §6).
  const botHolds =
    (ticket.isBot || ticket.useIntegration) && ticket.status === 'pending' && ticket.user === null
  // The contact owes an answer: his consent to the terms, or his rating.
  const waitsForContact = ticket.status === 'lgpd' || ticket.status === 'nps'
  const [firstTag, ...otherTags] = ticket.tags

  const actions: QuickAction[] = []
  const add = (key: QuickActionKey, icon: ReactElement, run: (ticket: TicketDto) => void) =>
    actions.push({ key, icon, run })
  if (ticket.status === 'pending') add('accept', <PersonAvailableRegular />, handlers.onAccept)
  if ((ticket.status === 'pending' || ticket.status === 'lgpd') && permissions.canIgnore)
    add('ignore', <ChatDismissRegular />, handlers.onIgnore)
  if (ticket.status === 'open' || ticket.status === 'group') {
    add('return', <ArrowUndoRegular />, handlers.onReturn)
    add('close', <CheckmarkCircleRegular />, handlers.onClose)
  }
  if (ticket.status === 'closed') add('reopen', <ArrowRepeatAllRegular />, handlers.onReopen)
  if (permissions.isAdmin) add('delete', <DeleteRegular />, handlers.onDelete)

  return (
    <>
      <span
        className={mergeClasses(styles.queueBar, !ticket.queue && styles.noQueueBar)}
        // The colour is the queue's own data, not a theme value.
        style={ticket.queue ? { backgroundColor: ticket.queue.color } : undefined}
        aria-hidden
      />
      <RowAvatar
        name={name}
        src={ticket.contact.urlPicture ? mediaSrc(ticket.contact.urlPicture) : ''}
        classes={avatarStyles}
      />
      <div className={styles.main}>
        <div className={styles.line}>
          <span className={mergeClasses(styles.name, hasUnread && styles.unread)} title={name}>
            {truncate(name, NAME_MAX)}
          </span>
          <span className={styles.time}>
            {formatTicketTime(ticket.updatedAt, i18n.language, new Date(today))}
          </span>
        </div>
        <div className={styles.line}>
          <span className={mergeClasses(styles.lastMessage, hasUnread && styles.unread)}>
            {messagePreview(ticket.lastMessage)}
          </span>
          {ticket.userRating && (
            <RatingFace
              rate={ticket.userRating.rate}
              label={labels.ratings[ticket.userRating.rate - 1] ?? ''}
            />
          )}
          {hasUnread && (
            <span
              className={mergeClasses(styles.badge, styles.unreadBadge)}
              aria-label={labels.unread(ticket.unreadMessages)}
            >
              {ticket.unreadMessages > UNREAD_MAX ? `${UNREAD_MAX}+` : ticket.unreadMessages}
            </span>
          )}
        </div>
        <div className={styles.line}>
          <span className={styles.meta}>
            <QueueMark
              queue={ticket.queue}
              noneLabel={
                botHolds && !ticket.useIntegration ? labels.bot.choosingQueue : labels.noQueue
              }
              classes={queueStyles}
            />
            {botHolds && (
              <span
                className={mergeClasses(styles.badge, styles.botBadge)}
                title={
                  ticket.useIntegration
                    ? labels.bot.conversing
                    : ticket.queue
                      ? labels.bot.inQueue
                      : labels.bot.choosing
                }
              >
                <BotRegular aria-hidden className={styles.badgeIcon} />
                {labels.bot.badge}
              </span>
            )}
            {waitsForContact && (
              <span className={mergeClasses(styles.badge, styles.waitBadge)}>
                {labels.status[ticket.status]}
              </span>
            )}
            <span className={styles.connection}>
              <ChannelIcon channel={ticket.channel} label={labels.channels[ticket.channel]} />
              {ticket.whatsapp?.name}
            </span>
            {firstTag && (
              <span className={styles.tag} title={ticket.tags.map((tag) => tag.name).join(', ')}>
                <span
                  className={styles.tagDot}
                  // The colour is the tag's own data, not a theme value.
                  style={{ backgroundColor: firstTag.color }}
                  aria-hidden
                />
                {firstTag.name}
                {otherTags.length > 0 && ` +${otherTags.length}`}
              </span>
            )}
            {permissions.isAdmin && ticket.user && (
              <span className={mergeClasses(styles.badge, styles.userBadge)}>
                {ticket.user.name}
              </span>
            )}
          </span>
          <div className={styles.actions} onClick={stopPropagation}>
            {/* Native titles, not Fluent tooltips: a tooltip per action of every row drawn
                cost frames while the list scrolled under live updates. */}
            {actions.map((action) => (
              <button
                key={action.key}
                type="button"
                className={mergeClasses(styles.action, busy && styles.actionDisabled)}
                aria-label={labels.actions[action.key]}
                title={labels.actions[action.key]}
                // One tab stop per list: a row's actions follow it in the tab order only while
                // it is the active row, instead of three stops on every row.
                tabIndex={tabbable ? 0 : -1}
                disabled={busy}
                onClick={() => action.run(ticket)}
              >
                <span className={styles.actionIcon}>{action.icon}</span>
              </button>
            ))}
          </div>
        </div>
      </div>
    </>
  )
})

/** Above it, the unread count reads "999+". */
const UNREAD_MAX = 999

const stopPropagation = (event: MouseEvent) => event.stopPropagation()

/**
 * One ticket of the list: the focusable, clickable row, placed by the list. Memoised: while a
 * list scrolls or takes live updates, only the rows whose props changed are drawn again.
 */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  index,
  selected,
  tabbable,
  busy,
  permissions,
  handlers,
  labels,
  styles: rowStyles,
  today,
  offset,
  onFocusRow,
}: TicketListItemProps) {
  const styles = rowStyles.item
  const name = ticket.contact.name || ticket.contact.number
  const status = labels.status[ticket.status]
  // A live update moves every row below it: the label is only worded again when it changes.
  const label = useMemo(() => labels.row(name, status), [labels, name, status])

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter on a quick action is that action's, not the row's.
    if (event.key === 'Enter' && event.target === event.currentTarget) handlers.onOpen(ticket)
  }

  return (
    <div
      role="listitem"
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      data-ticket-row=""
      aria-current={selected ? 'true' : undefined}
      aria-label={label}
      className={mergeClasses(
        styles.root,
        offset !== undefined && styles.virtual,
        selected && styles.selected,
      )}
      // A virtual row's offset is computed at run time.
      style={offset === undefined ? undefined : { transform: `translateY(${offset}px)` }}
      onClick={() => handlers.onOpen(ticket)}
      onKeyDown={handleKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusRow(index)
      }}
    >
      <TicketRowContent
        ticket={ticket}
        tabbable={tabbable}
        busy={busy}
        permissions={permissions}
        handlers={handlers}
        labels={labels}
        styles={rowStyles}
        today={today}
      />
    </div>
  )
})
