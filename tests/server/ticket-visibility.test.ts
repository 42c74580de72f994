import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { TICKET_LIST_STATUSES, TICKET_STATUSES, type TicketStatus } from '@shared/contracts/tickets'
import { canShowAllTickets, isAdmin } from '@shared/permissions'
import {
  listScope,
  matchesScope,
  seesGroupsOf,
  selectableQueues,
  type ListView,
  type TicketViewer,
} from '@shared/tickets/visibility'
import { ticketAudience, ticketRoomsOf } from '@server/modules/tickets/tickets.audience'
import { ticketPolicy } from '@server/modules/tickets/tickets.policy'
import { buildContact, buildFilters, buildTicket } from '@tests/renderer/tickets.fixtures'
import { ticketMatchesList, toListQuery } from '@renderer/features/tickets/list-filters'
import {
  CONNECTION_IDS,
  QUEUE_IDS,
  listedByServer,
  tickets,
  viewers,
  type GeneratedTicket,
} from '@tests/helpers/ticket-visibility'

/*
 * "Who may see a ticket" has four readers: the ticket policy (opening one ticket), the list rule
 * (GET /tickets), the socket audience (who hears of a change) and the client's placement of live
 * updates in its lists. These properties check that they tell one story.
 */

const RUNS = { numRuns: 4000 }
const VIEWS: ListView[] = [...TICKET_LIST_STATUSES, 'unread']

/** Whether any list the viewer can ask for holds the ticket; his widest selection of queues. */
const listedSomewhere = (viewer: TicketViewer, ticket: GeneratedTicket) =>
  VIEWS.some((view) =>
    [false, true].some((showAll) =>
      [false, true].some((showNotificationPending) =>
        matchesScope(
          listScope(viewer, {
            view,
            showAll,
            queueIds: selectableQueues(viewer, QUEUE_IDS),
            showNotificationPending,
          }).visible,
          ticket,
        ),
      ),
    ),
  )

/** His queues, or no queue with allTicket. */
const inOwnQueues = (viewer: TicketViewer, ticket: GeneratedTicket) =>
  ticket.queueId === null ? viewer.allTicket === 'enable' : viewer.queueIds.includes(ticket.queueId)

/** A show-all list reaches every queue with allHistoric, else only his own (§8.1 step 5). */
const inShowAllReach = (viewer: TicketViewer, ticket: GeneratedTicket) =>
  viewer.allHistoric === 'enabled'
    ? ticket.queueId !== null || viewer.allTicket === 'enable'
    : inOwnQueues(viewer, ticket)

/**
 * Why a ticket the viewer may open is in none of his lists (reference §8.1), or null when some
 * list shows it. Admins reach every ticket through a show-all search, and anyone his own through
 * a search; everything else a list leaves to the policy is named here.
 */
function unlistedBecause(viewer: TicketViewer, ticket: GeneratedTicket): string | null {
  if (isAdmin(viewer) || ticket.userId === viewer.id) return null
  if (canShowAllTickets(viewer) && inShowAllReach(viewer, ticket)) return null
  const beyondOwnQueues = "show-all beyond one's own queues needs allHistoric"
  switch (ticket.status) {
    case 'open':
      return "another user's open ticket is listed only in show-all"
    case 'lgpd':
      return 'a ticket waiting for consent is listed only in show-all'
    case 'pending':
      if (ticket.userId !== null) return 'a ticket pre-assigned to another user is hidden'
      return inOwnQueues(viewer, ticket) ? null : beyondOwnQueues
    case 'group':
      // The group tab: group viewers, their queues or none, their default connection (step 3).
      return seesGroupsOf(viewer, ticket.whatsappId) &&
        (ticket.queueId === null || viewer.queueIds.includes(ticket.queueId))
        ? null
        : 'a group ticket is listed only in the group tab'
    // A ticket waiting for its rating is listed with the resolved ones.
    case 'closed':
    case 'nps':
      return viewer.allHistoric === 'enabled' || inOwnQueues(viewer, ticket)
        ? null
        : beyondOwnQueues
  }
}

const meets = (audience: string[], joined: string[]) =>
  audience.some((room) => joined.includes(room))

describe('who may see a ticket: one rule, four readers', () => {
  test('no list shows a ticket the policy hides', () => {
    const views = fc.constantFrom(...VIEWS)
    const selection = fc.subarray([...QUEUE_IDS, 4])
    fc.assert(
      fc.property(
        viewers,
        tickets,
        views,
        fc.boolean(),
        selection,
        fc.boolean(),
        (viewer, ticket, view, showAll, requested, showNotificationPending) => {
          const { visible } = listScope(viewer, {
            view,
            showAll,
            queueIds: selectableQueues(viewer, requested),
            showNotificationPending,
          })
          if (matchesScope(visible, ticket)) expect(ticketPolicy.see(viewer, ticket)).toBe(true)
        },
      ),
      RUNS,
    )
  })

  test('the lists show what the policy lets one see, but for the gaps §8.1 names', () => {
    fc.assert(
      fc.property(viewers, tickets, (viewer, ticket) => {
        const expected =
          ticketPolicy.see(viewer, ticket) && unlistedBecause(viewer, ticket) === null
        expect(listedSomewhere(viewer, ticket)).toBe(expected)
      }),
      RUNS,
    )
  })

  test("a user's sockets hear of a ticket exactly when he may see it, closed history aside", () => {
    fc.assert(
      fc.property(viewers, tickets, (viewer, ticket) => {
        // allHistoric opens the resolved history (closed, and nps waiting for its rating) from the
        // lists; it joins no room.
        const live =
          ticket.status === 'closed' || ticket.status === 'nps'
            ? { ...viewer, allHistoric: 'disabled' as const }
            : viewer
        const audience = ticketAudience({ ...ticket, uuid: 'ticket-uuid' })
        expect(meets(audience, ticketRoomsOf(viewer))).toBe(ticketPolicy.see(live, ticket))
      }),
      RUNS,
    )
  })

  test('the client places a ticket in a list exactly when GET /tickets would list it', () => {
    const tagIds = fc.subarray([5, 6])
    const filters = fc.record({
      status: fc.constantFrom(...TICKET_LIST_STATUSES),
      showAll: fc.boolean(),
      queueIds: fc.subarray([...QUEUE_IDS, 4]),
      tags: fc.subarray([5, 6]),
      users: fc.subarray([1, 2, 3]),
      whatsapps: fc.subarray(CONNECTION_IDS),
      statusFilter: fc.subarray<TicketStatus>([...TICKET_STATUSES]),
      sort: fc.constantFrom('ASC' as const, 'DESC' as const),
    })
    fc.assert(
      fc.property(viewers, tickets, tagIds, filters, (viewer, ticket, tags, chosen) => {
        const selected = buildFilters(chosen)
        const presented = buildTicket({
          ...ticket,
          contact: buildContact({
            tags: tags.map((id) => ({ id, name: `#${id}`, color: '#000' })),
          }),
        })
        const query = toListQuery(selected, viewer, { pageNumber: 1, cursor: null })
        expect(ticketMatchesList(presented, selected, viewer)).toBe(
          listedByServer(viewer, query, { ...ticket, tagIds: tags }),
        )
      }),
      RUNS,
    )
  })
})
