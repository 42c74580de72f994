import type { ListTicketsQuery, TicketStatus } from '@shared/contracts/tickets'
import {
  canSeeTicketsWithoutQueue,
  canShowAllTickets,
  isAdmin,
  type PermissionSubject,
} from '@shared/permissions'

/**
 * Who may see a ticket (reference §2, §8 and §16), written once for every reader: the server's
 * ticket policy and its list query, and the client placing live updates in its lists. One
 * ticket is `canSeeTicket`; a list is a `Scope`, which the server compiles to SQL
 * (`tickets.list.repository.ts`) and `matchesScope` tests on one ticket in memory.
 */

/** The user fields ticket visibility reads: permissions, queues and default connection. */
export interface TicketViewer extends PermissionSubject {
  id: number
  queueIds: number[]
  /** The default connection: group tickets of other connections stay out of his view. */
  whatsappId: number | null
}

/** The ticket fields ticket visibility reads. */
export interface TicketFacts {
  userId: number | null
  queueId: number | null
  status: TicketStatus
  whatsappId: number | null
}

/** Group tickets a user with allowGroup sees: all, or those of his default connection. */
export const seesGroupsOf = (viewer: TicketViewer, whatsappId: number | null): boolean =>
  viewer.allowGroup && (!viewer.whatsappId || viewer.whatsappId === whatsappId)

/**
 * Whether the notification bell covers every queue for this user: an admin with no queue of his
 * own answers for all of them (his queue filter starts on all of them too), so his own tickets
 * and the waiting ones notify wherever they are. Anyone else: his own queues (000 §6).
 */
export const notifiesFromEveryQueue = (
  viewer: Pick<TicketViewer, 'queueIds'> & PermissionSubject,
) => isAdmin(viewer) && viewer.queueIds.length === 0

/**
 * Whether a user may see one ticket: show-all users every ticket, others their own, those of
 * their queues (or without a queue, with allTicket), the groups they see, and closed history
 * with allHistoric. Lists show part of this (`listScope`); the socket audience delivers exactly
 * this but the closed history, since a closed ticket does not change live.
 */
export function canSeeTicket(viewer: TicketViewer, ticket: TicketFacts): boolean {
  if (canShowAllTickets(viewer) || ticket.userId === viewer.id) return true
  const inQueue = ticket.queueId
    ? viewer.queueIds.includes(ticket.queueId)
    : canSeeTicketsWithoutQueue(viewer)
  if (inQueue) return true
  if (ticket.status === 'group' && seesGroupsOf(viewer, ticket.whatsappId)) return true
  // allHistoric opens the resolved history, tickets waiting for their rating included.
  return (ticket.status === 'closed' || ticket.status === 'nps') && viewer.allHistoric === 'enabled'
}

/**
 * Which tickets a list may hold, as data: `listScope` decides it from the viewer and the query
 * (reference §8.1 with its "Build it right" corrections). Every leaf is a condition on one
 * ticket row.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'and'; of: Scope[] }
  | { kind: 'or'; of: Scope[] }
  | { kind: 'user'; userId: number }
  | { kind: 'unassignedOr'; userId: number }
  | { kind: 'queues'; ids: number[]; orNull: boolean }
  | { kind: 'hasQueue' }
  | { kind: 'status'; in: TicketStatus[] }
  | { kind: 'connection'; id: number }
  | { kind: 'unread' }

/** A list view: a status tab, the search, or the notification bell's unread tickets. */
export type ListView = ListTicketsQuery['status'] | 'unread'

export interface ListScopeInput {
  view: ListView
  showAll: boolean
  /** The queues selected, already cut down by `selectableQueues`. */
  queueIds: number[]
  /** The bell only: the company setting that puts waiting tickets in it. */
  showNotificationPending?: boolean
}

const all: Scope = { kind: 'all' }
const none: Scope = { kind: 'none' }
const and = (...of: Scope[]): Scope => ({ kind: 'and', of })
const or = (...of: Scope[]): Scope => ({ kind: 'or', of })
const status = (...list: TicketStatus[]): Scope => ({ kind: 'status', in: list })
const queues = (ids: number[], orNull: boolean): Scope => ({ kind: 'queues', ids, orNull })

/**
 * The visibility of each view, and for the closed and search views the tickets among which
 * only a contact's latest on a connection is listed (`latestAmong`).
 */
export function listScope(
  viewer: TicketViewer,
  input: ListScopeInput,
): { visible: Scope; latestAmong: Scope | null } {
  const admin = isAdmin(viewer)
  const withoutQueue = canSeeTicketsWithoutQueue(viewer)
  const allHistoric = viewer.allHistoric === 'enabled'
  // Show-all is honoured only for those allowed it, and never in a profile user's search.
  const showAll = input.showAll && canShowAllTickets(viewer) && (input.view !== 'search' || admin)
  const own: Scope = { kind: 'user', userId: viewer.id }
  const unassignedOrMine: Scope = { kind: 'unassignedOr', userId: viewer.id }
  const selected = (orNull: boolean) => queues(input.queueIds, orNull)
  // The viewer's own tickets of the selected queues, and those without a queue.
  const ownInView = and(own, selected(true))
  const groups = (queueIds: number[]): Scope =>
    viewer.allowGroup
      ? and(
          queues(queueIds, true),
          viewer.whatsappId ? { kind: 'connection', id: viewer.whatsappId } : all,
        )
      : none
  const groupsOfAnyQueue: Scope = viewer.allowGroup
    ? viewer.whatsappId
      ? { kind: 'connection', id: viewer.whatsappId }
      : all
    : none
  const showAllScope: Scope = allHistoric
    ? withoutQueue
      ? all
      : { kind: 'hasQueue' }
    : selected(withoutQueue)

  switch (input.view) {
    case 'unread': {
      // The notification bell (reference §8.1 step 9): the viewer's own queues, not the selection.
      const everyQueue = notifiesFromEveryQueue(viewer)
      const mine = (orNull: boolean): Scope => (everyQueue ? all : queues(viewer.queueIds, orNull))
      const ownStatuses: TicketStatus[] = input.showNotificationPending
        ? ['open', 'pending', 'group']
        : ['open']
      const waiting: TicketStatus[] = input.showNotificationPending ? ['pending'] : []
      const groupsAllowed = or(status('open', 'pending'), viewer.allowGroup ? all : none)
      return {
        visible: and(
          { kind: 'unread' },
          or(
            and(own, status(...ownStatuses), mine(true), groupsAllowed),
            and(status(...waiting), mine(withoutQueue), admin ? all : unassignedOrMine),
            and(status('group'), everyQueue ? groupsOfAnyQueue : groups(viewer.queueIds)),
          ),
        ),
        latestAmong: null,
      }
    }
    case 'pending':
      return {
        visible: showAll
          ? and(status('pending', 'lgpd'), showAllScope)
          : and(status('pending'), selected(withoutQueue), admin ? all : unassignedOrMine),
        latestAmong: null,
      }
    case 'group':
      return {
        visible: and(
          status('group'),
          or(groups(input.queueIds), ownInView, showAll ? showAllScope : none),
        ),
        latestAmong: null,
      }
    case 'closed': {
      // Admins (and, with allHistoric, allUserChat users) without show-all see their own history.
      const mineOnly = !showAll && (allHistoric ? canShowAllTickets(viewer) : admin)
      // A ticket waiting for its rating is resolved for the attendant: it waits here.
      return {
        visible: and(
          status('closed', 'nps'),
          or(ownInView, mineOnly ? none : showAll ? showAllScope : selected(withoutQueue)),
        ),
        latestAmong: status('closed', 'nps'),
      }
    }
    case 'search': {
      if (showAll) {
        return {
          visible: allHistoric ? all : selected(true),
          latestAmong: all,
        }
      }
      // A ticket waiting for its rating is found with the resolved ones.
      const base = or(own, status('pending', 'closed', 'nps', 'group'))
      if (admin) return { visible: and(base, or(own, selected(withoutQueue))), latestAmong: base }
      return {
        visible: or(
          own,
          and(status('closed', 'nps'), allHistoric ? all : selected(withoutQueue)),
          and(status('pending'), selected(withoutQueue), unassignedOrMine),
          and(status('group'), groups(input.queueIds)),
        ),
        latestAmong: base,
      }
    }
    case 'open':
    case undefined:
      return {
        visible: and(status('open'), or(ownInView, showAll ? showAllScope : none)),
        latestAmong: null,
      }
  }
}

/** The queues a viewer may filter by: admins any of the company's, profile users only their own. */
export function selectableQueues(viewer: TicketViewer, requested: number[] | null): number[] {
  if (!requested) return viewer.queueIds
  return isAdmin(viewer) ? requested : requested.filter((id) => viewer.queueIds.includes(id))
}

/**
 * Whether one ticket meets a scope: the in-memory reading of what the list repository compiles
 * to SQL, leaf for leaf (a NULL column meets no equality there, and none here).
 */
export function matchesScope(
  scope: Scope,
  ticket: TicketFacts & { unreadMessages: number },
): boolean {
  switch (scope.kind) {
    case 'all':
      return true
    case 'none':
      return false
    case 'and':
      return scope.of.every((part) => matchesScope(part, ticket))
    case 'or':
      return scope.of.some((part) => matchesScope(part, ticket))
    case 'user':
      return ticket.userId === scope.userId
    case 'unassignedOr':
      return ticket.userId === null || ticket.userId === scope.userId
    case 'queues':
      return ticket.queueId === null ? scope.orNull : scope.ids.includes(ticket.queueId)
    case 'hasQueue':
      return ticket.queueId !== null
    case 'status':
      return scope.in.includes(ticket.status)
    case 'connection':
      return ticket.whatsappId === scope.id
    case 'unread':
      return ticket.unreadMessages > 0
  }
}
