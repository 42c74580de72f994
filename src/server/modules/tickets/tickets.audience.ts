import { rooms } from '@shared/realtime/events'
import type { TicketRow } from './tickets.table'

/**
 * The sockets that may see a ticket (reference §16): its user, its queue's members (or the
 * no-queue room), group viewers for group tickets, show-all users and the open conversation.
 */
export function ticketAudience(
  ticket: Pick<TicketRow, 'userId' | 'queueId' | 'status' | 'whatsappId' | 'uuid'>,
): string[] {
  return [
    ...(ticket.userId ? [rooms.user(ticket.userId)] : []),
    ticket.queueId ? rooms.queue(ticket.queueId) : rooms.noQueue,
    ...(ticket.status === 'group'
      ? [rooms.groups, ...(ticket.whatsappId ? [rooms.groupsOf(ticket.whatsappId)] : [])]
      : []),
    rooms.showAll,
    rooms.ticket(ticket.uuid),
  ]
}

/** Everyone who saw the ticket before a change or sees it after: leavers learn it left. */
export function changeAudience(
  before: Parameters<typeof ticketAudience>[0] | null,
  after: Parameters<typeof ticketAudience>[0],
): string[] {
  return [...new Set([...(before ? ticketAudience(before) : []), ...ticketAudience(after)])]
}
