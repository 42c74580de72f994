import { canSeeTicketsWithoutQueue, canShowAllTickets } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { TicketViewer } from '@shared/tickets/visibility'
import type { TicketRow } from './tickets.table'

/**
 * The sockets that may see a ticket (reference §16): its user, its queue's members (or the
 * no-queue room), group viewers for group tickets, show-all users and the open conversation.
 * A user hears of a ticket when this meets `ticketRoomsOf` him: exactly when he may see it
 * (`canSeeTicket`), closed history aside.
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

/**
 * The rooms through which a user's sockets hear of tickets, the other half of `ticketAudience`:
 * his own, his queues' (and no-queue with allTicket), the groups he sees and show-all.
 */
export function ticketRoomsOf(viewer: TicketViewer): string[] {
  return [
    rooms.user(viewer.id),
    ...viewer.queueIds.map(rooms.queue),
    ...(canSeeTicketsWithoutQueue(viewer) ? [rooms.noQueue] : []),
    ...(viewer.allowGroup
      ? [viewer.whatsappId ? rooms.groupsOf(viewer.whatsappId) : rooms.groups]
      : []),
    ...(canShowAllTickets(viewer) ? [rooms.showAll] : []),
  ]
}

/** Everyone who saw the ticket before a change or sees it after: leavers learn it left. */
export function changeAudience(
  before: Parameters<typeof ticketAudience>[0] | null,
  after: Parameters<typeof ticketAudience>[0],
): string[] {
  return [...new Set([...(before ? ticketAudience(before) : []), ...ticketAudience(after)])]
}
