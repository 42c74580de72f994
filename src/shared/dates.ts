import { tz } from '@date-fns/tz'
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  differenceInCalendarDays,
  format,
  parseISO,
} from 'date-fns'
import { DEFAULT_TIME_ZONE } from './constants'

/**
 * Calendar days and clock times, reckoned the same way by the server and the renderer.
 *
 * A day (YYYY-MM-DD: a due date, a trial's end) is not an instant, so its arithmetic runs in UTC
 * and no time zone, the process's or the viewer's, can move it to the day before. An instant
 * becomes a day or a time of day only in a named time zone: the company's.
 */

/** Day arithmetic in UTC, whatever the time zone of the process. */
const IN_UTC = { in: tz('UTC') }
const DAY_PATTERN = 'yyyy-MM-dd'

const parseDay = (day: string) => parseISO(day, IN_UTC)
const formatDay = (date: Date) => format(date, DAY_PATTERN, IN_UTC)

/** `day` plus whole days (negative to go back). */
export const addDays = (day: string, days: number): string =>
  formatDay(addDaysTo(parseDay(day), days, IN_UTC))

/**
 * `day` plus whole months. The day of the month is clamped to the target month's last day
 * (31 January + 1 month = 28 or 29 February), so a monthly date never skips a month.
 */
export const addMonths = (day: string, months: number): string =>
  formatDay(addMonthsTo(parseDay(day), months, IN_UTC))

/** Whole days from `from` to `to`; NaN when either is not a day. */
export const daysBetween = (from: string, to: string): number =>
  differenceInCalendarDays(parseDay(to), parseDay(from), IN_UTC)

/**
 * One Intl formatter per time zone for a locale and shape, kept for the process: building one
 * costs far more than using it.
 */
const formatterCache = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const byTimeZone = new Map<string, Intl.DateTimeFormat>()
  return (timeZone: string): Intl.DateTimeFormat => {
    let formatter = byTimeZone.get(timeZone)
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { timeZone, ...options })
      byTimeZone.set(timeZone, formatter)
    }
    return formatter
  }
}

// en-CA writes dates as YYYY-MM-DD.
const dayFormatter = formatterCache('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' })
const clockFormatter = formatterCache('en-CA', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
const callTimeFormatter = formatterCache('pt-BR', { hour: '2-digit', minute: '2-digit' })

/** The day `at` falls on in `timeZone`. Throws a RangeError for an unknown time zone. */
export const dateIn = (timeZone: string, at: Date = new Date()): string =>
  dayFormatter(timeZone).format(at)

/** Today in `timeZone` (a company's as the client received it), or in São Paulo when unknown. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => {
  try {
    return dateIn(timeZone, now)
  } catch {
    return dateIn(DEFAULT_TIME_ZONE, now)
  }
}

/** Minutes since midnight of `at` in `timeZone`. */
export const minutesIn = (timeZone: string, at: Date = new Date()): number => {
  const parts = clockFormatter(timeZone).formatToParts(at)
  const hour = Number(parts.find((part) => part.type === 'hour')?.value)
  const minute = Number(parts.find((part) => part.type === 'minute')?.value)
  return hour * 60 + minute
}

/**
 * The time of a call as the call notice writes it (HH:mm, pt-BR), in the company's time zone:
 * the notice is stored as the message's text, the same for every reader.
 */
export const formatCallTime = (at: Date, timeZone: string): string =>
  callTimeFormatter(timeZone).format(at)
