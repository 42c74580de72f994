import { canIgnorePendingTicket, canShowAllTickets, isAdmin } from '@shared/permissions'
import {
  canSeeTicket,
  seesGroupsOf,
  type TicketFacts,
  type TicketViewer,
} from '@shared/tickets/visibility'

export type { TicketViewer }

/** He holds the ticket, nobody does, or he may take anyone's (show-all). */
const holdsOrMayTake = (viewer: TicketViewer, ticket: TicketFacts) =>
  canShowAllTickets(viewer) || !ticket.userId || ticket.userId === viewer.id

/**
 * Who may see, move and write on one ticket (reference §2 and §8). "See" is the shared rule
 * (`@shared/tickets/visibility`), which the socket audience of §16 mirrors, so that what a user
 * may open is what his sockets are told about.
 *
 * A ticket the user may not see answers 404 ERR_NO_TICKET_FOUND, exactly like another company's
 * ticket: its existence is not revealed. A visible ticket with a forbidden action answers 403.
 */
export const ticketPolicy = {
  see: canSeeTicket,

  /**
   * Moving a visible ticket (accept, reopen, return, close, transfer, edit). A profile user may
   * not move a conversation another user holds unless he has allUserChat; closed tickets (reopen
   * makes them his) and pending ones (accept is a conditional claim) stay open to him.
   */
  act(viewer: TicketViewer, ticket: TicketFacts): boolean {
    if (!canSeeTicket(viewer, ticket)) return false
    return (
      holdsOrMayTake(viewer, ticket) || ticket.status === 'closed' || ticket.status === 'pending'
    )
  },

  /**
   * Writing into a visible ticket's conversation (reply, react, forward into it). Unlike `act`,
   * a group he sees as a group viewer is his to write in, whoever holds it: a WhatsApp group is
   * one conversation its viewers share, while moving it stays with its holder. And unlike `act`,
   * someone else's closed or pre-assigned ticket is not: writing does not take the ticket over.
   */
  write(viewer: TicketViewer, ticket: TicketFacts): boolean {
    if (!canSeeTicket(viewer, ticket)) return false
    return (
      holdsOrMayTake(viewer, ticket) ||
      (ticket.status === 'group' && seesGroupsOf(viewer, ticket.whatsappId))
    )
  },

  /** Closing a pending or consent-waiting ticket without attending it (000 §4 ignore). */
  ignore: (viewer: TicketViewer) => canIgnorePendingTicket(viewer),

  /** Assigning a ticket to somebody else than oneself on create or accept. */
  assignOthers: (viewer: TicketViewer) => isAdmin(viewer),
}
