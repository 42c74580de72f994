import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { SaveScheduleBody, ScheduleDto } from '@shared/contracts/schedules'
import type { OutgoingMessage } from '@server/channels/types'
import { rawSqlOf } from '@server/db/client'
import type { JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import { buildCompany, buildConnection, buildContact, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { createTestDriver } from '@tests/helpers/test-driver'
import { ChannelError } from '@server/channels/types'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { connections } from '../connections/connections.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'
import { schedulesRepository } from './schedules.repository'

/**
 * The schedules engine on a fake clock (Date only): its jobs are due in the fake future, so the
 * app's workers leave them; the test runs the picker and each send itself, at their time.
 */
let t: TestApp
const provider = createTestDriver()
const received: { to: string; body: string; at: string }[] = []

beforeAll(async () => {
  t = await buildTestApp()
  await t.services.messages.sender.start({ tickMs: 3_600_000 })
  t.services.channels.register('whatsapp', {
    ...provider.driver,
    send: async (connection, message: OutgoingMessage) => {
      received.push({ to: message.to.id, body: message.body, at: new Date().toISOString() })
      return provider.driver.send(connection, message)
    },
  })
})
afterAll(() => t.close())

/** Friday 29 January 2027, 09:00 in São Paulo (12:00 UTC): the fake clock moves from there. */
const START = Date.parse('2027-01-29T12:00:00Z')
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(START)
  received.length = 0
})
afterEach(() => vi.useRealTimers())

const run: JobRun = {
  id: 'test',
  retryCount: 0,
  lastTry: false,
  expireInSeconds: 60,
  signal: new AbortController().signal,
}

async function setup(connectionStatus: 'CONNECTED' | 'DISCONNECTED' = 'CONNECTED') {
  const company = await buildCompany(t.db)
  const agent = await buildUser(t.db, { company, name: 'Ana Souza' })
  const contact = await buildContact(t.db, company, {
    name: 'Carlos Lima',
    number: '5511988887777',
  })
  const connection = await buildConnection(t.db, company, {
    isDefault: true,
    status: connectionStatus,
  })
  const save = async (body: Partial<SaveScheduleBody>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/schedules',
      headers: await loginAs(t.app, agent),
      payload: { body: 'Olá {{firstName}}, lembrete!', contactId: contact.id, ...body },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ScheduleDto>()
  }
  // Read as stored: months later on the fake clock the company's trial is long over.
  const read = async (id: number) => {
    const row = (await schedulesRepository(t.db).findById(company.id, id))!
    return { ...row, sendAt: row.sendAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null }
  }
  return { company, agent, contact, connection, save, read }
}

const jobs = () => rawSqlOf(t.db)

/** The company's queued sends, in the order a worker takes them. */
async function queuedSends(companyId: number) {
  const { rows } = await jobs().executeSql(
    `SELECT id, data, start_after AS "startAfter" FROM pgboss.job
     WHERE name = 'schedules.send' AND state = 'created' AND (data->>'companyId')::int = $1
     ORDER BY start_after`,
    [companyId],
  )
  return rows as { id: string; data: JobPayloads['schedules.send']; startAfter: Date }[]
}

async function delivered(companyId: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const queued = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.sendStatus, 'queued')))
    if (queued.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('messages still queued')
}

/** At `at`: the picker's minute, then every send due by then, as the workers would. */
async function minute(companyId: number, at: number) {
  vi.setSystemTime(at)
  await t.services.scheduleEngine.pick()
  for (const job of await queuedSends(companyId)) {
    if (new Date(job.startAfter).getTime() > at + 60_000) continue
    vi.setSystemTime(Math.max(at, new Date(job.startAfter).getTime()))
    await jobs().executeSql(`UPDATE pgboss.job SET state = 'active' WHERE id = $1`, [job.id])
    await t.services.scheduleEngine.send(job.data, run)
    await jobs().executeSql(`UPDATE pgboss.job SET state = 'completed' WHERE id = $1`, [job.id])
    await delivered(companyId)
  }
}

describe('schedules engine', () => {
  test('sent at its time, signed, rendered for the ticket, then ENVIADA', async () => {
    const { company, agent, save, read } = await setup()
    const schedule = await save({ sendAt: new Date(START + 90_000).toISOString(), assinar: true })
    await minute(company.id, START)
    expect(await queuedSends(company.id)).toEqual([])
    vi.setSystemTime(START + 60_000)
    await t.services.scheduleEngine.pick()
    expect((await queuedSends(company.id)).map((job) => job.startAfter)).toEqual([
      new Date(START + 90_000),
    ])
    expect((await read(schedule.id)).status).toBe('AGENDADA')
    await minute(company.id, START + 60_000)
    expect(received).toEqual([
      {
        to: '5511988887777',
        body: `*${agent.name}:*\nOlá Carlos, lembrete!`,
        at: new Date(START + 90_000).toISOString(),
      },
    ])
    expect(await read(schedule.id)).toMatchObject({
      status: 'ENVIADA',
      contadorEnvio: 1,
      sentAt: new Date(START + 90_000).toISOString(),
    })
    const [message] = await t.db
      .select({ scheduleId: messages.scheduleId })
      .from(messages)
      .where(eq(messages.companyId, company.id))
    expect(message).toEqual({ scheduleId: schedule.id })
  })

  test('monthly, three times in all, weekends moved to the Friday before, across a month end', async () => {
    const { company, save, read } = await setup()
    // Friday 29 January 2027, 10:00 in São Paulo.
    const schedule = await save({
      sendAt: '2027-01-29T13:00:00.000Z',
      intervalo: 3,
      valorIntervalo: 1,
      enviarQuantasVezes: 3,
      tipoDias: 5,
    })
    const sends: string[] = []
    for (const at of ['2027-01-29T13:00:00Z', '2027-02-26T13:00:00Z', '2027-03-29T13:00:00Z']) {
      await minute(company.id, Date.parse(at) - 30_000)
      sends.push(received.at(-1)!.at)
    }
    // 28 February 2027 is a Sunday: the Friday before.
    expect(sends).toEqual([
      '2027-01-29T13:00:00.000Z',
      '2027-02-26T13:00:00.000Z',
      '2027-03-29T13:00:00.000Z',
    ])
    expect(await read(schedule.id)).toMatchObject({ status: 'ENVIADA', contadorEnvio: 3 })
  })

  test('a schedule saved due within the minute is taken at once, not a minute late', async () => {
    const { company, save, read } = await setup()
    const soon = await save({ sendAt: new Date(START + 20_000).toISOString() })
    expect(soon.status).toBe('AGENDADA')
    expect((await queuedSends(company.id)).map((job) => job.startAfter)).toEqual([
      new Date(START + 20_000),
    ])
    expect((await read(soon.id)).status).toBe('AGENDADA')
  })

  test('after a downtime an overdue schedule is sent at once, and a recurring one goes on ahead', async () => {
    const { company, save, read } = await setup()
    const once = await save({ sendAt: new Date(START + 60_000).toISOString() })
    const daily = await save({
      sendAt: new Date(START + 60_000).toISOString(),
      valorIntervalo: 1,
      enviarQuantasVezes: 10,
    })
    // Down for three days and a half.
    const back = START + 3.5 * 24 * 3_600_000
    await minute(company.id, back)
    expect(received).toHaveLength(2)
    expect(await read(once.id)).toMatchObject({ status: 'ENVIADA' })
    expect(await read(daily.id)).toMatchObject({
      status: 'PENDENTE',
      contadorEnvio: 1,
      sendAt: new Date(START + 60_000 + 4 * 24 * 3_600_000).toISOString(),
    })
  })

  test('a connection that is down is tried after 1, 5 and 15 minutes, then ERRO', async () => {
    const { company, connection, save, read } = await setup('DISCONNECTED')
    const schedule = await save({ sendAt: new Date(START + 30_000).toISOString() })
    await minute(company.id, START)
    const retries: number[] = []
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [job] = await queuedSends(company.id)
      retries.push((new Date(job!.startAfter).getTime() - Date.now()) / 1000)
      await minute(company.id, new Date(job!.startAfter).getTime())
    }
    expect(retries).toEqual([60, 300, 900])
    expect(await read(schedule.id)).toMatchObject({
      status: 'ERRO',
      lastError: 'ERR_WAPP_NOT_INITIALIZED',
    })
    expect(received).toEqual([])
    await t.db
      .update(connections)
      .set({ status: 'CONNECTED' })
      .where(eq(connections.id, connection.id))
  })

  test('opening a ticket: open with the chosen attendant, or only a history entry', async () => {
    const { company, agent, save } = await setup()
    await save({
      sendAt: new Date(START + 30_000).toISOString(),
      openTicket: 'enabled',
      statusTicket: 'open',
      ticketUserId: agent.id,
    })
    await minute(company.id, START)
    const rows = await t.db
      .select({ status: tickets.status, userId: tickets.userId })
      .from(tickets)
      .where(eq(tickets.companyId, company.id))
    expect(rows).toEqual([{ status: 'open', userId: agent.id }])

    const other = await setup()
    await other.save({ sendAt: new Date(START + 30_000).toISOString(), openTicket: 'disabled' })
    await minute(other.company.id, START)
    const logged = await t.db
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.companyId, other.company.id))
    expect(logged).toEqual([{ status: 'closed' }])
  })

  test('a send job sends every schedule of its company taken for its time, each once', async () => {
    const { company, connection, save, read } = await setup()
    const others = await Promise.all(
      ['5511911110001', '5511911110002'].map((number, index) =>
        buildContact(t.db, company, { name: `Cliente ${index}`, number }),
      ),
    )
    const sendAt = new Date(START + 40_000).toISOString()
    const first = await save({ sendAt })
    const rest = await Promise.all(
      others.map((contact) => save({ sendAt, contactId: contact.id, whatsappId: connection.id })),
    )
    // Saved within the picker's minute, each was taken at once with a send of its own.
    expect(await queuedSends(company.id)).toHaveLength(3)
    const [job] = await queuedSends(company.id)
    vi.setSystemTime(START + 40_000)
    await t.services.scheduleEngine.send(job!.data, run)
    await delivered(company.id)
    expect(received.map((send) => send.to).sort()).toEqual([
      '5511911110001',
      '5511911110002',
      '5511988887777',
    ])
    // The other sends find nothing left to send.
    for (const other of (await queuedSends(company.id)).slice(1))
      await t.services.scheduleEngine.send(other.data, run)
    await delivered(company.id)
    expect(received).toHaveLength(3)
    for (const schedule of [first, ...rest])
      expect(await read(schedule.id)).toMatchObject({ status: 'ENVIADA', contadorEnvio: 1 })
  })

  test('schedules sent together share their tickets: one per contact and choice, never doubled', async () => {
    const { company, agent, contact, save } = await setup()
    const other = await buildContact(t.db, company, {
      name: 'Beatriz Reis',
      number: '5511922223333',
    })
    const sendAt = new Date(START + 40_000).toISOString()
    await save({ sendAt, body: 'Primeiro aviso' })
    await save({ sendAt, body: 'Segundo aviso' })
    await save({
      sendAt,
      contactId: other.id,
      body: 'Seu atendimento, {{firstName}}',
      openTicket: 'enabled',
      statusTicket: 'open',
      ticketUserId: agent.id,
    })
    const [job] = await queuedSends(company.id)
    vi.setSystemTime(START + 40_000)
    await t.services.scheduleEngine.send(job!.data, run)
    await delivered(company.id)

    const rows = await t.db
      .select({
        contactId: tickets.contactId,
        status: tickets.status,
        userId: tickets.userId,
        lastMessage: tickets.lastMessage,
      })
      .from(tickets)
      .where(eq(tickets.companyId, company.id))
    expect(rows.sort((a, b) => a.contactId - b.contactId)).toEqual(
      [
        { contactId: contact.id, status: 'closed', userId: null, lastMessage: 'Segundo aviso' },
        {
          contactId: other.id,
          status: 'open',
          userId: agent.id,
          lastMessage: 'Seu atendimento, Beatriz',
        },
      ].sort((a, b) => a.contactId - b.contactId),
    )
    // Each contact's messages reached him in the order they were scheduled.
    expect(received.filter((send) => send.to === contact.number).map((send) => send.body)).toEqual([
      'Primeiro aviso',
      'Segundo aviso',
    ])
  })

  test('the picker queues one send for a time, and moving the schedule it names keeps the others', async () => {
    const { company, agent, connection, save, read } = await setup()
    const other = await buildContact(t.db, company, { name: 'Outro', number: '5511922220000' })
    const sendAt = new Date(START + 90_000).toISOString()
    const named = await save({ sendAt })
    const kept = await save({ sendAt, contactId: other.id, whatsappId: connection.id })
    vi.setSystemTime(START + 60_000)
    await t.services.scheduleEngine.pick()
    const [job, ...more] = await queuedSends(company.id)
    expect(more).toEqual([])
    expect(job!.data.scheduleId).toBe(named.id)
    await t.app.inject({
      method: 'PUT',
      url: `/schedules/${named.id}`,
      headers: await loginAs(t.app, agent),
      payload: {
        body: 'Mais tarde',
        contactId: named.contactId,
        sendAt: new Date(START + 3_600_000).toISOString(),
      },
    })
    const [replacement, ...none] = await queuedSends(company.id)
    expect(none).toEqual([])
    expect(replacement!.data).toEqual({ ...job!.data, scheduleId: kept.id })
    await minute(company.id, START + 60_000)
    expect(received.map((send) => send.to)).toEqual(['5511922220000'])
    expect(await read(kept.id)).toMatchObject({ status: 'ENVIADA' })
    expect(await read(named.id)).toMatchObject({ status: 'PENDENTE' })
  })

  test('moving a taken schedule to later drops its queued send and waits again', async () => {
    const { company, agent, contact, save, read } = await setup()
    const schedule = await save({ sendAt: new Date(START + 45_000).toISOString() })
    await t.services.scheduleEngine.pick()
    expect(await queuedSends(company.id)).toHaveLength(1)
    const later = new Date(START + 3_600_000).toISOString()
    await t.app.inject({
      method: 'PUT',
      url: `/schedules/${schedule.id}`,
      headers: await loginAs(t.app, agent),
      payload: { body: 'Novo horário!', contactId: contact.id, sendAt: later },
    })
    expect(await queuedSends(company.id)).toEqual([])
    expect(await read(schedule.id)).toMatchObject({ status: 'PENDENTE', sendAt: later })
    await minute(company.id, START + 3_600_000 - 30_000)
    expect(received.map((send) => send.body)).toEqual(['Novo horário!'])
  })

  test('a message the provider refuses for good turns its schedule ERRO with the reason', async () => {
    const { company, save, read } = await setup()
    const schedule = await save({ sendAt: new Date(START + 30_000).toISOString() })
    // A number WhatsApp does not know: refused at once, not retried.
    provider.failOnce(new ChannelError('ERR_WAPP_INVALID_CONTACT', false))
    await minute(company.id, START)
    await vi.waitFor(async () =>
      expect(await read(schedule.id)).toMatchObject({
        status: 'ERRO',
        lastError: 'ERR_WAPP_INVALID_CONTACT',
      }),
    )
    expect(received).toHaveLength(1)
  })
})
