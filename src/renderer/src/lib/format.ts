/**
 * Locale-aware formatting, always in the interface language (never the browser's), so every
 * date and time on screen reads alike:
 * - numeric dates with a four-digit year (a due date of 2999 must not read "12/31/99");
 * - a 24-hour clock in every language (000 §2 writes row times as HH:mm), so list rows, bubbles
 *   and dialogs never mix "17:39" with "05:29 PM".
 * What cannot be read is returned as it is.
 */
const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' }
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }

const formatInstant = (
  instant: string | Date,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string => {
  const time = instant instanceof Date ? instant.getTime() : Date.parse(instant)
  if (Number.isNaN(time)) return instant instanceof Date ? '' : instant
  return new Intl.DateTimeFormat(locale, options).format(time)
}

/**
 * A YYYY-MM-DD date is a calendar day, not an instant: it is formatted in UTC so no time zone
 * can move it to the day before.
 */
export const formatDay = (day: string, locale: string): string => {
  const time = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(time)) return day
  return new Intl.DateTimeFormat(locale, { ...DATE, timeZone: 'UTC' }).format(time)
}

/** The calendar day of an instant where the user is. */
export const formatDate = (instant: string | Date, locale: string): string =>
  formatInstant(instant, locale, DATE)

/** The time of day of an instant where the user is, on the 24-hour clock. */
export const formatTime = (instant: string | Date, locale: string): string =>
  formatInstant(instant, locale, TIME)

/** Day and time of an instant (ticket log, notes, transcript, last login). */
export const formatDateTime = (instant: string | Date, locale: string): string =>
  formatInstant(instant, locale, { ...DATE, ...TIME })

/** A plan price: the server sends a decimal string in BRL ("49.90"). */
export const formatMoney = (amount: string, locale: string): string => {
  const value = Number.parseFloat(amount.replace(',', '.'))
  if (!Number.isFinite(value)) return amount
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value)
}
