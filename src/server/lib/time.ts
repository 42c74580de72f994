/** Calendar and clock helpers evaluated in a company's time zone, never the server's. */

const dateFormatters = new Map<string, Intl.DateTimeFormat>()
const timeFormatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let formatter = cache.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, ...options })
    cache.set(timeZone, formatter)
  }
  return formatter
}

/** YYYY-MM-DD of `at` in the time zone. */
export function dateIn(timeZone: string, at: Date = new Date()): string {
  return formatterFor(dateFormatters, timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

/** Minutes since midnight of `at` in the time zone. */
export function minutesIn(timeZone: string, at: Date = new Date()): number {
  const parts = formatterFor(timeFormatters, timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const hour = Number(parts.find((part) => part.type === 'hour')?.value)
  const minute = Number(parts.find((part) => part.type === 'minute')?.value)
  return hour * 60 + minute
}

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

/** YYYY-MM-DD plus whole days, as a calendar date (no time zone drift). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}
