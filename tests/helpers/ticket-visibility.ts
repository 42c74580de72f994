import fc from 'fast-check'
import { TICKET_STATUSES, type ListTicketsQuery } from '@shared/contracts/tickets'
import { isAdmin } from '@shared/permissions'
import {
  listScope,
  matchesScope,
  selectableQueues,
  type TicketFacts,
  type TicketViewer,
} from '@shared/tickets/visibility'
import { parseIdList } from '@server/lib/id-list'
import { parseStatusList } from '@server/modules/tickets/tickets.list'

/*
 * Viewers and tickets for the visibility properties, in a small world of generated ids: the
 * viewer is user 1 and a colleague user 2, the company has queues 1 to 3 and connections 1 and 2.
 * A route test maps these ids to the rows it builds.
 */

export const VIEWER_ID = 1
export const COLLEAGUE_ID = 2
export const QUEUE_IDS = [1, 2, 3]
export const CONNECTION_IDS = [1, 2]

/** The ticket fields the rules read, and those the lists filter on. */
export interface GeneratedTicket extends TicketFacts {
  isGroup: boolean
  unreadMessages: number
}

const switchOf = fc.constantFrom('enabled' as const, 'disabled' as const)

/** Profile users more often than admins: their rules have the most branches. */
export const viewers: fc.Arbitrary<TicketViewer> = fc.record({
  id: fc.constant(VIEWER_ID),
  profile: fc.constantFrom('user' as const, 'user' as const, 'user' as const, 'admin' as const),
  super: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, fc.constant(true)),
  allTicket: fc.constantFrom('enable' as const, 'disable' as const),
  allowGroup: fc.boolean(),
  allHistoric: switchOf,
  allUserChat: switchOf,
  userClosePendingTicket: switchOf,
  showDashboard: switchOf,
  allowRealTime: switchOf,
  allowConnections: switchOf,
  queueIds: fc.subarray(QUEUE_IDS),
  whatsappId: fc.constantFrom(null, ...CONNECTION_IDS),
})

export const tickets: fc.Arbitrary<GeneratedTicket> = fc.record({
  userId: fc.constantFrom(null, VIEWER_ID, COLLEAGUE_ID),
  queueId: fc.constantFrom(null, ...QUEUE_IDS),
  status: fc.constantFrom(...TICKET_STATUSES),
  whatsappId: fc.constantFrom(null, ...CONNECTION_IDS),
  isGroup: fc.boolean(),
  unreadMessages: fc.constantFrom(0, 2),
})

/**
 * Whether GET /tickets with `query` lists `ticket` for `viewer`, read in memory: the query parsed
 * as the tickets service parses it, the shared list rule, and the filters the list repository
 * adds (tags, connections, statuses, and attendants for admins). The search text and the dates
 * are left out: only SQL reads those.
 */
export function listedByServer(
  viewer: TicketViewer,
  query: ListTicketsQuery,
  ticket: GeneratedTicket & { tagIds: number[] },
  company: { showNotificationPending: boolean } = { showNotificationPending: false },
): boolean {
  const unread = query.withUnreadMessages === 'true'
  const { visible } = listScope(viewer, {
    view: unread ? 'unread' : query.status,
    showAll: query.showAll === 'true',
    queueIds: selectableQueues(viewer, parseIdList(query.queueIds, 'queueIds')),
    showNotificationPending: unread && company.showNotificationPending,
  })
  const tagIds = parseIdList(query.tags, 'tags')
  const whatsappIds = parseIdList(query.whatsapps, 'whatsapps')
  const statuses = parseStatusList(query.statusFilter)
  const userIds = isAdmin(viewer) ? parseIdList(query.users, 'users') : null
  const within = (ids: number[] | null, id: number | null) =>
    ids === null || (id !== null && ids.includes(id))
  return (
    matchesScope(visible, ticket) &&
    (tagIds === null || ticket.tagIds.some((id) => tagIds.includes(id))) &&
    within(whatsappIds, ticket.whatsappId) &&
    (statuses === null || statuses.includes(ticket.status)) &&
    within(userIds, ticket.userId)
  )
}
