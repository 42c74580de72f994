import type { ServiceHours } from '@shared/contracts/service-hours'
import type { TicketStatus } from '@shared/contracts/tickets'
import { isOpen } from '@server/lib/service-hours'

/**
 * The timed side of the bot (reference §12): what is due on one ticket when its timer job runs.
 * A sweep finds candidate tickets with SQL of the same thresholds; this function, on the locked
 * ticket, has the last word, so a ticket an attendant took meanwhile is left alone.
 */
export interface TimerInput {
  now: Date
  timeZone: string
  ticket: TimerTicket
  connection: TimerConnection
  /** The ticket's queue, when it has one. */
  queue: TimerQueue | null
  /** Which service hours hold: a queue is not rotated outside its own (scheduleType queue). */
  scheduleType: 'disabled' | 'company' | 'queue' | 'connection'
}

export interface TimerTicket {
  status: TicketStatus
  queueId: number | null
  userId: number | null
  isGroup: boolean
  imported: boolean
  useIntegration: boolean
  /** The inactivity warning went out since the contact last wrote. */
  sendInactiveMessage: boolean
  /** The last message was ours. */
  fromMe: boolean
  lastMessageAt: Date | null
  createdAt: Date
  /** When the ticket entered its queue's line, or was last handed to another member. */
  waitingSince: Date
}

export interface TimerConnection {
  connected: boolean
  /** Minutes of silence before an open ticket closes (0: never). */
  expiresTicket: number
  /** '0': whoever spoke last; '1': only when the contact did not answer us. */
  whenExpiresTicket: '0' | '1'
  expiresInactiveMessage: string
  /** Minutes of silence before the warning (0: no warning). */
  timeInactiveMessage: number
  inactiveMessage: string
  /** Minutes a rating request waits for its answer (0: forever). */
  expiresTicketNPS: number
  complationMessage: string
  /** Minutes a ticket may wait without a queue before it goes to `sendIdQueue` (0: never). */
  timeSendQueue: number
  sendIdQueue: number | null
}

export interface TimerQueue {
  ativarRoteador: boolean
  /** Minutes a waiting ticket stays with one attendant before it passes to another. */
  tempoRoteador: number
  schedules: ServiceHours
}

export type TimerAction =
  /** Send the inactivity warning; the expiry counts from it. */
  | { kind: 'warn'; text: string }
  /** Close the silent ticket, with its closing text when there is one. */
  | { kind: 'expire'; text: string }
  /** Close the ticket whose rating request went unanswered, with the farewell. */
  | { kind: 'expireRating'; text: string }
  /** Put the queue-less waiting ticket into the connection's default queue. */
  | { kind: 'redirect'; queueId: number }
  /** Hand the waiting ticket to another online member of its queue. */
  | { kind: 'rotate'; queueId: number; fromUserId: number | null }

const MINUTE = 60_000

/**
 * A text due longer ago than this is not sent: after an outage the ticket closes quietly rather
 * than with a farewell for a conversation the contact has long left.
 */
export const STALE_TEXT_MS = 10 * MINUTE

const elapsed = (since: Date | null, minutes: number, now: Date) =>
  since !== null && now.getTime() - since.getTime() >= minutes * MINUTE

/** The text, or nothing when it came due too long ago to still be sent. */
function timely(text: string, since: Date, minutes: number, now: Date) {
  const dueAt = since.getTime() + minutes * MINUTE
  return text.trim() && now.getTime() - dueAt <= STALE_TEXT_MS ? text : ''
}

function openTicketTimer(input: TimerInput): TimerAction | null {
  const { ticket, connection, now } = input
  const since = ticket.lastMessageAt
  if (since === null || ticket.imported) return null
  if (connection.whenExpiresTicket === '1' && !ticket.fromMe) return null
  const warns = connection.timeInactiveMessage > 0 && connection.inactiveMessage.trim() !== ''
  if (warns && !ticket.sendInactiveMessage) {
    if (!elapsed(since, connection.timeInactiveMessage, now)) return null
    return {
      kind: 'warn',
      text: timely(connection.inactiveMessage, since, connection.timeInactiveMessage, now),
    }
  }
  // With a warning, the warning was the last message: the expiry counts from it.
  if (connection.expiresTicket <= 0 || !elapsed(since, connection.expiresTicket, now)) return null
  return {
    kind: 'expire',
    text: timely(connection.expiresInactiveMessage, since, connection.expiresTicket, now),
  }
}

function waitingTicketTimer(input: TimerInput): TimerAction | null {
  const { ticket, connection, queue, now } = input
  if (ticket.isGroup || ticket.useIntegration) return null
  if (ticket.queueId === null) {
    const { timeSendQueue, sendIdQueue } = connection
    if (timeSendQueue <= 0 || sendIdQueue === null) return null
    return elapsed(ticket.createdAt, timeSendQueue, now)
      ? { kind: 'redirect', queueId: sendIdQueue }
      : null
  }
  if (!queue?.ativarRoteador || queue.tempoRoteador <= 0) return null
  if (!elapsed(ticket.waitingSince, queue.tempoRoteador, now)) return null
  if (
    input.scheduleType === 'queue' &&
    !isOpen(queue.schedules, now, input.timeZone, { missingDay: 'closed' })
  )
    return null
  return { kind: 'rotate', queueId: ticket.queueId, fromUserId: ticket.userId }
}

/** What is due on the ticket now, or null. Tickets of a connection that is down wait for it. */
export function dueTimer(input: TimerInput): TimerAction | null {
  const { ticket, connection, now } = input
  if (!connection.connected) return null
  switch (ticket.status) {
    case 'open':
      return openTicketTimer(input)
    case 'pending':
      return waitingTicketTimer(input)
    case 'nps': {
      const since = ticket.lastMessageAt
      if (connection.expiresTicketNPS <= 0 || since === null) return null
      if (!elapsed(since, connection.expiresTicketNPS, now)) return null
      return {
        kind: 'expireRating',
        text: timely(connection.complationMessage, since, connection.expiresTicketNPS, now),
      }
    }
    default:
      return null
  }
}
