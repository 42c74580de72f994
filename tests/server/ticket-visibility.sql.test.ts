import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { TICKET_LIST_STATUSES, type ListTicketsQuery } from '@shared/contracts/tickets'
import type { ConnectionRow } from '@server/modules/connections/connections.table'
import type { QueueRow } from '@server/modules/queues/queues.table'
import { companySettings } from '@server/modules/settings/settings.table'
import type { TicketRow } from '@server/modules/tickets/tickets.table'
import { buildCompany, buildConnection, buildQueue, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { useTenant } from '@tests/helpers/tenant'
import {
  COLLEAGUE_ID,
  CONNECTION_IDS,
  QUEUE_IDS,
  VIEWER_ID,
  listedByServer,
  tickets,
  viewers,
  type GeneratedTicket,
} from '@tests/helpers/ticket-visibility'

/*
 * The list rule has two interpreters: SQL (tickets.list.repository.ts) and matchesScope. Generated
 * viewers, each with a company of generated tickets built as rows, must get from GET /tickets
 * exactly the tickets the in-memory reading lists, in every view.
 */

const t = useTenant()

/** Fewer than a page (40), so that every list fits in its first page. */
const TICKETS_PER_VIEWER = 30

/** The same cases on every run: a failure names one that can be replayed. */
const cases = fc.sample(
  fc.record({
    viewer: viewers,
    tickets: fc.array(tickets, { minLength: TICKETS_PER_VIEWER, maxLength: TICKETS_PER_VIEWER }),
    showNotificationPending: fc.boolean(),
  }),
  { numRuns: 8, seed: 20_261_127 },
)

/** Every list a viewer can ask for: each view with and without show-all, and the bell. */
const QUERIES: ListTicketsQuery[] = [
  ...TICKET_LIST_STATUSES.flatMap((status) =>
    (['false', 'true'] as const).map((showAll) => ({ status, showAll })),
  ),
  { withUnreadMessages: 'true' },
]

const queryString = (query: ListTicketsQuery) =>
  new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString()

const describeTicket = (ticket: GeneratedTicket, index: number) =>
  `#${index} ${ticket.status} holder ${ticket.userId} queue ${ticket.queueId} ` +
  `connection ${ticket.whatsappId} unread ${ticket.unreadMessages}`

describe('GET /tickets lists what the in-memory reading of the list rule lists', () => {
  test.each(cases)(
    'a $viewer.profile with queues $viewer.queueIds',
    async ({ viewer, tickets: generated, showNotificationPending }) => {
      const company = await buildCompany(t.db)
      await t.db
        .update(companySettings)
        .set({ showNotificationPending })
        .where(eq(companySettings.companyId, company.id))
      const queues: QueueRow[] = []
      for (const _ of QUEUE_IDS) queues.push(await buildQueue(t.db, company))
      const connections: ConnectionRow[] = []
      for (const _ of CONNECTION_IDS) connections.push(await buildConnection(t.db, company))
      const queueOf = (id: number | null) => (id === null ? null : queues[id - 1]!.id)
      const connectionOf = (id: number | null) => (id === null ? null : connections[id - 1]!.id)
      const user = await buildUser(t.db, {
        company,
        profile: viewer.profile,
        super: viewer.super,
        allTicket: viewer.allTicket,
        allowGroup: viewer.allowGroup,
        allHistoric: viewer.allHistoric,
        allUserChat: viewer.allUserChat,
        queueIds: viewer.queueIds.map((id) => queueOf(id)!),
        whatsappId: connectionOf(viewer.whatsappId),
      })
      const colleague = await buildUser(t.db, { company })
      const holders = new Map([
        [VIEWER_ID, user.id],
        [COLLEAGUE_ID, colleague.id],
      ])
      // Each ticket has a contact of its own: none hides another as an older ticket.
      const rows: TicketRow[] = []
      for (const ticket of generated)
        rows.push(
          await buildTicket(t.db, company, {
            connection: connections[(ticket.whatsappId ?? 1) - 1],
            whatsappId: connectionOf(ticket.whatsappId),
            userId: ticket.userId === null ? null : holders.get(ticket.userId)!,
            queueId: queueOf(ticket.queueId),
            status: ticket.status,
            isGroup: ticket.isGroup,
            unreadMessages: ticket.unreadMessages,
          }),
        )
      const headers = await loginAs(t.app, user)

      for (const query of QUERIES) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/tickets?${queryString({
            ...query,
            queueIds: JSON.stringify(queues.map((queue) => queue.id)),
          })}`,
          headers,
        })
        const listedIds = response
          .json<{ tickets: { id: number }[] }>()
          .tickets.map((row) => row.id)
        const listed = generated
          .map(describeTicket)
          .filter((_, index) => listedIds.includes(rows[index]!.id))
        const expected = generated
          .map(describeTicket)
          .filter((_, index) =>
            listedByServer(
              viewer,
              { ...query, queueIds: JSON.stringify(QUEUE_IDS) },
              { ...generated[index]!, tagIds: [] },
              { showNotificationPending },
            ),
          )
        expect({ query, listed }).toEqual({ query, listed: expected })
      }
    },
  )
})
