import { isSameDay, isValid } from 'date-fns'
import { formatDate, formatTime } from '@renderer/lib/format'
import { TICKET_COUNT_CAP } from '@shared/contracts/tickets'

/** Contact names and last messages are cut on list rows (000 §9). */
export const NAME_MAX = 60
export const LAST_MESSAGE_MAX = 40

/** `text` cut to `max` characters (not UTF-16 units, so an emoji is never split), plus "…". */
export const truncate = (text: string, max: number): string => {
  const characters = Array.from(text)
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : text
}

/**
 * A row's time (000 §2): the time of day when it is today where the user is, else the date, both
 * in the interface language (HH:mm and dd/MM/yyyy in pt-BR).
 */
export const formatTicketTime = (iso: string, locale: string, now: Date = new Date()): string => {
  const date = new Date(iso)
  if (!isValid(date)) return ''
  return isSameDay(date, now) ? formatTime(date, locale) : formatDate(date, locale)
}

/** A tab's badge: the count, or "N+" once the server stopped counting at its cap. */
export const formatCount = (count: number): string =>
  count >= TICKET_COUNT_CAP ? `${TICKET_COUNT_CAP}+` : String(count)
