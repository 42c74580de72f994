import { asc, eq } from 'drizzle-orm'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildConnection, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { createTestDriver, textFrom, type RawTestEvent } from '@tests/helpers/test-driver'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { CompanyRow } from '../companies/companies.table'
import { contacts } from '../contacts/contacts.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'
import { inboundEvents } from './inbound.table'

let t: TestApp
let baseUrl: string
const sockets: Socket[] = []

beforeAll(async () => {
  t = await buildTestApp()
  t.services.channels.register('whatsapp', createTestDriver().driver)
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await t.close()
})

/** An admin's socket, recording the bodies of the messages created on it. */
async function adminWatching(company: CompanyRow) {
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const { authorization } = await loginAs(t.app, admin)
  const socket = connect(`${baseUrl}/${company.id}`, {
    auth: { token: authorization.slice('Bearer '.length) },
    transports: ['websocket'],
    reconnection: false,
  })
  sockets.push(socket)
  const created: { body: string; ticketId: number }[] = []
  socket.on(
    `company-${company.id}-appMessage`,
    (payload: { action: string; message: { body: string }; ticket: { id: number } }) => {
      if (payload.action === 'create')
        created.push({ body: payload.message.body, ticketId: payload.ticket.id })
    },
  )
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  // Rooms are joined right after the handshake.
  await new Promise((resolve) => setTimeout(resolve, 200))
  return created
}

const minuteAgo = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1000).toISOString()

describe('events stored together are applied as one batch', () => {
  test('each chat in arrival order: counts, last message, replies, groups, replays, no live event for imports', async () => {
    const company = await buildCompany(t.db)
    const connection = await buildConnection(t.db, company, {
      status: 'CONNECTED',
      allowGroup: true,
    })
    const created = await adminWatching(company)

    const a1 = textFrom('5511988880001', 'A1', { timestamp: minuteAgo(1) })
    const group: Partial<RawTestEvent & { type: 'message' }> = {
      chat: { id: '120363000000000077', isGroup: true, name: 'Equipe' },
      sender: { id: '5511988880009', isGroup: false, name: 'Dora' },
    }
    const stream: RawTestEvent[] = [
      a1,
      textFrom('5511988880002', 'B1', { timestamp: minuteAgo(2) }),
      textFrom('5511988880001', 'A2', { timestamp: minuteAgo(3), quotedProviderId: a1.providerId }),
      textFrom('120363000000000077', 'G1', { ...group, timestamp: minuteAgo(4) }),
      textFrom('5511988880002', 'B2', { timestamp: minuteAgo(5) }),
      a1,
      textFrom('5511988880001', 'A3', { timestamp: minuteAgo(6) }),
      textFrom('5511988880002', 'B3', {
        timestamp: minuteAgo(7),
        fromMe: true,
        imported: true,
      }),
    ]
    // One stored event per webhook, all claimed by the same drain.
    await t.services.inbound.receive(
      connection,
      'baileys',
      stream.map((event) => ({ events: [event] })),
    )
    await t.services.inbound.drain()

    const stored = await t.db
      .select()
      .from(messages)
      .where(eq(messages.companyId, company.id))
      .orderBy(asc(messages.id))
    const bodiesOfChat = (prefix: string) =>
      stored.map((message) => message.body).filter((body) => body.startsWith(prefix))
    expect(bodiesOfChat('A')).toEqual(['A1', 'A2', 'A3'])
    expect(bodiesOfChat('B')).toEqual(['B1', 'B2', 'B3'])
    expect(bodiesOfChat('G')).toEqual(['G1'])
    const byBody = new Map(stored.map((message) => [message.body, message]))
    expect(byBody.get('A2')!.quotedMsgId).toBe(byBody.get('A1')!.id)

    const people = await t.db.select().from(contacts).where(eq(contacts.companyId, company.id))
    expect(people.map((contact) => contact.name).sort()).toEqual([
      'Contact 5511988880001',
      'Contact 5511988880002',
      'Dora',
      'Equipe',
    ])
    const dora = people.find((contact) => contact.name === 'Dora')!
    expect(byBody.get('G1')).toMatchObject({ contactId: dora.id, participant: dora.number })

    const ticketOf = async (body: string) => {
      const [ticket] = await t.db
        .select()
        .from(tickets)
        .where(eq(tickets.id, byBody.get(body)!.ticketId))
      return ticket!
    }
    expect(await ticketOf('A1')).toMatchObject({
      status: 'pending',
      unreadMessages: 3,
      lastMessage: 'A3',
      fromMe: false,
    })
    // Typed on the phone, after the contact's two: read on the company side.
    expect(await ticketOf('B1')).toMatchObject({
      status: 'pending',
      unreadMessages: 0,
      lastMessage: 'B3',
      fromMe: true,
    })
    expect(await ticketOf('G1')).toMatchObject({ status: 'group', lastMessage: 'G1' })
    expect(await t.db.select().from(tickets).where(eq(tickets.companyId, company.id))).toHaveLength(
      3,
    )

    const pending = await t.db
      .select()
      .from(inboundEvents)
      .where(eq(inboundEvents.companyId, company.id))
    expect(pending.every((event) => event.processedAt !== null)).toBe(true)

    await expect.poll(() => created.length).toBe(6)
    expect(created.map((event) => event.body).sort()).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'G1'])
    for (const event of created) expect(event.ticketId).toBe(byBody.get(event.body)!.ticketId)
  })

  test('a batch that cannot be applied whole is applied event by event: only the bad one waits', async () => {
    const company = await buildCompany(t.db)
    const connection = await buildConnection(t.db, company, { status: 'CONNECTED' })
    const unreadable = textFrom('5511988880003', 'quando?', { timestamp: 'not a date' })

    await t.services.inbound.receive(connection, 'baileys', [
      { events: [textFrom('5511988880003', 'primeira')] },
      { events: [unreadable] },
      { events: [textFrom('5511988880004', 'outra conversa')] },
    ])
    await t.services.inbound.drain()

    const stored = await t.db.select().from(messages).where(eq(messages.companyId, company.id))
    expect(stored.map((message) => message.body).sort()).toEqual(['outra conversa', 'primeira'])
    const events = await t.db
      .select()
      .from(inboundEvents)
      .where(eq(inboundEvents.companyId, company.id))
      .orderBy(asc(inboundEvents.id))
    expect(events.map((event) => event.processedAt !== null)).toEqual([true, false, true])
    expect(events[1]!.lastError).toBeTruthy()
    expect(events[1]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
  })
})
