import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import {
  buildConnection,
  buildContact,
  buildMessage,
  buildTag,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { useTenant } from '@tests/helpers/tenant'
import { TICKET_UNBADGED_COUNT_CAP, type TicketDto } from '@shared/contracts/tickets'
import type { TagRow } from '../tags/tags.table'
import type { TicketListFilter } from './tickets.list'
import { ticketListRepository } from './tickets.list.repository'
import { userRatings } from './tickets.table'

const t = useTenant()

async function list(headers: Record<string, string>, query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/tickets?${new URLSearchParams(query).toString()}`,
    headers,
  })
  expect(response.statusCode).toBe(200)
  return response.json<{
    tickets: { id: number; status: string; userId: number | null }[]
    count: number
    hasMore: boolean
    nextCursor: string | null
  }>()
}
const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((row) => row.id).sort()
const sorted = (...ids: number[]) => [...ids].sort()

describe('open tab', () => {
  test("a profile user sees his own open tickets, also those without a queue, never others'", async () => {
    const { sales, support, agent, colleague, ticket, asAgent } = await t.team()
    const mine = await ticket({ status: 'open', userId: agent.id, queueId: sales.id })
    const mineNoQueue = await ticket({ status: 'open', userId: agent.id })
    await ticket({ status: 'open', userId: colleague.id, queueId: sales.id })
    await ticket({ status: 'open', userId: colleague.id, queueId: support.id })
    const body = await list(asAgent, { status: 'open', queueIds: `[${sales.id}]` })
    expect(idsOf(body)).toEqual(sorted(mine.id, mineNoQueue.id))
    expect(body.count).toBe(2)
    expect(body.hasMore).toBe(false)
  })

  test('show-all is honoured for admins and allUserChat users only', async () => {
    const { company, sales, support, colleague, ticket, asAgent, asAdmin } = await t.team()
    const inSales = await ticket({ status: 'open', userId: colleague.id, queueId: sales.id })
    const inSupport = await ticket({ status: 'open', userId: colleague.id, queueId: support.id })
    expect(
      idsOf(await list(asAgent, { status: 'open', showAll: 'true', queueIds: `[${sales.id}]` })),
    ).toEqual([])
    expect(
      idsOf(
        await list(asAdmin, {
          status: 'open',
          showAll: 'true',
          queueIds: `[${sales.id},${support.id}]`,
        }),
      ),
    ).toEqual(sorted(inSales.id, inSupport.id))

    const chatter = await buildUser(t.db, {
      company,
      queueIds: [sales.id],
      allUserChat: 'enabled',
    })
    const asChatter = await loginAs(t.app, chatter)
    // A profile user may only filter by his own queues: Suporte is dropped from the selection.
    expect(
      idsOf(
        await list(asChatter, {
          status: 'open',
          showAll: 'true',
          queueIds: `[${sales.id},${support.id}]`,
        }),
      ),
    ).toEqual([inSales.id])
  })
})

describe('pending tab', () => {
  test('profile users see unassigned or pre-assigned-to-them tickets of their queues', async () => {
    const { sales, support, agent, colleague, ticket, asAgent, asAdmin } = await t.team()
    const waiting = await ticket({ status: 'pending', queueId: sales.id })
    const forMe = await ticket({ status: 'pending', queueId: sales.id, userId: agent.id })
    const forColleague = await ticket({
      status: 'pending',
      queueId: sales.id,
      userId: colleague.id,
    })
    await ticket({ status: 'pending', queueId: support.id })
    const noQueue = await ticket({ status: 'pending' })
    const consent = await ticket({ status: 'lgpd', queueId: sales.id })

    expect(idsOf(await list(asAgent, { status: 'pending', queueIds: `[${sales.id}]` }))).toEqual(
      sorted(waiting.id, forMe.id),
    )
    // Foreign queue ids in the selection are ignored for profile users.
    expect(idsOf(await list(asAgent, { status: 'pending', queueIds: `[${support.id}]` }))).toEqual(
      [],
    )
    // Admins see every assignee; consent-waiting tickets only in show-all.
    expect(idsOf(await list(asAdmin, { status: 'pending', queueIds: `[${sales.id}]` }))).toEqual(
      sorted(waiting.id, forMe.id, forColleague.id),
    )
    const admin = await list(asAdmin, {
      status: 'pending',
      showAll: 'true',
      queueIds: `[${sales.id}]`,
    })
    expect(idsOf(admin)).toEqual(sorted(waiting.id, forMe.id, forColleague.id, consent.id))
    expect(idsOf(admin)).not.toContain(noQueue.id)
    // Counted status by status: the consent-waiting ticket is in the count too.
    expect(admin.count).toBe(4)
  })

  test('allTicket enable adds tickets without a queue', async () => {
    const { sales, ticket, asAgent } = await t.team({ allTicket: 'enable' })
    const noQueue = await ticket({ status: 'pending' })
    const inQueue = await ticket({ status: 'pending', queueId: sales.id })
    expect(idsOf(await list(asAgent, { status: 'pending', queueIds: `[${sales.id}]` }))).toEqual(
      sorted(noQueue.id, inQueue.id),
    )
  })
})

describe('group tab', () => {
  test('allowGroup users see group tickets, limited to their default connection when set', async () => {
    const { company, connection, ticket } = await t.team()
    const other = await buildConnection(t.db, company, { status: 'CONNECTED' })
    const groupContact = await buildContact(t.db, company, { isGroup: true, number: '1203630001' })
    const otherGroup = await buildContact(t.db, company, { isGroup: true, number: '1203630002' })
    const here = await ticket({ status: 'group', contact: groupContact, isGroup: true })
    const there = await buildTicket(t.db, company, {
      connection: other,
      contact: otherGroup,
      status: 'group',
      isGroup: true,
    })
    const everywhere = await buildUser(t.db, { company, allowGroup: true })
    const pinned = await buildUser(t.db, {
      company,
      allowGroup: true,
      whatsappId: connection.id,
    })
    const noGroups = await buildUser(t.db, { company })
    expect(idsOf(await list(await loginAs(t.app, everywhere), { status: 'group' }))).toEqual(
      sorted(here.id, there.id),
    )
    expect(idsOf(await list(await loginAs(t.app, pinned), { status: 'group' }))).toEqual([here.id])
    expect(idsOf(await list(await loginAs(t.app, noGroups), { status: 'group' }))).toEqual([])
  })
})

describe('closed tab', () => {
  test('shows only the latest closed ticket per contact and connection', async () => {
    const { company, sales, agent, ticket, asAgent } = await t.team()
    const contact = await buildContact(t.db, company)
    await ticket({ status: 'closed', contact, queueId: sales.id, userId: agent.id })
    const latest = await ticket({ status: 'closed', contact, queueId: sales.id, userId: agent.id })
    const otherConnection = await buildConnection(t.db, company)
    const elsewhere = await buildTicket(t.db, company, {
      contact,
      connection: otherConnection,
      status: 'closed',
      queueId: sales.id,
    })
    expect(idsOf(await list(asAgent, { status: 'closed', queueIds: `[${sales.id}]` }))).toEqual(
      sorted(latest.id, elsewhere.id),
    )
  })

  test('a ticket waiting for its rating is with the resolved ones, above its older history', async () => {
    const { company, sales, agent, ticket, asAgent } = await t.team()
    const contact = await buildContact(t.db, company)
    await ticket({ status: 'closed', contact, queueId: sales.id, userId: agent.id })
    const rating = await ticket({ status: 'nps', contact, queueId: sales.id, userId: agent.id })
    const page = await list(asAgent, { status: 'closed', queueIds: `[${sales.id}]` })
    expect(idsOf(page)).toEqual([rating.id])
    expect(page.tickets[0]!.status).toBe('nps')
    expect(idsOf(await list(asAgent, { status: 'open', queueIds: `[${sales.id}]` }))).toEqual([])
  })

  test('an admin without show-all sees his own history only', async () => {
    const { sales, admin, agent, ticket, asAdmin } = await t.team()
    const his = await ticket({ status: 'closed', queueId: sales.id, userId: admin.id })
    const theirs = await ticket({ status: 'closed', queueId: sales.id, userId: agent.id })
    expect(idsOf(await list(asAdmin, { status: 'closed', queueIds: `[${sales.id}]` }))).toEqual([
      his.id,
    ])
    expect(
      idsOf(await list(asAdmin, { status: 'closed', showAll: 'true', queueIds: `[${sales.id}]` })),
    ).toEqual(sorted(his.id, theirs.id))
  })
})

describe('search', () => {
  test('finds contact names accent- and case-insensitively, and inside messages on request', async () => {
    const { company, sales, ticket, asAgent } = await t.team()
    const joao = await buildContact(t.db, company, { name: 'João Conceição' })
    const maria = await buildContact(t.db, company, { name: 'Maria' })
    const byName = await ticket({ status: 'closed', contact: joao, queueId: sales.id })
    const byMessage = await ticket({ status: 'closed', contact: maria, queueId: sales.id })
    await buildMessage(t.db, byMessage, { body: 'Preciso de uma AÇÃO urgente' })
    const query = { status: 'search', queueIds: `[${sales.id}]` }

    expect(idsOf(await list(asAgent, { ...query, searchParam: 'joao conceicao' }))).toEqual([
      byName.id,
    ])
    expect(idsOf(await list(asAgent, { ...query, searchParam: 'acao' }))).toEqual([])
    expect(
      idsOf(await list(asAgent, { ...query, searchParam: 'acao', searchOnMessages: 'true' })),
    ).toEqual([byMessage.id])
    // Wildcards typed by the user are literal.
    expect(idsOf(await list(asAgent, { ...query, searchParam: '%' }))).toEqual([])
    expect(idsOf(await list(asAgent, { ...query, searchParam: joao.number.slice(-6) }))).toEqual([
      byName.id,
    ])
  })

  test('the ordered walk and the index lookup find the same matches in the same order', async () => {
    const { company, ticket } = await t.team()
    const wanted = await buildContact(t.db, company, { name: 'Renata Walk' })
    // Twelve tickets in list order, every third one a match (by name or by a message).
    const rows = []
    for (let i = 0; i < 12; i++) {
      const row = await ticket({
        status: 'closed',
        contact: i % 6 === 0 ? wanted : undefined,
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })
      if (i % 6 === 3) await buildMessage(t.db, row, { body: 'falar com RENATA walk amanhã' })
      rows.push(row)
    }
    const matches = rows.filter((_, i) => i % 3 === 0).map((row) => row.id)
    const filter: TicketListFilter = {
      companyId: company.id,
      visible: { kind: 'all' },
      latestAmong: null,
      tagIds: null,
      whatsappIds: null,
      statuses: null,
      userIds: null,
      isGroup: null,
      search: { text: 'renata walk', inMessages: true },
      createdFrom: null,
      createdTo: null,
      updatedOn: null,
      timeZone: 'UTC',
      sort: 'DESC',
    }
    const newestFirst = [...matches].reverse()
    // A walk of 1 ticket never fills a page (index lookup); one of 12 always does (the walk).
    for (const walk of [1, 5, 12]) {
      const repo = ticketListRepository(t.db, walk)
      for (const [limit, cap] of [
        [1, 3],
        [2, 3],
        [4, 3],
        [5, 100],
      ] as const) {
        const { rows: page, count } = await repo.pageAndCount(
          filter,
          { limit, offset: 0, after: null },
          cap,
        )
        expect(page.map((row) => row.id)).toEqual(newestFirst.slice(0, limit))
        expect(count).toBe(Math.min(4, cap))
        const [, second] = page
        if (!second) continue
        const after = { updatedAt: second.cursor, id: second.id }
        const { rows: next } = await repo.pageAndCount(filter, { limit, offset: 0, after }, cap)
        expect(next.map((row) => row.id)).toEqual(newestFirst.slice(2, 2 + limit))
      }
      const ascending = await repo.pageAndCount(
        { ...filter, sort: 'ASC' },
        { limit: 2, offset: 1, after: null },
        100,
      )
      expect(ascending.rows.map((row) => row.id)).toEqual(matches.slice(1, 3))
    }
  })

  test("a profile user's search never reaches other queues nor others' open tickets", async () => {
    const { company, sales, support, colleague, ticket, asAgent } = await t.team()
    const contact = await buildContact(t.db, company, { name: 'Zé Busca' })
    const otherContact = await buildContact(t.db, company, { name: 'Zé Busca Dois' })
    const third = await buildContact(t.db, company, { name: 'Zé Busca Três' })
    await ticket({ status: 'closed', contact, queueId: support.id })
    await ticket({ status: 'open', contact: otherContact, queueId: sales.id, userId: colleague.id })
    const visible = await ticket({ status: 'pending', contact: third, queueId: sales.id })
    expect(
      idsOf(
        await list(asAgent, {
          status: 'search',
          showAll: 'true',
          searchParam: 'ze busca',
          queueIds: `[${sales.id},${support.id}]`,
        }),
      ),
    ).toEqual([visible.id])
  })

  test('tags, connections, statuses and (for admins) users filter every view', async () => {
    const { company, sales, admin, agent, ticket, asAgent, asAdmin } = await t.team()
    const tagged = await buildContact(t.db, company)
    const vip = await buildTag(t.db, company, { name: 'VIP', contacts: [tagged] })
    const withTag = await ticket({ status: 'pending', contact: tagged, queueId: sales.id })
    const withoutTag = await ticket({ status: 'pending', queueId: sales.id })
    const byAdmin = await ticket({ status: 'closed', queueId: sales.id, userId: admin.id })
    const base = { queueIds: `[${sales.id}]` }

    expect(idsOf(await list(asAgent, { ...base, status: 'pending', tags: `[${vip.id}]` }))).toEqual(
      [withTag.id],
    )
    expect(
      idsOf(await list(asAgent, { ...base, status: 'pending', whatsapps: '[999999]' })),
    ).toEqual([])
    expect(
      idsOf(
        await list(asAdmin, {
          ...base,
          status: 'search',
          statusFilter: '["closed"]',
          users: `[${admin.id}]`,
        }),
      ),
    ).toEqual([byAdmin.id])
    // The users filter is an admin tool: ignored for a profile user.
    expect(
      idsOf(await list(asAgent, { ...base, status: 'pending', users: `[${agent.id}]` })),
    ).toEqual(sorted(withTag.id, withoutTag.id))
  })

  test('date filters are calendar days in the company time zone', async () => {
    const { sales, ticket, asAgent } = await t.team()
    // 02:30 UTC on 10 March is still 9 March in São Paulo (UTC-3).
    const lateNight = await ticket({
      status: 'pending',
      queueId: sales.id,
      createdAt: new Date('2025-03-10T02:30:00Z'),
    })
    const morning = await ticket({
      status: 'pending',
      queueId: sales.id,
      createdAt: new Date('2025-03-10T12:00:00Z'),
    })
    const base = { status: 'pending', queueIds: `[${sales.id}]` }
    expect(idsOf(await list(asAgent, { ...base, date: '2025-03-09' }))).toEqual([lateNight.id])
    expect(idsOf(await list(asAgent, { ...base, date: '2025-03-10' }))).toEqual([morning.id])
    expect(
      idsOf(await list(asAgent, { ...base, dateStart: '2025-03-09', dateEnd: '2025-03-10' })),
    ).toEqual(sorted(lateNight.id, morning.id))
  })
})

describe('notification bell (withUnreadMessages)', () => {
  test('own unread open tickets and, with showNotificationPending, unread pending ones', async () => {
    const { company, sales, support, agent, ticket, asAgent } = await t.team()
    const mine = await ticket({
      status: 'open',
      userId: agent.id,
      queueId: sales.id,
      unreadMessages: 2,
    })
    await ticket({ status: 'open', userId: agent.id, queueId: sales.id })
    const waiting = await ticket({ status: 'pending', queueId: sales.id, unreadMessages: 1 })
    await ticket({ status: 'pending', queueId: support.id, unreadMessages: 1 })
    expect(idsOf(await list(asAgent, { withUnreadMessages: 'true' }))).toEqual([mine.id])
    await t.db.execute(
      sql`UPDATE company_settings SET "showNotificationPending" = true WHERE "companyId" = ${company.id}`,
    )
    expect(idsOf(await list(asAgent, { withUnreadMessages: 'true' }))).toEqual(
      sorted(mine.id, waiting.id),
    )
  })
})

describe('notification bell of an admin without queues', () => {
  test('covers every queue: his own unread tickets and, with showNotificationPending, the waiting ones', async () => {
    const { company, sales, support, admin, agent, ticket, asAdmin } = await t.team()
    const mine = await ticket({
      status: 'open',
      userId: admin.id,
      queueId: sales.id,
      unreadMessages: 2,
    })
    await ticket({ status: 'open', userId: agent.id, queueId: sales.id, unreadMessages: 1 })
    const waiting = await ticket({ status: 'pending', queueId: support.id, unreadMessages: 1 })
    expect(idsOf(await list(asAdmin, { withUnreadMessages: 'true' }))).toEqual([mine.id])
    await t.db.execute(
      sql`UPDATE company_settings SET "showNotificationPending" = true WHERE "companyId" = ${company.id}`,
    )
    expect(idsOf(await list(asAdmin, { withUnreadMessages: 'true' }))).toEqual(
      sorted(mine.id, waiting.id),
    )
  })
})

describe('paging', () => {
  test('keyset pages have no duplicates or gaps; pageNumber and count agree', async () => {
    const { sales, ticket, asAgent } = await t.team()
    const created: number[] = []
    // Equal updatedAt values force the id tie-break.
    const stamp = new Date('2025-01-01T10:00:00.123456Z')
    for (let i = 0; i < 45; i++)
      created.push(
        (
          await ticket({
            status: 'pending',
            queueId: sales.id,
            updatedAt: i % 3 === 0 ? stamp : new Date(Date.UTC(2025, 0, 1, 9, i)),
          })
        ).id,
      )
    const base = { status: 'pending', queueIds: `[${sales.id}]` }
    const first = await list(asAgent, base)
    expect([first.tickets.length, first.count, first.hasMore]).toEqual([40, 45, true])
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await list(asAgent, { ...base, cursor: first.nextCursor! })
    expect([second.tickets.length, second.hasMore, second.nextCursor]).toEqual([5, false, null])
    const all = [...first.tickets, ...second.tickets].map((row) => row.id)
    expect(new Set(all).size).toBe(45)
    expect([...all].sort()).toEqual([...created].sort())

    const byNumber = await list(asAgent, { ...base, pageNumber: '2' })
    expect(byNumber.tickets.map((row) => row.id)).toEqual(second.tickets.map((row) => row.id))
    // The count is the whole list's on every page, also past its end.
    const pastTheEnd = await list(asAgent, { ...base, pageNumber: '3' })
    expect([second.count, byNumber.count, pastTheEnd.count]).toEqual([45, 45, 45])
    expect([pastTheEnd.tickets, pastTheEnd.hasMore]).toEqual([[], false])
    const empty = await list(asAgent, { status: 'closed', queueIds: `[${sales.id}]` })
    expect([empty.tickets, empty.count]).toEqual([[], 0])

    const ascending = await list(asAgent, { ...base, sortTickets: 'ASC' })
    const ascendingRest = await list(asAgent, {
      ...base,
      sortTickets: 'ASC',
      cursor: ascending.nextCursor!,
    })
    expect([...ascending.tickets, ...ascendingRest.tickets].map((row) => row.id)).toEqual(
      [...all].reverse(),
    )
  })

  test('the views that show no count count no further than TICKET_UNBADGED_COUNT_CAP', async () => {
    const { company, connection, sales, asAdmin } = await t.team()
    const over = TICKET_UNBADGED_COUNT_CAP + 5
    // Each ticket its own contact's latest: the closed view shows one ticket per contact.
    for (const status of ['closed', 'pending'] as const)
      await t.db.execute(sql`
        WITH made AS (
          INSERT INTO contacts ("companyId", name, number, channel)
          SELECT ${company.id}, 'Lote ' || g, ${status} || '-' || g, 'whatsapp'
          FROM generate_series(1, ${over}) AS g
          RETURNING id)
        INSERT INTO tickets ("companyId", "contactId", "whatsappId", "queueId", status, channel)
        SELECT ${company.id}, made.id, ${connection.id}, ${sales.id}, ${status}, 'whatsapp'
        FROM made`)
    const queueIds = `[${sales.id}]`
    const closed = await list(asAdmin, { status: 'closed', showAll: 'true', queueIds })
    const pending = await list(asAdmin, { status: 'pending', showAll: 'true', queueIds })
    expect([closed.count, closed.hasMore]).toEqual([TICKET_UNBADGED_COUNT_CAP, true])
    expect(pending.count).toBe(over)
  })

  test('one query shape, other values: each company and user gets only his own rows', async () => {
    // The list's SQL is built once per shape and then run with each call's values.
    const first = await t.team()
    const second = await t.team()
    const rowsOf = async (who: typeof first) => {
      const mine = await who.ticket({
        status: 'open',
        userId: who.agent.id,
        queueId: who.sales.id,
      })
      const body = await list(who.asAgent, { status: 'open', queueIds: `[${who.sales.id}]` })
      return [idsOf(body), mine.id] as const
    }
    const [firstSees, firstOwn] = await rowsOf(first)
    const [secondSees, secondOwn] = await rowsOf(second)
    expect([firstSees, secondSees]).toEqual([[firstOwn], [secondOwn]])
    expect(
      idsOf(
        await list(first.asAdmin, {
          status: 'open',
          showAll: 'true',
          queueIds: `[${first.sales.id}]`,
        }),
      ),
    ).toEqual([firstOwn])
  })

  test('malformed list parameters answer 400 with the field', async () => {
    const { asAgent } = await t.team()
    for (const [query, field] of [
      ['queueIds=%5B1%2C%2C2%5D', 'queueIds'],
      ['tags=%5B0%5D', 'tags'],
      ['statusFilter=%5B%22flying%22%5D', 'statusFilter'],
      ['cursor=garbage', 'cursor'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/tickets?${query}`,
        headers: asAgent,
      })
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
    }
  })
})

describe('rows', () => {
  test('a row is the whole TicketDto, as ticket events carry it; profile users get numbers masked', async () => {
    const { company, sales, connection, admin, agent, ticket, asAdmin, asAgent } = await t.team()
    const contact = await buildContact(t.db, company, {
      name: 'Maria Souza',
      number: '5511987654321',
      email: 'maria@example.test',
      picturePath: 'pictures/maria.jpg',
      lgpdAcceptedAt: new Date('2026-01-02T03:04:05.678Z'),
    })
    const full = await ticket({
      contact,
      status: 'open',
      userId: agent.id,
      queueId: sales.id,
      unreadMessages: 3,
      lastMessage: 'Oi',
      lastInboundAt: new Date('2026-02-03T04:05:06.789Z'),
    })
    // The admin's own ticket without a queue is in his view; its connection was deleted.
    const bare = await ticket({ status: 'open', userId: admin.id, whatsappId: null })
    // Neither creation nor linking follows the names: the rows must come out sorted by name.
    const reference = ({ id, name, color }: TagRow) => ({ id, name, color })
    const zeta = reference(await buildTag(t.db, company, { name: 'Zeta', tickets: [full] }))
    const beta = reference(await buildTag(t.db, company, { name: 'Beta', contacts: [contact] }))
    const alpha = reference(
      await buildTag(t.db, company, { name: 'Alpha', tickets: [full], contacts: [contact] }),
    )
    await t.db.insert(userRatings).values(
      [3, 5].map((rate) => ({
        companyId: company.id,
        ticketId: full.id,
        userId: agent.id,
        rate,
      })),
    )

    const rowsOf = async (headers: Record<string, string>) => {
      const { tickets } = (await list(headers, {
        status: 'open',
        showAll: 'true',
        queueIds: `[${sales.id}]`,
      })) as unknown as {
        tickets: TicketDto[]
      }
      return new Map(tickets.map((row) => [row.id, row]))
    }
    const asAdminSees = await rowsOf(asAdmin)
    const row = asAdminSees.get(full.id)!
    expect(row.contact.urlPicture).toMatch(
      new RegExp(`^/media/${company.id}/pictures/maria\\.jpg\\?expires=\\d+&signature=`),
    )
    expect(row).toEqual({
      id: full.id,
      uuid: full.uuid,
      status: 'open',
      channel: connection.channel,
      contactId: contact.id,
      contact: {
        id: contact.id,
        companyId: company.id,
        name: 'Maria Souza',
        number: '5511987654321',
        email: 'maria@example.test',
        channel: 'whatsapp',
        isGroup: false,
        active: true,
        disableBot: false,
        acceptAudioMessage: true,
        lgpdAcceptedAt: '2026-01-02T03:04:05.678Z',
        urlPicture: row.contact.urlPicture,
        whatsappId: null,
        tags: [alpha, beta],
        createdAt: contact.createdAt.toISOString(),
        updatedAt: contact.updatedAt.toISOString(),
      },
      whatsappId: connection.id,
      whatsapp: {
        id: connection.id,
        name: connection.name,
        channel: connection.channel,
        status: 'CONNECTED',
        groupAsTicket: connection.groupAsTicket,
      },
      userId: agent.id,
      user: { id: agent.id, name: agent.name },
      queueId: sales.id,
      queue: { id: sales.id, name: 'Vendas', color: sales.color },
      tags: [alpha, zeta],
      isGroup: false,
      isBot: full.isBot,
      useIntegration: false,
      unreadMessages: 3,
      lastMessage: 'Oi',
      lastInboundAt: '2026-02-03T04:05:06.789Z',
      userRating: { rate: 5 },
      createdAt: full.createdAt.toISOString(),
      updatedAt: full.updatedAt.toISOString(),
    })
    expect(asAdminSees.get(bare.id)).toMatchObject({
      whatsappId: null,
      whatsapp: null,
      queueId: null,
      queue: null,
      tags: [],
      userRating: null,
      contact: { tags: [], urlPicture: '' },
    })

    await t.db.execute(
      sql`UPDATE company_settings SET "enableLGPD" = 'enabled', "lgpdHideNumber" = 'enabled' WHERE "companyId" = ${company.id}`,
    )
    const masked = (await rowsOf(asAgent)).get(full.id)!
    expect([masked.contact.name, masked.contact.number]).toEqual(['Maria Souza', '55119******21'])
    expect((await rowsOf(asAdmin)).get(full.id)!.contact.number).toBe('5511987654321')
  })
})
