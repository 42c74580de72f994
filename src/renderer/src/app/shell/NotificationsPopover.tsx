import {
  Button,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tooltip,
} from '@fluentui/react-components'
import { AlertRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/EmptyState'

/** The notification bell. Ticket notifications arrive with the tickets feature; empty until then. */
export const NotificationsPopover = () => {
  const { t } = useTranslation('shell')
  return (
    <Popover withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={t('notifications.title')} relationship="label">
          <Button appearance="subtle" icon={<AlertRegular />} />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface aria-label={t('notifications.title')}>
        <EmptyState
          icon={<AlertRegular />}
          title={t('notifications.emptyTitle')}
          description={t('notifications.emptyDescription')}
        />
      </PopoverSurface>
    </Popover>
  )
}
