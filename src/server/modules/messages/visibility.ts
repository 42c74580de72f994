import {
  canSeeTicketsWithoutQueue,
  canShowAllTickets,
  isAdmin,
  type PermissionSubject,
} from '@shared/permissions'
import { ticketPolicy } from '../tickets/tickets.policy'
import type { TicketRow } from '../tickets/tickets.table'

/** The user fields ticket visibility reads: permissions, queues and default connection. */
export interface TicketViewer extends PermissionSubject {
  id: number
  queueIds: number[]
  whatsappId: number | null
}

/** The ticket fields ticket visibility reads. */
export interface VisibleTicket {
  userId: number | null
  queueId: number | null
  status: TicketRow['status']
  isGroup: boolean
  whatsappId: number | null
}

/**
 * Whether a user may see a ticket, and so its messages: the tickets module's rule (reference §2,
 * §8), so that a conversation one may open is one whose history one may read.
 */
export const canSeeTicket = (user: TicketViewer, ticket: VisibleTicket): boolean =>
  ticketPolicy.see(user, ticket)

const seesGroup = (user: TicketViewer, ticket: VisibleTicket) =>
  ticket.status === 'group' && ticketPolicy.seesGroupsOf(user, ticket.whatsappId)

/**
 * Whether a user may write on a ticket he sees (reply, react, forward into it): not on someone
 * else's ticket unless he is a show-all user or it is a group he sees (reference §2: "a profile
 * user may not act on another user's open ticket unless he has allUserChat").
 */
export function canActOnTicket(user: TicketViewer, ticket: VisibleTicket): boolean {
  if (!canSeeTicket(user, ticket)) return false
  return (
    ticket.userId === null ||
    ticket.userId === user.id ||
    canShowAllTickets(user) ||
    seesGroup(user, ticket)
  )
}

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
