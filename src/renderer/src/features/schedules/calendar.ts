import {
  addDays,
  addMinutes,
  endOfDay,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  min,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
  type Locale,
} from 'date-fns'
import { enUS } from 'date-fns/locale/en-US'
import { es } from 'date-fns/locale/es'
import { ptBR } from 'date-fns/locale/pt-BR'
import { tr } from 'date-fns/locale/tr'
import { dateFnsLocalizer, type Formats, type View } from 'react-big-calendar'
import { DEFAULT_LANGUAGE, type Language } from '@shared/constants'
import type { ScheduleDto } from '@shared/contracts/schedules'
import { isLanguage } from '@renderer/lib/i18n'
import type { ScheduleRange } from './api'

/** date-fns' locale of each interface language: month and day names, the first day of the week. */
const DATE_LOCALES: Record<Language, Locale> = { 'pt-BR': ptBR, en: enUS, es, tr }

/** The date-fns locale of an interface language, pt-BR for anything else. */
const dateLocaleOf = (language: string): Locale =>
  DATE_LOCALES[isLanguage(language) ? language : DEFAULT_LANGUAGE]

/** The calendar's date arithmetic and names, by interface language (its `culture`). */
export const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: DATE_LOCALES,
})

const clock = (date: Date, culture: string | undefined) =>
  format(date, 'HH:mm', { locale: dateLocaleOf(culture ?? DEFAULT_LANGUAGE) })
const day = (date: Date, culture: string | undefined) =>
  format(date, 'P', { locale: dateLocaleOf(culture ?? DEFAULT_LANGUAGE) })

/**
 * The calendar's formats on a 24-hour clock in every language (`lib/format.ts`): the localizer's
 * own use 12-hour patterns. A schedule happens at one instant, so its event shows its start only.
 */
export const CALENDAR_FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  monthHeaderFormat: 'LLLL yyyy',
  dayHeaderFormat: 'cccc, P',
  dayRangeHeaderFormat: ({ start, end }, culture) =>
    `${day(start, culture)} – ${day(end, culture)}`,
  agendaHeaderFormat: ({ start, end }, culture) => `${day(start, culture)} – ${day(end, culture)}`,
  agendaDateFormat: 'ccc, P',
  agendaTimeFormat: 'HH:mm',
  agendaTimeRangeFormat: ({ start }, culture) => clock(start, culture),
  eventTimeRangeFormat: ({ start }, culture) => clock(start, culture),
  eventTimeRangeStartFormat: ({ start }, culture) => clock(start, culture),
  eventTimeRangeEndFormat: ({ end }, culture) => clock(end, culture),
  selectRangeFormat: ({ start, end }, culture) =>
    `${clock(start, culture)} – ${clock(end, culture)}`,
}

/** The views the calendar offers, month first (002 §2.7). */
export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const satisfies View[]
export type CalendarView = (typeof CALENDAR_VIEWS)[number]

export const isCalendarView = (view: string): view is CalendarView =>
  (CALENDAR_VIEWS as readonly string[]).includes(view)

/** Days the agenda lists from its date, as the calendar's own default. */
export const AGENDA_DAYS = 30

/** How tall a schedule stands in the week and day grids: one slot of half an hour. */
const EVENT_MINUTES = 30

/** A schedule on the calendar: at its send time, titled with its contact's name. */
export interface ScheduleEvent {
  id: number
  title: string
  start: Date
  end: Date
  schedule: ScheduleDto
}

/**
 * The calendar's event of a schedule. It ends half an hour later, so the week and day grids
 * give it a slot's height, but never after its day, so the month never draws it over two days.
 */
export const toCalendarEvent = (schedule: ScheduleDto): ScheduleEvent => {
  const start = new Date(schedule.sendAt)
  return {
    id: schedule.id,
    title: schedule.contact.name,
    start,
    end: min([addMinutes(start, EVENT_MINUTES), endOfDay(start)]),
    schedule,
  }
}

/**
 * The instants a view of `date` shows, as GET /schedules?start&end asks for them: the month's
 * whole weeks, the week, the day, or the agenda's days.
 */
export const visibleRange = (date: Date, view: CalendarView, language: string): ScheduleRange => {
  const locale = dateLocaleOf(language)
  const bounds = (): [Date, Date] => {
    switch (view) {
      case 'month':
        return [
          startOfWeek(startOfMonth(date), { locale }),
          endOfWeek(endOfMonth(date), { locale }),
        ]
      case 'week':
        return [startOfWeek(date, { locale }), endOfWeek(date, { locale })]
      case 'day':
        return [startOfDay(date), endOfDay(date)]
      case 'agenda':
        return [startOfDay(date), endOfDay(addDays(date, AGENDA_DAYS))]
    }
  }
  const [start, end] = bounds()
  return { start: start.toISOString(), end: end.toISOString() }
}
