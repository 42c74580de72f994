import { format, isSameDay, isValid } from 'date-fns'
import { TICKET_COUNT_CAP } from '@shared/contracts/tickets'

/** Contact names and last messages are cut on list rows (000 §9). */
export const NAME_MAX = 60
export const LAST_MESSAGE_MAX = 40

/** `text` cut to `max` characters (not UTF-16 units, so an emoji is never split), plus "…". */
export const truncate = (text: string, max: number): string => {
  const characters = Array.from(text)
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : text
}

/** A row's time (000 §2): HH:mm when it is today where the user is, else dd/MM/yyyy. */
export const formatTicketTime = (iso: string, now: Date = new Date()): string => {
  const date = new Date(iso)
  if (!isValid(date)) return ''
  return format(date, isSameDay(date, now) ? 'HH:mm' : 'dd/MM/yyyy')
}

/** A date and time in the interface language (ticket log, transcript); an unreadable one as is. */
export const formatDateTime = (iso: string, locale: string): string => {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return iso
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(time)
}

/** A tab's badge: the count, or "N+" once the server stopped counting at its cap. */
export const formatCount = (count: number): string =>
  count >= TICKET_COUNT_CAP ? `${TICKET_COUNT_CAP}+` : String(count)
