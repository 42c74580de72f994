import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildConnection } from '@tests/factories'
import { createTestDriver, textFrom, type RawTestEvent } from '@tests/helpers/test-driver'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { InboundEvent } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { createRealtimeHub } from '@server/realtime/hub'
import type { ConnectionRow } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { messages } from '../messages/messages.table'
import { ticketLogs, tickets } from '../tickets/tickets.table'
import { fitsBatch } from './inbound.batch'
import { inboundRepository } from './inbound.repository'
import { createInboundAppliers } from './inbound.service'
import { inboundEvents } from './inbound.table'

/**
 * A new message is applied by two paths: the set-based batch (`inbound.batch.ts`) and, for
 * everything a batch cannot take, the event-by-event handler (`inbound.handlers.ts`). The same
 * events, one company through each, must leave the same rows behind.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

let t: TestApp
const testDriver = createTestDriver()
let appliers: ReturnType<typeof createInboundAppliers>

beforeAll(async () => {
  t = await buildTestApp()
  t.services.channels.register('whatsapp', testDriver.driver)
  // A hub of its own: the appliers' events are not the app's.
  const deps: CoreDeps = { ...t.deps, realtime: createRealtimeHub() }
  appliers = createInboundAppliers(deps, {
    channels: t.services.channels,
    ticketCore: t.services.ticketCore,
    settings: t.services.settings,
    companies: t.services.companies,
    media: t.services.media,
    messageEvents: t.services.messages,
    bot: t.services.bot,
    replies: { heard: () => Promise.resolve() },
  })
})
afterAll(() => t.close())

const normalized = (connection: ConnectionRow, payload: unknown): InboundEvent[] =>
  testDriver.driver.normalize(t.services.channels.connectionFor(connection), payload)

/** The stream through the set-based batch, as the worker hands it a claimed batch. */
async function throughBatch(connection: ConnectionRow, stream: RawTestEvent[]) {
  await inboundRepository(t.db).store(
    stream.map((event) => ({
      companyId: connection.companyId,
      connectionId: connection.id,
      source: 'baileys' as const,
      payload: { events: [event] },
    })),
  )
  const rows = await t.db
    .select()
    .from(inboundEvents)
    .where(eq(inboundEvents.companyId, connection.companyId))
    .orderBy(asc(inboundEvents.id))
  const batch = rows.map((row) => ({
    row,
    connection,
    events: normalized(connection, row.payload),
  }))
  expect(batch.every(({ events }) => fitsBatch(events))).toBe(true)
  await appliers.batch.apply(batch)
}

/** The stream event by event, as the worker applies what a batch cannot take. */
async function oneByOne(connection: ConnectionRow, stream: RawTestEvent[]) {
  const context = {
    connection,
    driver: testDriver.driver,
    driverConnection: t.services.channels.connectionFor(connection),
    attempts: 0,
  }
  for (const raw of stream)
    for (const event of normalized(connection, { events: [raw] }))
      await appliers.handlers.handle(context, event)
}

/**
 * A company's rows without what differs by construction (ids, the company, the connection,
 * write and import times, stored file paths); references become the numbers and provider ids they point at.
 */
async function rowsOf(companyId: number) {
  const people = await t.db.select().from(contacts).where(eq(contacts.companyId, companyId))
  const numberOf = new Map(people.map((contact) => [contact.id, contact.number]))
  const conversations = await t.db.select().from(tickets).where(eq(tickets.companyId, companyId))
  const conversationOf = new Map(
    conversations.map((ticket) => [ticket.id, numberOf.get(ticket.contactId)]),
  )
  const stored = await t.db.select().from(messages).where(eq(messages.companyId, companyId))
  const widOf = new Map(stored.map((message) => [message.id, message.wid]))
  const logs = await t.db.select().from(ticketLogs).where(eq(ticketLogs.companyId, companyId))
  const { rows: retries } = (await t.db.execute(sql`
    SELECT (data->>'messageId')::int AS "messageId" FROM pgboss.job
    WHERE name = 'inbound.media-retry' AND (data->>'companyId')::int = ${companyId}`)) as {
    rows: { messageId: number }[]
  }
  const byKey = <T>(list: T[], key: (item: T) => string) =>
    [...list].sort((a, b) => key(a).localeCompare(key(b)))

  return {
    contacts: byKey(
      people.map(
        ({
          id: _id,
          companyId: _companyId,
          whatsappId: _whatsappId,
          createdAt: _createdAt,
          updatedAt: _updatedAt,
          ...contact
        }) => contact,
      ),
      (contact) => contact.number,
    ),
    tickets: byKey(
      conversations.map(
        ({
          id: _id,
          uuid: _uuid,
          companyId: _companyId,
          whatsappId: _whatsappId,
          contactId,
          createdAt: _createdAt,
          updatedAt: _updatedAt,
          ...ticket
        }) => ({
          contact: numberOf.get(contactId),
          ...ticket,
          imported: ticket.imported !== null,
        }),
      ),
      (ticket) => String(ticket.contact),
    ),
    messages: byKey(
      stored.map(
        ({
          id: _id,
          companyId: _companyId,
          whatsappId: _whatsappId,
          ticketId,
          contactId,
          quotedMsgId,
          mediaPath,
          updatedAt: _updatedAt,
          ...message
        }) => ({
          ticket: conversationOf.get(ticketId),
          sender: contactId === null ? null : numberOf.get(contactId),
          quoted: quotedMsgId === null ? null : widOf.get(quotedMsgId),
          hasFile: mediaPath !== null,
          ...message,
        }),
      ),
      (message) => String(message.wid),
    ),
    logs: byKey(
      logs.map((log) => `${conversationOf.get(log.ticketId)} ${log.type} ${log.userId}`),
      (log) => log,
    ),
    mediaRetries: byKey(
      retries.map((retry) => String(widOf.get(retry.messageId))),
      (wid) => wid,
    ),
  }
}

/** Two fresh companies with a group-allowing connection each. */
async function twoCompanies() {
  const connectionOf = async () =>
    buildConnection(t.db, await buildCompany(t.db), { status: 'CONNECTED', allowGroup: true })
  return { batched: await connectionOf(), single: await connectionOf() }
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()

describe('the batch and the event-by-event path store a new message alike', () => {
  test('contacts, tickets, messages, replies, groups, media notes, calls, imports and counters', async () => {
    const a1 = textFrom('5511966660001', 'A1', { timestamp: secondsAgo(90) })
    const group = {
      chat: { id: '120363000000000066', isGroup: true, name: 'Equipe' },
      sender: { id: '5511966660009', isGroup: false, name: 'Dora' },
    }
    const stream: RawTestEvent[] = [
      a1,
      textFrom('5511966660002', 'B1', { timestamp: secondsAgo(85) }),
      textFrom('5511966660001', 'A2', {
        timestamp: secondsAgo(80),
        quotedProviderId: a1.providerId,
      }),
      textFrom('120363000000000066', 'G1', { ...group, timestamp: secondsAgo(75) }),
      textFrom('5511966660001', '', {
        timestamp: secondsAgo(70),
        content: {
          kind: 'media',
          mediaKind: 'image',
          caption: 'comprovante',
          fileName: 'comprovante.png',
          ref: { base64: PNG.toString('base64'), mime: 'image/png' },
        },
      }),
      textFrom('5511966660002', '', {
        timestamp: secondsAgo(65),
        content: {
          kind: 'media',
          mediaKind: 'application',
          caption: 'planilha',
          fileName: 'grande.xlsx',
          size: 1024 ** 4,
          ref: { base64: '', mime: 'application/octet-stream' },
        },
      }),
      textFrom('5511966660002', '', {
        timestamp: secondsAgo(60),
        content: { kind: 'call', video: false },
      }),
      textFrom('5511966660001', '', {
        timestamp: secondsAgo(55),
        content: { kind: 'location', latitude: -23.5, longitude: -46.6, name: 'Loja' },
      }),
      textFrom('5511966660001', '', {
        timestamp: secondsAgo(50),
        content: { kind: 'unsupported', type: 'pollCreationMessage' },
      }),
      a1,
      textFrom('5511966660003', 'typed on the phone', {
        timestamp: secondsAgo(45),
        fromMe: true,
        imported: true,
      }),
      textFrom('5511966660002', 'B2', { timestamp: secondsAgo(40), isForwarded: true }),
    ]
    const { batched, single } = await twoCompanies()
    await throughBatch(batched, stream)
    await oneByOne(single, stream)

    const expected = await rowsOf(single.companyId)
    // Every event but the replayed A1, the unsupported kind included (kept as a note).
    expect(expected.messages).toHaveLength(11)
    expect(await rowsOf(batched.companyId)).toEqual(expected)
  })

  test('a contact first known by an id without his number takes the number when both arrive', async () => {
    // A WhatsApp user without a phone number (Cloud API: a BSUID) is stored under that id.
    const bsuid = 'US.13491208655302741918'
    const alone = { id: bsuid, lid: bsuid, isGroup: false, name: 'Ana' }
    const first = textFrom(bsuid, 'sem número', { chat: alone })
    const { batched, single } = await twoCompanies()
    for (const connection of [batched, single]) await oneByOne(connection, [first])

    const both = { id: '5511966660021', lid: bsuid, isGroup: false, name: 'Ana' }
    const stream = [textFrom(both.id, 'com número', { chat: both })]
    await throughBatch(batched, stream)
    await oneByOne(single, stream)

    const expected = await rowsOf(single.companyId)
    expect(expected.contacts).toEqual([
      expect.objectContaining({ number: '5511966660021', lid: bsuid, name: 'Ana' }),
    ])
    expect(expected.tickets).toHaveLength(1)
    expect(await rowsOf(batched.companyId)).toEqual(expected)
  })

  test('a failed download: the message with its note, and one retry scheduled', async () => {
    const stream = [
      textFrom('5511966660011', '', {
        content: {
          kind: 'media',
          mediaKind: 'image',
          caption: 'recibo',
          ref: { base64: PNG.toString('base64'), mime: 'image/png' },
        },
      }),
    ]
    const { batched, single } = await twoCompanies()
    testDriver.failDownloads(1)
    await throughBatch(batched, stream)
    testDriver.failDownloads(1)
    await oneByOne(single, stream)

    const expected = await rowsOf(single.companyId)
    expect(expected.mediaRetries).toHaveLength(1)
    expect(await rowsOf(batched.companyId)).toEqual(expected)
  })
})
