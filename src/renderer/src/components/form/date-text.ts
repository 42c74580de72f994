import { formatDay } from '@renderer/lib/format'

/**
 * Dates and times typed as text in the interface language. The browser's own date and time
 * inputs show the browser's locale ("12/26/2026", "12:00 AM") whatever the page's language, so
 * the form fields write and read them here; the form value stays YYYY-MM-DD or HH:mm.
 */
export type DateTextType = 'date' | 'time'

export type DatePart = 'day' | 'month' | 'year'

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/
/** A time needs its colon or all four digits, so "123" on the way to "12:30" is not 01:23. */
const TIME_TEXT = /^(\d{1,2}):(\d{2})$|^(\d{2})(\d{2})$/
const MINUTES_PER_DAY = 24 * 60
const DAY_MS = 86_400_000

const isPart = (type: string): type is DatePart =>
  type === 'day' || type === 'month' || type === 'year'

/** The order of day, month and year in `locale`'s numeric dates, and what separates them. */
export const dateOrder = (locale: string): { order: DatePart[]; separator: string } => {
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2026, 11, 31))
  return {
    order: parts.map((part) => part.type).filter(isPart),
    separator: parts.find((part) => part.type === 'literal')?.value ?? '/',
  }
}

/** YYYY-MM-DD when the three numbers make a day of the calendar (no 31/02), else null. */
const dayOf = (year: string, month: string, day: string): string | null => {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day))
  return new Date(time).toISOString().slice(0, 10) === iso ? iso : null
}

/** A date typed in `locale`'s order (or as YYYY-MM-DD), as YYYY-MM-DD; null when it is no day. */
export const parseDayText = (text: string, locale: string): string | null => {
  const trimmed = text.trim()
  const iso = ISO_DAY.exec(trimmed)
  if (iso) return dayOf(iso[1]!, iso[2]!, iso[3]!)
  const numbers = trimmed.split(/\D+/)
  const { order } = dateOrder(locale)
  if (numbers.length !== order.length) return null
  const value = Object.fromEntries(order.map((part, index) => [part, numbers[index]!]))
  return dayOf(value.year ?? '', value.month ?? '', value.day ?? '')
}

/** A time typed as 17:39, 9:05 or 1739, as HH:mm; null when it is no time of day. */
export const parseTimeText = (text: string): string | null => {
  const match = TIME_TEXT.exec(text.trim())
  if (!match) return null
  const hours = Number(match[1] ?? match[3])
  const minutes = Number(match[2] ?? match[4])
  if (hours > 23 || minutes > 59) return null
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}

/** What the field shows for a form value: a day in the interface language, the rest as is. */
export const showDateText = (type: DateTextType, value: string, locale: string): string =>
  type === 'date' && ISO_DAY.test(value) ? formatDay(value, locale) : value

/**
 * The form value for what was typed: the canonical one when it can be read, else the text itself,
 * so that the form's schema names what is wrong.
 */
export const readDateText = (type: DateTextType, text: string, locale: string): string =>
  (type === 'date' ? parseDayText(text, locale) : parseTimeText(text)) ?? text

export interface DateStep {
  /** Seconds per step of a time (60 unless given); a date steps by a day. */
  step?: number
  min?: string
  max?: string
}

/**
 * The value one arrow key away, as the browser's inputs step: a day, or `step` seconds of time
 * around the clock, kept within min and max. Null when the value cannot be read.
 */
export const stepDateValue = (
  type: DateTextType,
  value: string,
  direction: 1 | -1,
  { step = 60, min, max }: DateStep = {},
): string | null => {
  let next: string
  if (type === 'date') {
    if (!ISO_DAY.test(value)) return null
    next = new Date(Date.parse(`${value}T00:00:00Z`) + direction * DAY_MS)
      .toISOString()
      .slice(0, 10)
  } else {
    const time = parseTimeText(value)
    if (!time) return null
    const [hours, minutes] = time.split(':').map(Number) as [number, number]
    const stepMinutes = Math.max(1, Math.round(step / 60))
    const total = hours * 60 + minutes + direction * stepMinutes
    const wrapped = ((total % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
    next = `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`
  }
  if (min && next < min) return min
  if (max && next > max) return max
  return next
}
