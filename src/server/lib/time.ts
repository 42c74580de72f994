/** Work-hour checks of sign-in. Calendar and clock helpers live in `@shared/dates`. */

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
