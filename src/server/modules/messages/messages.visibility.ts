import { canSeeTicketsWithoutQueue, canShowAllTickets, isAdmin } from '@shared/permissions'
import { canSeeTicket, type TicketFacts, type TicketViewer } from '@shared/tickets/visibility'
import { ticketPolicy } from '../tickets/tickets.policy'

// Who may see a ticket may read its messages: a conversation one may open is one whose history
// one may read (reference §2, §8).
export { canSeeTicket, type TicketViewer }

/** The ticket fields message visibility reads. */
export interface VisibleTicket extends TicketFacts {
  isGroup: boolean
}

/**
 * Whether a user may write on a ticket he sees (reply, react, forward into it): the tickets
 * policy's `write`, which differs from its `act` on shared groups (reference §2).
 */
export const canActOnTicket = (user: TicketViewer, ticket: VisibleTicket): boolean =>
  ticketPolicy.write(user, ticket)

/**
 * Whether opening the ticket marks it read: only for the user who holds it, or a group he sees
 * (reference §9 "Mark-read on view"). An admin browsing must not send read receipts.
 */
export const readsOnView = (user: TicketViewer, ticket: VisibleTicket): boolean =>
  (ticket.status === 'open' || ticket.status === 'group') &&
  (ticket.userId === user.id || (ticket.status === 'group' && canSeeTicket(user, ticket)))

/** Which older tickets of the contact the history shows (reference §9 "History across tickets"). */
export interface HistoryScope {
  /** allHistoric: every ticket of the contact on the connection. */
  all: boolean
  queueIds: number[]
  includeNoQueue: boolean
}

/**
 * The history scope of a user: without allHistoric only tickets of the selected queues (his own
 * by default; a plain user cannot widen them beyond his own), plus queueless tickets for admins,
 * allTicket users and, on groups, allowGroup users.
 */
export function historyScope(
  user: TicketViewer,
  ticket: VisibleTicket,
  selectedQueues: number[] | undefined,
): HistoryScope {
  const selected = selectedQueues ?? user.queueIds
  return {
    all: user.allHistoric === 'enabled',
    queueIds: canShowAllTickets(user)
      ? selected
      : selected.filter((id) => user.queueIds.includes(id)),
    includeNoQueue:
      isAdmin(user) || canSeeTicketsWithoutQueue(user) || (ticket.isGroup && user.allowGroup),
  }
}
