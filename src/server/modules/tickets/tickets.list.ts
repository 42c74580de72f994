import { Type } from '@sinclair/typebox'
import {
  TICKET_STATUSES,
  type ListTicketsQuery,
  type TicketStatus,
} from '@shared/contracts/tickets'
import { canSeeTicketsWithoutQueue, canShowAllTickets, isAdmin } from '@shared/permissions'
import { validationError } from '@server/lib/app-error'
import { CursorId, keysetCursor, type KeysetCursor } from '@server/lib/keyset-cursor'
import type { TicketViewer } from './tickets.policy'

/**
 * Which tickets a list may hold, as data: the service decides it from the viewer and the query
 * (reference §8.1 with its "Build it right" corrections) and the list repository turns it into
 * SQL. Every leaf is a condition on one ticket row.
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

export interface TicketListFilter {
  companyId: number
  visible: Scope
  /** Keep only the newest ticket per (contact, connection) among the tickets matching this. */
  latestAmong: Scope | null
  tagIds: number[] | null
  whatsappIds: number[] | null
  statuses: TicketStatus[] | null
  userIds: number[] | null
  isGroup: boolean | null
  search: { text: string; inMessages: boolean } | null
  /** Calendar days (YYYY-MM-DD) in the company's time zone. */
  createdFrom: string | null
  createdTo: string | null
  updatedOn: string | null
  timeZone: string
  sort: 'ASC' | 'DESC'
}

/** Position after the last row of a page: (updatedAt with microseconds, id). */
export interface ListCursor {
  updatedAt: string
  id: number
}

const all: Scope = { kind: 'all' }
const none: Scope = { kind: 'none' }
const and = (...of: Scope[]): Scope => ({ kind: 'and', of })
const or = (...of: Scope[]): Scope => ({ kind: 'or', of })
const status = (...list: TicketStatus[]): Scope => ({ kind: 'status', in: list })
const queues = (ids: number[], orNull: boolean): Scope => ({ kind: 'queues', ids, orNull })

/**
 * The visibility of each view. `queueIds` are the queues the viewer selected (a profile user's
 * selection is already cut down to his own queues).
 */
export function listScope(
  viewer: TicketViewer,
  input: {
    view: ListTicketsQuery['status'] | 'unread'
    showAll: boolean
    queueIds: number[]
    showNotificationPending: boolean
  },
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
  const showAllScope: Scope = allHistoric
    ? withoutQueue
      ? all
      : { kind: 'hasQueue' }
    : selected(withoutQueue)

  switch (input.view) {
    case 'unread': {
      // The notification bell (reference §8.1 step 9): the viewer's own queues, not the selection.
      const mine = viewer.queueIds
      const ownStatuses: TicketStatus[] = input.showNotificationPending
        ? ['open', 'pending', 'group']
        : ['open']
      const waiting: TicketStatus[] = input.showNotificationPending ? ['pending'] : []
      const groupsAllowed = or(status('open', 'pending'), viewer.allowGroup ? all : none)
      return {
        visible: and(
          { kind: 'unread' },
          or(
            and(own, status(...ownStatuses), queues(mine, true), groupsAllowed),
            and(status(...waiting), queues(mine, withoutQueue), admin ? all : unassignedOrMine),
            and(status('group'), groups(mine)),
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
      return {
        visible: and(
          status('closed'),
          or(ownInView, mineOnly ? none : showAll ? showAllScope : selected(withoutQueue)),
        ),
        latestAmong: status('closed'),
      }
    }
    case 'search': {
      if (showAll) {
        return {
          visible: allHistoric ? all : selected(true),
          latestAmong: all,
        }
      }
      const base = or(own, status('pending', 'closed', 'group'))
      if (admin) return { visible: and(base, or(own, selected(withoutQueue))), latestAmong: base }
      return {
        visible: or(
          own,
          and(status('closed'), allHistoric ? all : selected(withoutQueue)),
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

export function parseStatusList(value: string | undefined): TicketStatus[] | null {
  if (value === undefined) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw validationError('statusFilter')
  }
  if (
    !Array.isArray(parsed) ||
    !parsed.every((item) => (TICKET_STATUSES as readonly unknown[]).includes(item))
  )
    throw validationError('statusFilter')
  return [...new Set(parsed as TicketStatus[])]
}

/** The position after a page of any ticket list, as `cursor` and `nextCursor` carry it. */
export const ticketListCursor: KeysetCursor<ListCursor> = keysetCursor({
  updatedAt: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$' }),
  id: CursorId,
})
