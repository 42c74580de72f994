import { and, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildMessage,
  buildQueue,
  buildTag,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { useTenant } from '@tests/helpers/tenant'
import { messages } from '../messages/messages.table'
import { ticketLogs, tickets, ticketTrackings } from './tickets.table'

const t = useTenant()

const put = (headers: Record<string, string>, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/tickets/${id}`, headers, payload })

async function row(id: number) {
  const [found] = await t.db.select().from(tickets).where(eq(tickets.id, id))
  return found
}
async function logTypes(ticketId: number) {
  const rows = await t.db
    .select({ type: ticketLogs.type, userId: ticketLogs.userId, queueId: ticketLogs.queueId })
    .from(ticketLogs)
    .where(eq(ticketLogs.ticketId, ticketId))
    .orderBy(ticketLogs.id)
  return rows
}
async function trackingOf(ticketId: number) {
  const [found] = await t.db
    .select()
    .from(ticketTrackings)
    .where(eq(ticketTrackings.ticketId, ticketId))
    .orderBy(desc(ticketTrackings.id))
    .limit(1)
  return found
}
const setCompany = (companyId: number, column: string, value: string | boolean) =>
  t.db.execute(
    sql`UPDATE company_settings SET ${sql.identifier(column)} = ${value} WHERE "companyId" = ${companyId}`,
  )

describe('GET /tickets/:id and /tickets/u/:uuid', () => {
  test('visible tickets only; another company or another queue is not found', async () => {
    const { sales, support, ticket, asAgent, asAdmin } = await t.team()
    const inSales = await ticket({ status: 'pending', queueId: sales.id })
    const inSupport = await ticket({ status: 'pending', queueId: support.id })
    const foreign = await buildTicket(t.db, await buildCompany(t.db))

    const ok = await t.app.inject({
      method: 'GET',
      url: `/tickets/${inSales.id}`,
      headers: asAgent,
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ id: inSales.id, queue: { id: sales.id, name: 'Vendas' } })
    for (const url of [
      `/tickets/${inSupport.id}`,
      `/tickets/u/${inSupport.uuid}`,
      `/tickets/${foreign.id}`,
      `/tickets/u/${foreign.uuid}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: asAgent })
      expect([response.statusCode, response.json()]).toEqual([
        404,
        { error: 'ERR_NO_TICKET_FOUND' },
      ])
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/tickets/${inSupport.id}`, headers: asAdmin }))
        .statusCode,
    ).toBe(200)
  })

  test('opening by uuid marks read for the holder only, and logs access once per 10 minutes', async () => {
    const { sales, admin, agent, ticket, asAgent, asAdmin } = await t.team()
    const held = await ticket({
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
      unreadMessages: 2,
    })
    const inbound = await buildMessage(t.db, held)

    await t.app.inject({ method: 'GET', url: `/tickets/u/${held.uuid}`, headers: asAdmin })
    expect((await row(held.id))!.unreadMessages).toBe(2)

    const response = await t.app.inject({
      method: 'GET',
      url: `/tickets/u/${held.uuid}`,
      headers: asAgent,
    })
    expect(response.json()).toMatchObject({ id: held.id, unreadMessages: 0 })
    const [message] = await t.db.select().from(messages).where(eq(messages.id, inbound.id))
    expect(message!.read).toBe(true)

    await t.app.inject({ method: 'GET', url: `/tickets/u/${held.uuid}`, headers: asAgent })
    await t.app.inject({ method: 'GET', url: `/tickets/${held.id}`, headers: asAgent })
    const accesses = (await logTypes(held.id)).filter((log) => log.type === 'access')
    expect(accesses.map((log) => log.userId).sort()).toEqual([admin.id, agent.id].sort())
  })

  test('an access log names the queue the ticket was in when it was opened', async () => {
    const { sales, support, ticket, asAgent, asAdmin } = await t.team()
    const held = await ticket({ status: 'pending', queueId: sales.id })

    await t.app.inject({ method: 'GET', url: `/tickets/u/${held.uuid}`, headers: asAgent })
    await t.db.update(tickets).set({ queueId: support.id }).where(eq(tickets.id, held.id))

    const log = await t.app.inject({
      method: 'GET',
      url: `/tickets-log/${held.id}`,
      headers: asAdmin,
    })
    expect(log.statusCode).toBe(200)
    const access = log
      .json<{ type: string; queue: { name: string } | null }[]>()
      .find((entry) => entry.type === 'access')
    expect(access?.queue).toMatchObject({ id: sales.id, name: 'Vendas' })
  })
})

describe('POST /tickets', () => {
  test('opens a ticket for the caller on the company default connection', async () => {
    const { company, sales, agent, connection, asAgent } = await t.team()
    const contact = await buildContact(t.db, company)
    const response = await t.app.inject({
      method: 'POST',
      url: '/tickets',
      headers: asAgent,
      payload: { contactId: contact.id, queueId: sales.id, status: 'open', companyId: 999 },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      status: 'open',
      userId: agent.id,
      queueId: sales.id,
      whatsappId: connection.id,
      contactId: contact.id,
    })
    expect((await logTypes(response.json().id)).map((log) => log.type)).toEqual(['create'])
  })

  test('an active ticket of the contact is a 409 whose error names who holds it', async () => {
    const { company, sales, colleague, ticket, asAgent } = await t.team()
    const contact = await buildContact(t.db, company)
    const held = await ticket({ contact, status: 'open', queueId: sales.id, userId: colleague.id })
    const response = await t.app.inject({
      method: 'POST',
      url: '/tickets',
      headers: asAgent,
      payload: { contactId: contact.id },
    })
    expect(response.statusCode).toBe(409)
    expect(JSON.parse(response.json().error)).toEqual({
      userId: colleague.id,
      user: { id: colleague.id, name: 'Carla Colega' },
      queue: { id: sales.id, name: 'Vendas', color: sales.color },
      uuid: held.uuid,
      status: 'open',
    })
  })

  test('a group conversation is answered, not duplicated', async () => {
    const { company, ticket } = await t.team()
    const grouper = await buildUser(t.db, { company, allowGroup: true })
    const group = await buildContact(t.db, company, { isGroup: true, number: '120363999' })
    const existing = await ticket({ contact: group, status: 'group', isGroup: true })
    const response = await t.app.inject({
      method: 'POST',
      url: '/tickets',
      headers: await loginAs(t.app, grouper),
      payload: { contactId: group.id },
    })
    expect([response.statusCode, response.json().id]).toEqual([200, existing.id])
  })

  test('references are checked: contact, connection, queue, assignee', async () => {
    const { company, admin, asAgent, asAdmin } = await t.team()
    const contact = await buildContact(t.db, company)
    const other = await buildCompany(t.db)
    const foreignContact = await buildContact(t.db, other)
    const foreignConnection = await buildConnection(t.db, other)
    const foreignQueue = await buildQueue(t.db, other)
    const cases: [
      Record<string, string>,
      Record<string, unknown>,
      number,
      Record<string, string>,
    ][] = [
      [asAgent, { contactId: foreignContact.id }, 404, { error: 'ERR_NO_CONTACT_FOUND' }],
      [
        asAgent,
        { contactId: contact.id, whatsappId: foreignConnection.id },
        404,
        { error: 'ERR_NO_WAPP_FOUND' },
      ],
      [
        asAgent,
        { contactId: contact.id, queueId: foreignQueue.id },
        400,
        { error: 'ERR_VALIDATION', field: 'queueId' },
      ],
      [asAgent, { contactId: contact.id, userId: admin.id }, 403, { error: 'ERR_NO_PERMISSION' }],
      [
        asAdmin,
        { contactId: contact.id, userId: (await buildUser(t.db, { company: other })).id },
        400,
        { error: 'ERR_VALIDATION', field: 'userId' },
      ],
    ]
    for (const [headers, payload, status, body] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/tickets', headers, payload })
      expect([response.statusCode, response.json()]).toEqual([status, body])
    }
  })

  test('without any usable connection: ERR_NO_DEF_WAPP_FOUND', async () => {
    const company = await buildCompany(t.db)
    await buildConnection(t.db, company, { status: 'DISCONNECTED' })
    const agent = await buildUser(t.db, { company })
    const contact = await buildContact(t.db, company)
    const response = await t.app.inject({
      method: 'POST',
      url: '/tickets',
      headers: await loginAs(t.app, agent),
      payload: { contactId: contact.id },
    })
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: 'ERR_NO_DEF_WAPP_FOUND' },
    ])
  })
})

describe('PUT /tickets/:id: accept', () => {
  test('pending → open with the caller; log open; tracking started', async () => {
    const { sales, agent, ticket, asAgent } = await t.team()
    const waiting = await ticket({ status: 'pending', queueId: sales.id })
    const response = await put(asAgent, waiting.id, { status: 'open', userId: agent.id })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 'open', userId: agent.id, isBot: false })
    expect(await logTypes(waiting.id)).toEqual([
      { type: 'open', userId: agent.id, queueId: sales.id },
    ])
    expect((await trackingOf(waiting.id))!.startedAt).toBeInstanceOf(Date)
  })

  test('a group ticket from whatsapp is accepted as group', async () => {
    const { company, sales, agent, ticket, asAgent } = await t.team()
    const group = await buildContact(t.db, company, { isGroup: true, number: '120363111' })
    const waiting = await ticket({
      contact: group,
      isGroup: true,
      status: 'pending',
      queueId: sales.id,
    })
    const response = await put(asAgent, waiting.id, { status: 'open', userId: agent.id })
    expect(response.json()).toMatchObject({ status: 'group', userId: agent.id })
  })

  test('two concurrent accepts: one wins, the other is answered with the winner', async () => {
    const { sales, agent, colleague, ticket, asAgent, asColleague } = await t.team()
    const waiting = await ticket({ status: 'pending', queueId: sales.id })
    const [first, second] = await Promise.all([
      put(asAgent, waiting.id, { status: 'open', userId: agent.id }),
      put(asColleague, waiting.id, { status: 'open', userId: colleague.id }),
    ])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    const winner = (await row(waiting.id))!.userId
    expect([agent.id, colleague.id]).toContain(winner)
    expect(first.json().userId).toBe(winner)
    expect(second.json().userId).toBe(winner)
    expect((await logTypes(waiting.id)).filter((log) => log.type === 'open')).toHaveLength(1)
  })

  test('a profile user may not accept for somebody else', async () => {
    const { sales, colleague, ticket, asAgent } = await t.team()
    const waiting = await ticket({ status: 'pending', queueId: sales.id })
    const response = await put(asAgent, waiting.id, { status: 'open', userId: colleague.id })
    expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('PUT /tickets/:id: return, reopen, permissions', () => {
  test('return to queue: pending without user; log pending with the old user', async () => {
    const { sales, agent, ticket, asAgent } = await t.team()
    const held = await ticket({ status: 'open', queueId: sales.id, userId: agent.id })
    const response = await put(asAgent, held.id, { status: 'pending', userId: null })
    expect(response.json()).toMatchObject({ status: 'pending', userId: null })
    expect(await logTypes(held.id)).toEqual([
      { type: 'pending', userId: agent.id, queueId: sales.id },
    ])
    expect((await trackingOf(held.id))!.startedAt).toBeNull()
  })

  test('reopen answers the other active ticket of the contact unchanged', async () => {
    const { company, sales, agent, colleague, ticket, asAgent } = await t.team()
    const contact = await buildContact(t.db, company)
    const old = await ticket({ contact, status: 'closed', queueId: sales.id, userId: agent.id })
    const response = await put(asAgent, old.id, { status: 'open', userId: agent.id })
    expect(response.json()).toMatchObject({ id: old.id, status: 'open', userId: agent.id })
    expect((await logTypes(old.id)).map((log) => log.type)).toEqual(['reopen'])

    const busy = await buildContact(t.db, company)
    const active = await ticket({
      contact: busy,
      status: 'open',
      userId: colleague.id,
      queueId: sales.id,
    })
    const other = await ticket({ contact: busy, status: 'closed', queueId: sales.id })
    const conflict = await put(asAgent, other.id, { status: 'open', userId: agent.id })
    expect(conflict.json()).toMatchObject({ id: active.id, userId: colleague.id, status: 'open' })
    expect((await row(other.id))!.status).toBe('closed')
  })

  test("a profile user may not act on another user's open ticket; invisible is not found", async () => {
    const { sales, support, colleague, ticket, asAgent } = await t.team()
    const colleagues = await ticket({ status: 'open', queueId: sales.id, userId: colleague.id })
    const elsewhere = await ticket({ status: 'pending', queueId: support.id })
    expect(
      [await put(asAgent, colleagues.id, { status: 'closed' })].map((r) => [
        r.statusCode,
        r.json(),
      ]),
    ).toEqual([[403, { error: 'ERR_NO_PERMISSION' }]])
    const hidden = await put(asAgent, elsewhere.id, { status: 'open' })
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }])
  })
})

describe('PUT /tickets/:id: close', () => {
  test('requiredTag refuses resolving a contact without tags, not ignoring', async () => {
    const { company, sales, agent, ticket, asAgent } = await t.team()
    await setCompany(company.id, 'requiredTag', 'enabled')
    const held = await ticket({ status: 'open', queueId: sales.id, userId: agent.id })
    const refused = await put(asAgent, held.id, { status: 'closed' })
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'ERR_TAG_REQUIRED' }])

    await buildTag(t.db, company, { name: 'Cliente', contacts: [held.contact] })
    const closed = await put(asAgent, held.id, { status: 'closed' })
    expect(closed.json()).toMatchObject({ status: 'closed' })

    const waiting = await ticket({ status: 'pending', queueId: sales.id })
    const ignored = await put(asAgent, waiting.id, {
      status: 'closed',
      sendFarewellMessage: false,
      amountUsedBotQueues: 0,
    })
    expect(ignored.json()).toMatchObject({ status: 'closed' })
  })

  test('close: tracking finished, log closed, the farewell stored as an outgoing message', async () => {
    const { sales, agent, ticket, asAgent } = await t.team({ farewellMessage: 'Até logo!' })
    const held = await ticket({ status: 'open', queueId: sales.id, userId: agent.id })
    const response = await put(asAgent, held.id, { status: 'closed' })
    expect(response.json()).toMatchObject({ status: 'closed', userId: agent.id })
    const tracking = await trackingOf(held.id)
    expect(tracking!.finishedAt).toBeInstanceOf(Date)
    expect(tracking!.closedAt).toBeInstanceOf(Date)
    expect((await logTypes(held.id)).map((log) => log.type)).toEqual(['closed'])
    const stored = await t.db
      .select({ body: messages.body, fromMe: messages.fromMe })
      .from(messages)
      .where(eq(messages.ticketId, held.id))
    expect(stored).toEqual([{ body: 'Até logo!', fromMe: true }])
  })

  test('with ratings on, closing asks for a rating: status nps, log nps', async () => {
    const { company, sales, agent, asAgent } = await t.team()
    await setCompany(company.id, 'userRating', 'enabled')
    const connection = await buildConnection(t.db, company, {
      status: 'CONNECTED',
      ratingMessage: 'Dê uma nota de 1 a 5',
    })
    const held = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
    })
    const response = await put(asAgent, held.id, { status: 'closed' })
    expect(response.json()).toMatchObject({ status: 'nps' })
    expect((await row(held.id))!.amountUsedBotQueuesNPS).toBe(1)
    expect((await logTypes(held.id)).map((log) => log.type)).toEqual(['nps'])
    const noRating = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
    })
    const plain = await put(asAgent, noRating.id, { status: 'closed', sendFarewellMessage: false })
    expect(plain.json()).toMatchObject({ status: 'closed' })
  })

  test('ignoring a pending ticket needs admin or userClosePendingTicket', async () => {
    const { sales, ticket, asAdmin } = await t.team()
    const strict = await t.team({ userClosePendingTicket: 'disabled' })
    const waiting = await strict.ticket({ status: 'pending', queueId: strict.sales.id })
    const refused = await put(strict.asAgent, waiting.id, {
      status: 'closed',
      sendFarewellMessage: false,
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])

    const consent = await ticket({ status: 'lgpd', queueId: sales.id, amountUsedBotQueues: 2 })
    const ignored = await put(asAdmin, consent.id, {
      status: 'closed',
      sendFarewellMessage: false,
      amountUsedBotQueues: 0,
    })
    expect(ignored.json()).toMatchObject({ status: 'closed' })
    expect((await row(consent.id))!.amountUsedBotQueues).toBe(0)
  })
})

describe('PUT /tickets/:id: transfer', () => {
  test('to a user in another queue: open for him; note stored; logs transfered + receivedTransfer', async () => {
    const { sales, support, agent, outsider, ticket, asAgent } = await t.team()
    const held = await ticket({ status: 'open', queueId: sales.id, userId: agent.id })
    const response = await put(asAgent, held.id, {
      status: 'open',
      isTransfered: true,
      queueId: support.id,
      userId: outsider.id,
      msgTransfer: 'Cliente quer suporte técnico',
    })
    expect(response.json()).toMatchObject({
      id: held.id,
      status: 'open',
      userId: outsider.id,
      queueId: support.id,
    })
    expect(await logTypes(held.id)).toEqual([
      { type: 'transfered', userId: agent.id, queueId: sales.id },
      { type: 'receivedTransfer', userId: outsider.id, queueId: support.id },
    ])
    const notes = await t.db
      .select({ body: messages.body, isPrivate: messages.isPrivate })
      .from(messages)
      .where(eq(messages.ticketId, held.id))
    expect(notes).toEqual([{ body: 'Cliente quer suporte técnico', isPrivate: true }])
  })

  test('without a user the ticket waits in the new queue; the queue is required and checked', async () => {
    const { sales, support, agent, ticket, asAgent } = await t.team()
    const held = await ticket({ status: 'open', queueId: sales.id, userId: agent.id })
    const missing = await put(asAgent, held.id, { isTransfered: true, status: 'pending' })
    expect([missing.statusCode, missing.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'queueId' },
    ])
    const foreign = await put(asAgent, held.id, {
      isTransfered: true,
      queueId: (await buildQueue(t.db, await buildCompany(t.db))).id,
    })
    expect(foreign.json()).toEqual({ error: 'ERR_VALIDATION', field: 'queueId' })
    const moved = await put(asAgent, held.id, {
      isTransfered: true,
      status: 'pending',
      queueId: support.id,
      userId: null,
    })
    expect(moved.json()).toMatchObject({ status: 'pending', userId: null, queueId: support.id })
    expect((await trackingOf(held.id))!.queueId).toBe(support.id)
  })

  test('closeTicketOnTransfer: the ticket closes and the new queue continues on a new one', async () => {
    const { company, sales, support, agent, ticket, asAgent } = await t.team()
    await setCompany(company.id, 'closeTicketOnTransfer', true)
    const held = await ticket({ status: 'open', queueId: sales.id, userId: agent.id })
    const response = await put(asAgent, held.id, {
      isTransfered: true,
      status: 'pending',
      queueId: support.id,
    })
    const next = response.json()
    expect(next.id).not.toBe(held.id)
    expect(next).toMatchObject({
      status: 'pending',
      userId: null,
      queueId: support.id,
      contactId: held.contactId,
    })
    expect((await row(held.id))!.status).toBe('closed')
    expect((await logTypes(held.id)).map((log) => log.type)).toEqual(['transfered', 'closed'])
  })
})

describe('DELETE /tickets/:id', () => {
  test('admins delete with cascade; plain users are refused; foreign is not found', async () => {
    const { sales, ticket, asAdmin, asAgent } = await t.team()
    const doomed = await ticket({ status: 'pending', queueId: sales.id })
    await buildMessage(t.db, doomed)
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/tickets/${doomed.id}`,
      headers: asAgent,
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/tickets/${doomed.id}`,
      headers: asAdmin,
    })
    expect([response.statusCode, response.json()]).toEqual([200, { message: 'ticket deleted' }])
    expect(await row(doomed.id)).toBeUndefined()
    expect(await t.db.select().from(messages).where(eq(messages.ticketId, doomed.id))).toEqual([])
    const foreign = await buildTicket(t.db, await buildCompany(t.db))
    const notFound = await t.app.inject({
      method: 'DELETE',
      url: `/tickets/${foreign.id}`,
      headers: asAdmin,
    })
    expect([notFound.statusCode, notFound.json()]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }])
  })
})

describe('GET /tickets/closeAll', () => {
  test('counts what closing all would close, closing nothing', async () => {
    const { sales, support, admin, agent, ticket, asAdmin } = await t.team()
    // Everyone's open tickets count, not only the asker's: the POST closes them all.
    const mine = await ticket({ status: 'open', queueId: sales.id, userId: admin.id })
    await ticket({ status: 'open', queueId: sales.id, userId: agent.id })
    await ticket({ status: 'open', queueId: support.id, userId: agent.id })
    await ticket({ status: 'pending', queueId: sales.id })
    const count = (query: string) =>
      t.app.inject({ method: 'GET', url: `/tickets/closeAll?${query}`, headers: asAdmin })

    const inSales = await count(
      `status=open&selectedQueueIds=${encodeURIComponent(`[${sales.id}]`)}`,
    )
    expect([inSales.statusCode, inSales.json()]).toEqual([200, { count: 2 }])
    expect((await count('status=open')).json()).toEqual({ count: 3 })
    expect((await row(mine.id))!.status).toBe('open')
  })
})

describe('POST /tickets/closeAll', () => {
  test('closes the status within the selected queues in the background; twice is harmless', async () => {
    const { sales, support, ticket, asAdmin } = await t.team()
    const a = await ticket({ status: 'pending', queueId: sales.id, amountUsedBotQueues: 2 })
    const b = await ticket({ status: 'pending', queueId: sales.id })
    const untouched = await ticket({ status: 'pending', queueId: support.id })
    const open = await ticket({ status: 'open', queueId: sales.id })
    const payload = { status: 'pending', selectedQueueIds: [sales.id] }
    const response = await t.app.inject({
      method: 'POST',
      url: '/tickets/closeAll',
      headers: asAdmin,
      payload,
    })
    expect([response.statusCode, response.json()]).toEqual([202, { count: 2 }])
    await vi.waitFor(async () => {
      expect((await row(a.id))!.status).toBe('closed')
      expect((await row(b.id))!.status).toBe('closed')
    })
    expect((await row(a.id))!.amountUsedBotQueues).toBe(0)
    expect((await row(untouched.id))!.status).toBe('pending')
    expect((await row(open.id))!.status).toBe('open')
    const again = await t.app.inject({
      method: 'POST',
      url: '/tickets/closeAll',
      headers: asAdmin,
      payload,
    })
    expect(again.json()).toEqual({ count: 0 })
    expect((await logTypes(a.id)).map((log) => log.type)).toEqual(['closed'])
  })
})

describe('GET /tickets-log/:ticketId', () => {
  test('newest first with user and queue; foreign or invisible is not found', async () => {
    const { sales, support, agent, ticket, asAgent } = await t.team()
    const waiting = await ticket({ status: 'pending', queueId: sales.id })
    await put(asAgent, waiting.id, { status: 'open', userId: agent.id })
    await put(asAgent, waiting.id, { status: 'pending', userId: null })
    const response = await t.app.inject({
      method: 'GET',
      url: `/tickets-log/${waiting.id}`,
      headers: asAgent,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().map((log: { type: string }) => log.type)).toEqual(['pending', 'open'])
    expect(response.json()[1]).toMatchObject({
      user: { id: agent.id, name: 'Bruno Agent' },
      queue: { id: sales.id, name: 'Vendas' },
    })
    const hidden = await ticket({ status: 'pending', queueId: support.id })
    const foreign = await buildTicket(t.db, await buildCompany(t.db))
    for (const id of [hidden.id, foreign.id]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/tickets-log/${id}`,
        headers: asAgent,
      })
      expect([refused.statusCode, refused.json()]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }])
    }
  })
})

describe('validation', () => {
  test('clients cannot set bot-only statuses', async () => {
    const { sales, agent, ticket, asAgent } = await t.team()
    const held = await ticket({ status: 'open', queueId: sales.id, userId: agent.id })
    const response = await put(asAgent, held.id, { status: 'nps' })
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'status' },
    ])
    expect(
      await t.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, held.id), eq(tickets.status, 'open'))),
    ).toHaveLength(1)
  })
})
