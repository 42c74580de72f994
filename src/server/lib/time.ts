/**
 * Work-hour checks of the server. The calendar and clock helpers both sides use live in
 * `@shared/dates`; they are re-exported here for the server's callers.
 */
export { addDays, dateIn, minutesIn } from '@shared/dates'

/** Minutes since midnight of an `HH:mm` time of day. */
export const parseTimeOfDay = (value: string): number => {
  const [hours, minutes] = value.split(':').map(Number)
  return (hours ?? 0) * 60 + (minutes ?? 0)
}

/** Inclusive window; an end before the start is an overnight shift. */
export function isWithinWorkHours(startWork: string, endWork: string, nowMinutes: number): boolean {
  const start = parseTimeOfDay(startWork)
  const end = parseTimeOfDay(endWork)
  return start <= end
    ? nowMinutes >= start && nowMinutes <= end
    : nowMinutes >= start || nowMinutes <= end
}
