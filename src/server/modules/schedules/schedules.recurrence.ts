import { TZDate } from '@date-fns/tz'
import { addDays, addMinutes, addMonths, addWeeks } from 'date-fns'
import type { ScheduleDayRule, ScheduleUnit } from '@shared/contracts/schedules'

export interface Recurrence {
  /** The first time as saved. */
  base: Date
  unit: ScheduleUnit
  /** Units between two sends (more than 0). */
  every: number
  dayRule: ScheduleDayRule
  timeZone: string
}

/**
 * Occurrence `index` of a schedule (reference §3 "Recurrence"): the base plus `index × every`
 * units in calendar arithmetic in the company's time zone (months are calendar months, the time
 * of day is kept); minutes are plain minutes. Day rule 5 moves a Saturday or Sunday to the Friday
 * before, 6 to the Monday after.
 */
export function occurrenceAt(recurrence: Recurrence, index: number): Date {
  const base = new TZDate(recurrence.base.getTime(), recurrence.timeZone)
  const steps = index * recurrence.every
  if (recurrence.unit === 4) return new Date(addMinutes(base, steps).getTime())
  const day =
    recurrence.unit === 1
      ? addDays(base, steps)
      : recurrence.unit === 2
        ? addWeeks(base, steps)
        : addMonths(base, steps)
  const weekday = day.getDay()
  if (recurrence.dayRule === 5 && (weekday === 6 || weekday === 0))
    return new Date(addDays(day, weekday === 6 ? -1 : -2).getTime())
  if (recurrence.dayRule === 6 && (weekday === 6 || weekday === 0))
    return new Date(addDays(day, weekday === 6 ? 2 : 1).getTime())
  return new Date(day.getTime())
}

/**
 * The occurrence after `index` that is still ahead of `now`: a schedule that missed some (the
 * server was down) goes on with the first future one instead of sending them all at once.
 */
export function nextOccurrence(
  recurrence: Recurrence,
  index: number,
  now: Date,
): { index: number; at: Date } {
  let next = index + 1
  let at = occurrenceAt(recurrence, next)
  while (at.getTime() <= now.getTime()) {
    next += 1
    at = occurrenceAt(recurrence, next)
  }
  return { index: next, at }
}
