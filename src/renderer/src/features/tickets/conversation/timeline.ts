import { format } from 'date-fns'
import type { MessageDto } from '@shared/contracts/messages'

export type TimelineItem =
  | { kind: 'day'; key: string; day: string; isToday: boolean }
  | { kind: 'ticket'; key: string; ticketId: number; queueName: string | null }
  | { kind: 'message'; key: string; message: MessageDto }

/** The calendar day of an instant in the viewer's time zone, as YYYY-MM-DD. */
export const localDay = (date: Date): string => format(date, 'yyyy-MM-dd')

/**
 * Contact reactions are stored as rows too, but they show under the message they react to
 * (its `reactions`), not as bubbles of their own.
 */
export const isShownInList = (message: MessageDto): boolean =>
  message.mediaType !== 'reactionMessage'

/**
 * The rows of the message list (000 §2 Conversation screen): a day separator before the first
 * message of each day, and a ticket separator where the history passes from one of the contact's
 * tickets to the next.
 */
export const buildTimeline = (messages: MessageDto[], now: Date): TimelineItem[] => {
  const today = localDay(now)
  const items: TimelineItem[] = []
  let previousDay: string | null = null
  let previousTicket: number | null = null
  for (const message of messages) {
    if (!isShownInList(message)) continue
    const day = localDay(new Date(message.createdAt))
    if (day !== previousDay) {
      items.push({ kind: 'day', key: `day-${day}`, day, isToday: day === today })
      previousDay = day
    }
    if (previousTicket !== null && message.ticket.id !== previousTicket) {
      items.push({
        kind: 'ticket',
        key: `ticket-${message.ticket.id}-${message.id}`,
        ticketId: message.ticket.id,
        queueName: message.ticket.queue?.name ?? null,
      })
    }
    previousTicket = message.ticket.id
    items.push({ kind: 'message', key: `message-${message.id}`, message })
  }
  return items
}

/** Reactions grouped by emoji, in the order each first appeared. */
export const groupReactions = (
  reactions: MessageDto['reactions'],
): { type: string; count: number }[] => {
  const counts = new Map<string, number>()
  for (const reaction of reactions) {
    if (!reaction.type) continue
    counts.set(reaction.type, (counts.get(reaction.type) ?? 0) + 1)
  }
  return [...counts].map(([type, count]) => ({ type, count }))
}
