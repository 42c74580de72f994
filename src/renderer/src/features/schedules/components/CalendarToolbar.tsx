import { Button, Subtitle2, ToggleButton, Tooltip } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ToolbarProps } from 'react-big-calendar'
import { CALENDAR_VIEWS, type ScheduleEvent } from '../calendar'
import { useCalendarToolbarStyles } from './CalendarToolbar.styles'

/**
 * The calendar's toolbar in Fluent's buttons, so it follows the theme: today, previous and next,
 * the period shown, and the views. Its words are the calendar's `messages`.
 */
export const CalendarToolbar = ({
  label,
  view,
  localizer: { messages },
  onNavigate,
  onView,
}: ToolbarProps<ScheduleEvent>) => {
  const { t } = useTranslation('schedules')
  const styles = useCalendarToolbarStyles()
  return (
    <div className={styles.root}>
      <div className={styles.group} role="group" aria-label={t('calendar.navigation')}>
        <Button onClick={() => onNavigate('TODAY')}>{messages.today}</Button>
        <Tooltip content={<>{messages.previous}</>} relationship="label">
          <Button
            appearance="subtle"
            icon={<ChevronLeftRegular />}
            onClick={() => onNavigate('PREV')}
          />
        </Tooltip>
        <Tooltip content={<>{messages.next}</>} relationship="label">
          <Button
            appearance="subtle"
            icon={<ChevronRightRegular />}
            onClick={() => onNavigate('NEXT')}
          />
        </Tooltip>
      </div>
      <Subtitle2 as="h2" className={styles.label} aria-live="polite">
        {label}
      </Subtitle2>
      <div className={styles.group} role="group" aria-label={t('calendar.views')}>
        {CALENDAR_VIEWS.map((name) => (
          <ToggleButton
            key={name}
            className={styles.viewButton}
            appearance={view === name ? 'primary' : 'secondary'}
            checked={view === name}
            onClick={() => onView(name)}
          >
            {messages[name]}
          </ToggleButton>
        ))}
      </div>
    </div>
  )
}
