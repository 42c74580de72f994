import {
  Body1Strong,
  Button,
  Caption1,
  CounterBadge,
  Spinner,
  Tooltip,
} from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { TicketDto } from '@shared/contracts/tickets'
import { canViewDashboard } from '@shared/permissions'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { NAME_MAX, formatTicketTime, truncate } from '../format'
import { useUpdateTicketMutation } from '../mutations'
import type { TicketNotifications } from '../notifications'
import { transitionBodies } from '../transitions'
import { ContactAvatar } from './ContactAvatar'
import { messagePreview } from './message-preview'
import { useTicketNotificationsListStyles } from './TicketNotificationsList.styles'

export interface TicketNotificationsListProps {
  notifications: TicketNotifications
  /** What to show when nothing is unread. */
  empty: ReactNode
  /** Called after a ticket was chosen, so the popover can close. */
  onOpened: () => void
}

/**
 * The bell's content: tickets with unread messages; one opens its ticket. A pending one can be
 * closed from here by admins and users who see the dashboard (000 §6).
 */
export const TicketNotificationsList = ({
  notifications,
  empty,
  onOpened,
}: TicketNotificationsListProps) => {
  const { t, i18n } = useTranslation('tickets')
  const styles = useTicketNotificationsListStyles()
  const navigate = useNavigate()
  const user = useCurrentUser()
  const updateMutation = useUpdateTicketMutation()
  const canClosePending = canViewDashboard(user)

  if (notifications.isPending) {
    return (
      <div className={styles.state}>
        <Spinner size="small" label={t('notifications.loading')} />
      </div>
    )
  }
  if (notifications.tickets.length === 0) return <>{empty}</>

  const open = (ticket: TicketDto) => {
    onOpened()
    void navigate(`/tickets/${ticket.uuid}`)
  }

  return (
    <ul className={styles.list} aria-label={t('notifications.label')}>
      {notifications.tickets.map((ticket) => {
        const name = ticket.contact.name || ticket.contact.number
        return (
          <li key={ticket.id} className={styles.item}>
            <Button appearance="subtle" className={styles.open} onClick={() => open(ticket)}>
              <ContactAvatar name={name} urlPicture={ticket.contact.urlPicture} size={32} />
              <span className={styles.text}>
                <Body1Strong className={styles.ellipsis}>{truncate(name, NAME_MAX)}</Body1Strong>
                <Caption1 className={styles.ellipsis}>
                  {messagePreview(ticket.lastMessage)}
                </Caption1>
                <Caption1 className={styles.muted}>
                  {formatTicketTime(ticket.updatedAt, i18n.language)}
                </Caption1>
              </span>
              <CounterBadge
                count={ticket.unreadMessages}
                size="small"
                aria-label={t('row.unread', { count: ticket.unreadMessages })}
              />
            </Button>
            {ticket.status === 'pending' && canClosePending && (
              <Tooltip content={t('notifications.close')} relationship="label">
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<DismissRegular />}
                  disabled={updateMutation.isPending}
                  onClick={() =>
                    updateMutation.mutate({ id: ticket.id, body: transitionBodies.ignore() })
                  }
                />
              </Tooltip>
            )}
          </li>
        )
      })}
    </ul>
  )
}
