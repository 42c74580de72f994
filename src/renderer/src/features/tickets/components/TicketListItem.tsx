import {
  Badge,
  Button,
  Caption1,
  CounterBadge,
  Text,
  Tooltip,
  mergeClasses,
} from '@fluentui/react-components'
import {
  ArrowRepeatAllRegular,
  ArrowUndoRegular,
  CheckmarkCircleRegular,
  DeleteRegular,
  EyeOffRegular,
  PersonAvailableRegular,
} from '@fluentui/react-icons'
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactElement, Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '../../../../../shared/contracts/tickets'
import { formatTicketTime, LAST_MESSAGE_MAX, NAME_MAX, truncate } from '../format'
import { ChannelIcon } from './ChannelIcon'
import { ContactAvatar } from './ContactAvatar'
import { QueueLabel } from './QueueLabel'
import { RatingFace } from './RatingFace'
import { useTicketListItemStyles } from './TicketListItem.styles'

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

export interface TicketListItemProps extends TicketRowHandlers {
  ref?: Ref<HTMLDivElement>
  ticket: TicketDto
  index: number
  selected: boolean
  /** Roving focus: only the active row is in the tab order. */
  tabbable: boolean
  busy: boolean
  permissions: TicketRowPermissions
  /** Absolute placement inside a virtual list. */
  style?: CSSProperties
  onFocusRow: (index: number) => void
}

interface QuickAction {
  key: string
  label: string
  icon: ReactElement
  run: (ticket: TicketDto) => void
}

/** One ticket of the list (000 §2 row content), with its quick actions by status. */
export const TicketListItem = ({
  ref,
  ticket,
  index,
  selected,
  tabbable,
  busy,
  permissions,
  style,
  onFocusRow,
  ...handlers
}: TicketListItemProps) => {
  const { t } = useTranslation('tickets')
  const styles = useTicketListItemStyles()
  const name = ticket.contact.name || ticket.contact.number
  const hasUnread = ticket.unreadMessages > 0
  const [firstTag, ...otherTags] = ticket.tags

  const actions: QuickAction[] = []
  const add = (key: string, icon: ReactElement, run: (ticket: TicketDto) => void) =>
    actions.push({ key, label: t(`actions.${key}`), icon, run })
  if (ticket.status === 'pending') add('accept', <PersonAvailableRegular />, handlers.onAccept)
  if ((ticket.status === 'pending' || ticket.status === 'lgpd') && permissions.canIgnore)
    add('ignore', <EyeOffRegular />, handlers.onIgnore)
  if (ticket.status === 'open' || ticket.status === 'group') {
    add('return', <ArrowUndoRegular />, handlers.onReturn)
    add('close', <CheckmarkCircleRegular />, handlers.onClose)
  }
  if (ticket.status === 'closed') add('reopen', <ArrowRepeatAllRegular />, handlers.onReopen)
  if (permissions.isAdmin) add('delete', <DeleteRegular />, handlers.onDelete)

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter on a quick action is that action's, not the row's.
    if (event.key === 'Enter' && event.target === event.currentTarget) handlers.onOpen(ticket)
  }

  const stop = (event: MouseEvent) => event.stopPropagation()

  return (
    <div
      ref={ref}
      role="listitem"
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      data-ticket-row=""
      aria-current={selected ? 'true' : undefined}
      aria-label={t('row.label', { name, status: t(`status.${ticket.status}`) })}
      className={mergeClasses(styles.root, selected && styles.selected)}
      style={style}
      onClick={() => handlers.onOpen(ticket)}
      onKeyDown={handleKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusRow(index)
      }}
    >
      <span
        className={mergeClasses(styles.queueBar, !ticket.queue && styles.noQueueBar)}
        // The colour is the queue's own data, not a theme value.
        style={ticket.queue ? { backgroundColor: ticket.queue.color } : undefined}
        aria-hidden
      />
      <ContactAvatar name={name} urlPicture={ticket.contact.urlPicture} />
      <div className={styles.main}>
        <div className={styles.line}>
          <Text className={mergeClasses(styles.name, hasUnread && styles.unread)} title={name}>
            {truncate(name, NAME_MAX)}
          </Text>
          <Caption1 className={styles.time}>{formatTicketTime(ticket.updatedAt)}</Caption1>
        </div>
        <div className={styles.line}>
          <Caption1 className={mergeClasses(styles.lastMessage, hasUnread && styles.unread)}>
            {truncate(ticket.lastMessage, LAST_MESSAGE_MAX)}
          </Caption1>
          {ticket.userRating && <RatingFace rate={ticket.userRating.rate} />}
          {hasUnread && (
            <CounterBadge
              count={ticket.unreadMessages}
              overflowCount={999}
              size="small"
              aria-label={t('row.unread', { count: ticket.unreadMessages })}
            />
          )}
        </div>
        <div className={styles.line}>
          <Caption1 className={styles.meta}>
            <QueueLabel queue={ticket.queue} />
            <span className={styles.connection}>
              <ChannelIcon channel={ticket.channel} />
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
              <Badge appearance="tint" color="informative" size="small">
                {ticket.user.name}
              </Badge>
            )}
          </Caption1>
          <div className={styles.actions} onClick={stop}>
            {actions.map((action) => (
              <Tooltip key={action.key} content={action.label} relationship="label">
                <Button
                  size="small"
                  appearance="subtle"
                  icon={action.icon}
                  disabled={busy}
                  onClick={() => action.run(ticket)}
                />
              </Tooltip>
            ))}
          </div>
        </div>
      </div>
    </div>
  )
}
