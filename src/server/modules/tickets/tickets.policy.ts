import {
  canIgnorePendingTicket,
  canSeeTicketsWithoutQueue,
  canShowAllTickets,
  isAdmin,
  type PermissionSubject,
} from '@shared/permissions'
import type { TicketRow } from './tickets.table'

export interface TicketViewer extends PermissionSubject {
  id: number
  queueIds: number[]
  /** The default connection: group tickets of other connections stay out of his view. */
  whatsappId: number | null
}

type TicketFacts = Pick<TicketRow, 'userId' | 'queueId' | 'status' | 'whatsappId'>

/** Group tickets a user with allowGroup sees: all, or those of his default connection. */
const seesGroupsOf = (viewer: TicketViewer, whatsappId: number | null) =>
  viewer.allowGroup && (!viewer.whatsappId || viewer.whatsappId === whatsappId)

/**
 * Who may see and act on one ticket (reference §2 and §8). "See" mirrors the socket audience of
 * §16 (show-all, the holder, the queue or no-queue room, group viewers), plus closed history for
 * allHistoric users, so that what a user may open is what his sockets are told about.
 *
 * A ticket the user may not see answers 404 ERR_NO_TICKET_FOUND, exactly like another company's
 * ticket: its existence is not revealed. A visible ticket with a forbidden action answers 403.
 */
export const ticketPolicy = {
  see(viewer: TicketViewer, ticket: TicketFacts): boolean {
    if (canShowAllTickets(viewer) || ticket.userId === viewer.id) return true
    const inQueue = ticket.queueId
      ? viewer.queueIds.includes(ticket.queueId)
      : canSeeTicketsWithoutQueue(viewer)
    if (inQueue) return true
    if (ticket.status === 'group' && seesGroupsOf(viewer, ticket.whatsappId)) return true
    return ticket.status === 'closed' && viewer.allHistoric === 'enabled'
  },

  /**
   * Transitions on a visible ticket. A profile user may not act on a conversation another user
   * holds unless he has allUserChat; closed tickets (reopen) and pending ones (accept is
   * conditional anyway) stay open to him.
   */
  act(viewer: TicketViewer, ticket: TicketFacts): boolean {
    if (!this.see(viewer, ticket)) return false
    if (canShowAllTickets(viewer) || !ticket.userId || ticket.userId === viewer.id) return true
    return ticket.status === 'closed' || ticket.status === 'pending'
  },

  /** Closing a pending or consent-waiting ticket without attending it (000 §4 ignore). */
  ignore: (viewer: TicketViewer) => canIgnorePendingTicket(viewer),

  /** Assigning a ticket to somebody else than oneself on create or accept. */
  assignOthers: (viewer: TicketViewer) => isAdmin(viewer),

  seesGroupsOf,
}
