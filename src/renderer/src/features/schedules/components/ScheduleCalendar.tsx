import { mergeClasses, Spinner } from '@fluentui/react-components'
import {
  cloneElement,
  isValidElement,
  useEffect,
  useMemo,
  useRef,
  type ReactElement,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import {
  Calendar,
  type Components,
  type EventWrapperProps,
  type Messages,
  type SlotInfo,
} from 'react-big-calendar'
import 'react-big-calendar/lib/css/react-big-calendar.css'
import type { ScheduleDto } from '@shared/contracts/schedules'
import {
  AGENDA_DAYS,
  CALENDAR_FORMATS,
  CALENDAR_VIEWS,
  isCalendarView,
  localizer,
  toCalendarEvent,
  type CalendarView,
  type ScheduleEvent,
} from '../calendar'
import { CalendarToolbar } from './CalendarToolbar'
import { ScheduleActionsContext, ScheduleEventView, type ScheduleActions } from './ScheduleEvent'
import { useScheduleCalendarStyles } from './ScheduleCalendar.styles'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The week and day grids make the whole event a button of their own; ours holds the buttons
 * (open, edit, delete), so the calendar's box leaves the tab order and its role.
 */
const EventWrapper = ({ children }: EventWrapperProps<ScheduleEvent> & { children?: ReactNode }) =>
  isValidElement(children)
    ? cloneElement(children as ReactElement<{ tabIndex?: number; role?: string }>, {
        tabIndex: -1,
        role: undefined,
      })
    : children

const COMPONENTS: Components<ScheduleEvent> = {
  toolbar: CalendarToolbar,
  event: ScheduleEventView,
  eventWrapper: EventWrapper,
}

// Our event shows its details in a Fluent tooltip; the browser's own would repeat them.
const noTooltip = () => ''

export interface ScheduleCalendarProps extends ScheduleActions {
  schedules: ScheduleDto[]
  date: Date
  view: CalendarView
  /** The range shown is being read (its previous schedules stay in view meanwhile). */
  loading: boolean
  onNavigate: (date: Date) => void
  onView: (view: CalendarView) => void
  /**
   * An empty slot was clicked or dragged over: its start, and whether it is a whole day (the
   * month's cells and the all-day row) rather than a time.
   */
  onSelectSlot: (start: Date, wholeDay: boolean) => void
}

/**
 * The schedules on a calendar (002 §2.7): month, week, day and agenda views in the interface
 * language, each schedule at its send time.
 */
export const ScheduleCalendar = ({
  schedules,
  date,
  view,
  loading,
  onNavigate,
  onView,
  onSelectSlot,
  onOpen,
  onDelete,
  canChange,
}: ScheduleCalendarProps) => {
  const { t, i18n } = useTranslation('schedules')
  const styles = useScheduleCalendarStyles()
  const events = useMemo(() => schedules.map(toCalendarEvent), [schedules])
  const actions = useMemo(() => ({ onOpen, onDelete, canChange }), [onOpen, onDelete, canChange])
  const messages = useMemo<Messages<ScheduleEvent>>(
    () => ({
      today: t('calendar.today'),
      previous: t('calendar.previous'),
      next: t('calendar.next'),
      month: t('calendar.month'),
      week: t('calendar.week'),
      day: t('calendar.day'),
      agenda: t('calendar.agenda'),
      date: t('calendar.date'),
      time: t('calendar.time'),
      event: t('calendar.event'),
      allDay: t('calendar.allDay'),
      noEventsInRange: t('calendar.noEvents'),
      showMore: (count) => t('calendar.showMore', { number: count }),
    }),
    [t],
  )

  // The month grid names itself "Month View" in English, a text no prop reaches. React sets an
  // unchanged attribute only when it draws the element, so it is named again after each render.
  const root = useRef<HTMLElement>(null)
  const monthLabel = t('calendar.monthLabel')
  useEffect(() => {
    root.current?.querySelector('.rbc-month-view')?.setAttribute('aria-label', monthLabel)
  })

  const handleSelectSlot = ({ start, end }: SlotInfo) =>
    onSelectSlot(start, view === 'month' || end.getTime() - start.getTime() >= DAY_MS)

  return (
    <section
      ref={root}
      className={styles.root}
      aria-label={t('calendar.label')}
      aria-busy={loading}
    >
      <ScheduleActionsContext.Provider value={actions}>
        <Calendar<ScheduleEvent>
          className={mergeClasses(styles.calendar, loading && styles.loading)}
          localizer={localizer}
          culture={i18n.language}
          formats={CALENDAR_FORMATS}
          messages={messages}
          components={COMPONENTS}
          events={events}
          date={date}
          view={view}
          views={[...CALENDAR_VIEWS]}
          length={AGENDA_DAYS}
          tooltipAccessor={noTooltip}
          selectable
          popup
          onNavigate={onNavigate}
          onView={(next) => {
            if (isCalendarView(next)) onView(next)
          }}
          onSelectSlot={handleSelectSlot}
        />
      </ScheduleActionsContext.Provider>
      {loading && <Spinner className={styles.spinner} size="tiny" label={t('calendar.loading')} />}
    </section>
  )
}
