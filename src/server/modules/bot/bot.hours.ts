import { dateIn } from '@shared/dates'

/** A connection's collective vacation: whole days (YYYY-MM-DD) on the company's clock. */
export interface CollectiveVacation {
  start: string | null
  end: string | null
  message: string
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The vacation's first day when it covers today (start to end inclusive, in the company's time
 * zone), else null. The first day names the vacation, so a ticket is told about each one once.
 * Inactive unless the message and both dates are set.
 */
export function vacationActive(
  vacation: CollectiveVacation,
  now: Date,
  timeZone: string,
): string | null {
  const { start, end, message } = vacation
  if (!message.trim() || !start || !end || !ISO_DATE.test(start) || !ISO_DATE.test(end)) {
    return null
  }
  // YYYY-MM-DD strings order like the days they name; end < start is never active.
  const today = dateIn(timeZone, now)
  return start <= today && today <= end ? start : null
}
