import {
  Button,
  CounterBadge,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tooltip,
} from '@fluentui/react-components'
import { AlertRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@renderer/components/EmptyState'
import { TicketNotificationsList, useTicketNotifications } from '@renderer/features/tickets'

/**
 * The notification bell: tickets with unread messages. The shell is mounted for the whole
 * session, so the tickets feature's notifications (desktop toast, sound, title and tray count)
 * live here rather than on the tickets page.
 */
export const NotificationsPopover = () => {
  const { t } = useTranslation('shell')
  const notifications = useTicketNotifications()
  const [open, setOpen] = useState(false)
  return (
    <Popover withArrow trapFocus open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <PopoverTrigger disableButtonEnhancement>
        {/* The count is part of the name, as it is part of what the button shows (WCAG 2.5.3). */}
        <Tooltip
          content={
            notifications.count > 0
              ? t('notifications.titleWithCount', { count: notifications.count })
              : t('notifications.title')
          }
          relationship="label"
        >
          <Button appearance="subtle" icon={<AlertRegular />}>
            {notifications.count > 0 && (
              <CounterBadge count={notifications.count} size="small" aria-hidden />
            )}
          </Button>
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface aria-label={t('notifications.title')}>
        <TicketNotificationsList
          notifications={notifications}
          onOpened={() => setOpen(false)}
          empty={
            <EmptyState
              icon={<AlertRegular />}
              title={t('notifications.emptyTitle')}
              description={t('notifications.emptyDescription')}
            />
          }
        />
      </PopoverSurface>
    </Popover>
  )
}
