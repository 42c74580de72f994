import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ticketTimerKey } from '@server/jobs/catalogue'
import { rawSqlOf } from '@server/db/client'
import { buildCompany, buildConnection, buildQueue, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { CompanyRow } from '../companies/companies.table'
import { connections, type ConnectionRow } from '../connections/connections.table'
import { messages } from '../messages/messages.table'
import { ticketLogs, tickets, type TicketRow } from '../tickets/tickets.table'

/**
 * The bot's timers on a real database and the real job engine: the sweep queues a job per due
 * ticket, the job applies what is due. Time passing is the data getting older: a ticket's last
 * message "31 minutes ago" is what a clock 31 minutes ahead would see.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)

async function sweepAndSettle(app: Pick<TestApp, 'services' | 'deps'> = t) {
  await app.services.botTimers.sweep()
  await app.deps.jobs.settled(['bot.ticket-timer'])
}

async function reload(ticket: TicketRow) {
  const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id))
  return row!
}

/** What the bot said on the ticket, in order. */
async function botSaid(ticketId: number) {
  const rows = await t.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.isAutomatic, true)))
    .orderBy(asc(messages.id))
  return rows.map((row) => row.body)
}

async function logsOf(ticketId: number) {
  return t.db
    .select({ type: ticketLogs.type, userId: ticketLogs.userId, queueId: ticketLogs.queueId })
    .from(ticketLogs)
    .where(eq(ticketLogs.ticketId, ticketId))
    .orderBy(asc(ticketLogs.id))
}

function connected(company: CompanyRow, values: Parameters<typeof buildConnection>[2] = {}) {
  return buildConnection(t.db, company, { status: 'CONNECTED', ...values })
}

/** An open ticket with Ana, whose last message went out `minutes` ago. */
async function silentTicket(
  connection: ConnectionRow,
  company: CompanyRow,
  minutes: number,
  values: Partial<TicketRow> = {},
) {
  const ana = await buildUser(t.db, { company, name: 'Ana' })
  return buildTicket(t.db, company, {
    connection,
    status: 'open',
    userId: ana.id,
    isBot: false,
    lastMessageAt: minutesAgo(minutes),
    ...values,
  })
}

describe('expiry and the inactivity warning', () => {
  test('a silent open ticket is warned, then closed with its message; nothing twice', async () => {
    const company = await buildCompany(t.db)
    const connection = await connected(company, {
      timeInactiveMessage: 10,
      inactiveMessage: 'Ainda está aí, {{firstName}}?',
      expiresTicket: 30,
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
    })
    const ticket = await silentTicket(connection, company, 11)
    await t.db.update(tickets).set({ unreadMessages: 2 }).where(eq(tickets.id, ticket.id))
    const { contact } = ticket

    await sweepAndSettle()
    const firstName = contact.name.split(' ')[0]
    expect(await botSaid(ticket.id)).toEqual([`Ainda está aí, ${firstName}?`])
    const warned = await reload(ticket)
    expect(warned).toMatchObject({ status: 'open', sendInactiveMessage: true, fromMe: true })

    // Another sweep within the 30 minutes after the warning does nothing.
    await sweepAndSettle()
    expect(await botSaid(ticket.id)).toHaveLength(1)

    await t.db
      .update(tickets)
      .set({ lastMessageAt: minutesAgo(30) })
      .where(eq(tickets.id, ticket.id))
    await sweepAndSettle()
    await sweepAndSettle()
    expect(await botSaid(ticket.id)).toEqual([
      `Ainda está aí, ${firstName}?`,
      'Encerramos por falta de resposta.',
    ])
    expect(await reload(ticket)).toMatchObject({
      status: 'closed',
      unreadMessages: 0,
      lastMessage: 'Encerramos por falta de resposta.',
    })
    expect((await logsOf(ticket.id)).map((log) => log.type)).toEqual(['autoClose'])
  })

  test('the contact writes after the warning: the warning is due again, no expiry', async () => {
    const company = await buildCompany(t.db)
    const connection = await connected(company, {
      timeInactiveMessage: 10,
      inactiveMessage: 'Ainda está aí?',
      expiresTicket: 30,
    })
    const ticket = await silentTicket(connection, company, 5, { sendInactiveMessage: true })
    await sweepAndSettle()
    expect(await reload(ticket)).toMatchObject({ status: 'open' })
    expect(await botSaid(ticket.id)).toEqual([])
  })

  test('"only when the contact did not answer": a ticket where he spoke last stays', async () => {
    const company = await buildCompany(t.db)
    const connection = await connected(company, { expiresTicket: 30, whenExpiresTicket: '1' })
    const heSpoke = await silentTicket(connection, company, 31, { fromMe: false })
    const weSpoke = await silentTicket(connection, company, 31, { fromMe: true })
    await sweepAndSettle()
    expect((await reload(heSpoke)).status).toBe('open')
    expect((await reload(weSpoke)).status).toBe('closed')
  })

  test('a disconnected connection keeps its tickets until it is back; then no stale text', async () => {
    const company = await buildCompany(t.db)
    const connection = await buildConnection(t.db, company, {
      status: 'DISCONNECTED',
      expiresTicket: 30,
      expiresInactiveMessage: 'Encerrado.',
    })
    const ticket = await silentTicket(connection, company, 120)
    await sweepAndSettle()
    expect((await reload(ticket)).status).toBe('open')

    await t.db
      .update(tickets)
      .set({ lastMessageAt: minutesAgo(120) })
      .where(eq(tickets.id, ticket.id))
    await t.db
      .update(connections)
      .set({ status: 'CONNECTED' })
      .where(eq(connections.id, connection.id))
    await sweepAndSettle()
    expect((await reload(ticket)).status).toBe('closed')
    expect(await botSaid(ticket.id)).toEqual([])
  })
})

describe('the rating request', () => {
  test('unanswered for expiresTicketNPS minutes: closed with the farewell, no rating', async () => {
    const company = await buildCompany(t.db)
    const connection = await connected(company, {
      expiresTicketNPS: 5,
      complationMessage: 'Obrigado pelo contato!',
    })
    const ticket = await silentTicket(connection, company, 6, { status: 'nps' })
    const waiting = await silentTicket(connection, company, 4, { status: 'nps' })
    await sweepAndSettle()
    expect(await reload(ticket)).toMatchObject({ status: 'closed' })
    expect(await botSaid(ticket.id)).toEqual(['Obrigado pelo contato!'])
    expect((await logsOf(ticket.id)).map((log) => log.type)).toEqual(['autoClose'])
    expect((await reload(waiting)).status).toBe('nps')
  })
})

describe('waiting tickets', () => {
  test('no queue for timeSendQueue minutes: redirected to the default queue, silently', async () => {
    const company = await buildCompany(t.db)
    const support = await buildQueue(t.db, company, { name: 'Suporte' })
    const connection = await connected(company, { timeSendQueue: 15, sendIdQueue: support.id })
    const old = await buildTicket(t.db, company, {
      connection,
      createdAt: minutesAgo(16),
      lastMessageAt: minutesAgo(0),
    })
    const young = await buildTicket(t.db, company, { connection, createdAt: minutesAgo(14) })
    await sweepAndSettle()
    expect(await reload(old)).toMatchObject({ status: 'pending', queueId: support.id })
    expect(await logsOf(old.id)).toEqual([{ type: 'redirect', userId: null, queueId: support.id }])
    expect(await botSaid(old.id)).toEqual([])
    expect((await reload(young)).queueId).toBeNull()
  })

  test('rotation hands a waiting ticket to another online attendant of the queue', async () => {
    const company = await buildCompany(t.db)
    const queue = await buildQueue(t.db, company, { ativarRoteador: true, tempoRoteador: 5 })
    const member = (name: string, values: { online: boolean; profile?: 'admin' | 'user' }) =>
      buildUser(t.db, { company, name, queueIds: [queue.id], ...values })
    const ana = await member('Ana', { online: true })
    const bruno = await member('Bruno', { online: true })
    await member('Carla (admin)', { online: true, profile: 'admin' })
    await member('Davi (offline)', { online: false })
    const connection = await connected(company)
    const ticket = await buildTicket(t.db, company, {
      connection,
      queueId: queue.id,
      userId: ana.id,
      createdAt: minutesAgo(6),
    })

    await sweepAndSettle()
    const rotated = await reload(ticket)
    expect(rotated).toMatchObject({ status: 'pending', userId: bruno.id })
    expect(await logsOf(ticket.id)).toEqual([
      { type: 'redirect', userId: bruno.id, queueId: queue.id },
    ])

    // Just handed over: not again before another tempoRoteador.
    await sweepAndSettle()
    expect((await reload(ticket)).userId).toBe(bruno.id)

    await t.db
      .update(tickets)
      .set({ rotatedAt: minutesAgo(5) })
      .where(eq(tickets.id, ticket.id))
    await sweepAndSettle()
    expect((await reload(ticket)).userId).toBe(ana.id)
  })

  test('an attendant accepting the ticket cancels its waiting timer job', async () => {
    const company = await buildCompany(t.db)
    const queue = await buildQueue(t.db, company, { ativarRoteador: true, tempoRoteador: 5 })
    const agent = await buildUser(t.db, { company, queueIds: [queue.id], online: true })
    const connection = await connected(company, { queueIds: [queue.id] })
    const ticket = await buildTicket(t.db, company, { connection, queueId: queue.id })
    const key = ticketTimerKey(ticket.id)
    await t.deps.jobs.send(
      'bot.ticket-timer',
      { companyId: company.id, ticketId: ticket.id },
      { singletonKey: key, startAfter: new Date(Date.now() + 3_600_000) },
    )
    const stateOfJob = async () => {
      const { rows } = await rawSqlOf(t.db).executeSql(
        `SELECT state FROM pgboss.job WHERE name = 'bot.ticket-timer' AND singleton_key = $1`,
        [key],
      )
      return (rows as { state: string }[]).map((row) => row.state)
    }
    expect(await stateOfJob()).toEqual(['created'])

    const response = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticket.id}`,
      headers: await loginAs(t.app, agent),
      payload: { status: 'open', userId: agent.id },
    })
    expect(response.statusCode).toBe(200)
    expect(await stateOfJob()).toEqual(['cancelled'])
  })
})

describe('tenancy', () => {
  test("a timer job naming another company's ticket changes nothing", async () => {
    const company = await buildCompany(t.db)
    const other = await buildCompany(t.db)
    const connection = await connected(company, {
      expiresTicket: 30,
      expiresInactiveMessage: 'Encerrado.',
    })
    const ticket = await silentTicket(connection, company, 31)
    await t.services.botTimers.fire({ companyId: other.id, ticketId: ticket.id })
    expect((await reload(ticket)).status).toBe('open')
    expect(await botSaid(ticket.id)).toEqual([])
  })

  test("one company's settings never reach another's tickets", async () => {
    const strict = await buildCompany(t.db)
    const relaxed = await buildCompany(t.db)
    await connected(strict, { expiresTicket: 1 })
    const relaxedConnection = await connected(relaxed)
    const ticket = await silentTicket(relaxedConnection, relaxed, 600)
    await sweepAndSettle()
    expect((await reload(ticket)).status).toBe('open')
  })
})
