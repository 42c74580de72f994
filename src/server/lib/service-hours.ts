import {
  WEEKDAYS_EN,
  isValidTime,
  type ServiceHours,
  type ServiceHoursDay,
  type WeekdayEn,
} from '@shared/contracts/service-hours'
import { minutesIn } from '@shared/dates'
import { parseTimeOfDay } from './time'

const MINUTES_PER_DAY = 24 * 60

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>()

/** The English weekday of `at` in the time zone ("monday"…"sunday"). */
export function weekdayIn(timeZone: string, at: Date): WeekdayEn {
  let formatter = weekdayFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' })
    weekdayFormatters.set(timeZone, formatter)
  }
  return formatter.format(at).toLowerCase() as WeekdayEn
}

const previousWeekday = (weekday: WeekdayEn): WeekdayEn =>
  WEEKDAYS_EN[(WEEKDAYS_EN.indexOf(weekday) + WEEKDAYS_EN.length - 1) % WEEKDAYS_EN.length]!

interface Shift {
  start: number
  /** Minutes since the start's midnight; past 1440 when the shift runs into the next day. */
  end: number
}

/**
 * A shift as minutes, or null when unused (both times empty) or not a pair of valid times.
 * "00:00" and "23:59" as an end mean the end of the day; an end before the start runs past
 * midnight (reference §7, "Build it right").
 */
function shiftOf(start: string, end: string): Shift | null {
  if (!isValidTime(start) || !isValidTime(end)) return null
  const from = parseTimeOfDay(start)
  if (end === '00:00' || end === '23:59') return { start: from, end: MINUTES_PER_DAY }
  const to = parseTimeOfDay(end)
  return { start: from, end: to < from ? to + MINUTES_PER_DAY : to }
}

const shiftsOf = (day: ServiceHoursDay | undefined): Shift[] =>
  day
    ? [shiftOf(day.startTimeA, day.endTimeA), shiftOf(day.startTimeB, day.endTimeB)].filter(
        (shift): shift is Shift => shift !== null,
      )
    : []

const dayOf = (schedules: ServiceHours, weekday: WeekdayEn) =>
  schedules.find((day) => day.weekdayEn.trim().toLowerCase() === weekday)

/**
 * What a day missing from a non-empty list means: open for a company or a connection, closed
 * for a queue (reference §7).
 */
export type MissingDay = 'open' | 'closed'

/**
 * Whether service hours are open at `now`, on the clock of `timeZone` (the company's), for a
 * company, a connection or a queue alike. An empty list is always open; a day whose two shifts
 * are empty is closed all day, and a missing day is as `missingDay` says. A shift includes its
 * start and excludes its end; one that runs past midnight keeps the next morning open until its
 * end. Throws a RangeError for an unknown time zone.
 */
export function isOpen(
  schedules: ServiceHours,
  now: Date,
  timeZone: string,
  { missingDay }: { missingDay: MissingDay },
): boolean {
  if (schedules.length === 0) return true
  const today = weekdayIn(timeZone, now)
  const minute = minutesIn(timeZone, now)
  const todays = dayOf(schedules, today)
  if (shiftsOf(todays).some((s) => minute >= s.start && minute < s.end)) return true
  // Yesterday's overnight shift, seen from today's clock.
  const overnight = minute + MINUTES_PER_DAY
  if (
    shiftsOf(dayOf(schedules, previousWeekday(today))).some(
      (s) => overnight >= s.start && overnight < s.end,
    )
  )
    return true
  return todays === undefined && missingDay === 'open'
}
