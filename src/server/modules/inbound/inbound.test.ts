import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildMessage,
  buildTicket,
} from '@tests/factories'
import { createTestDriver, textFrom, type RawTestEvent } from '@tests/helpers/test-driver'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { ChatRef } from '@server/channels/types'
import type { CompanyRow } from '../companies/companies.table'
import type { ConnectionRow } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'
import { inboundEvents } from './inbound.table'

// A 1×1 PNG: the stored type must come from the bytes, not from what the provider claims.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

let t: TestApp
const testDriver = createTestDriver()
let company: CompanyRow
let connection: ConnectionRow

beforeAll(async () => {
  t = await buildTestApp()
  t.services.channels.register('whatsapp', testDriver.driver)
})
afterAll(() => t.close())
beforeEach(async () => {
  company = await buildCompany(t.db)
  connection = await buildConnection(t.db, company, { status: 'CONNECTED' })
})

async function deliver(...events: RawTestEvent[]) {
  await t.services.inbound.receive(connection, 'baileys', [{ events }])
  await t.services.inbound.drain()
}

const ticketsOf = (companyId: number) =>
  t.db.select().from(tickets).where(eq(tickets.companyId, companyId))
const messagesOf = (companyId: number) =>
  t.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id)

describe('a message from a new contact', () => {
  test('creates the contact, a pending ticket and the message, counted unread', async () => {
    await deliver(textFrom('5511999990001', 'Olá, preciso de ajuda'))

    const [contact] = await t.db.select().from(contacts).where(eq(contacts.companyId, company.id))
    expect(contact).toMatchObject({
      number: '5511999990001',
      name: 'Contact 5511999990001',
      isGroup: false,
    })
    const [ticket] = await ticketsOf(company.id)
    expect(ticket).toMatchObject({
      status: 'pending',
      contactId: contact!.id,
      whatsappId: connection.id,
      unreadMessages: 1,
      lastMessage: 'Olá, preciso de ajuda',
      fromMe: false,
    })
    const [message] = await messagesOf(company.id)
    expect(message).toMatchObject({
      body: 'Olá, preciso de ajuda',
      fromMe: false,
      ticketId: ticket!.id,
    })
    const [event] = await t.db
      .select()
      .from(inboundEvents)
      .where(eq(inboundEvents.companyId, company.id))
    expect(event!.processedAt).not.toBeNull()
  })

  test('a replayed provider id stores nothing twice', async () => {
    const first = textFrom('5511999990002', 'uma vez')
    await deliver(first)
    await deliver(first)
    await deliver(first, first)

    expect(await messagesOf(company.id)).toHaveLength(1)
    const [ticket] = await ticketsOf(company.id)
    expect(ticket!.unreadMessages).toBe(1)
  })

  test('50 simultaneous first messages make one contact and one ticket', async () => {
    const burst = Array.from({ length: 50 }, (_, index) =>
      textFrom('5511999990003', `msg ${index}`),
    )
    await Promise.all(
      burst.map((event) =>
        t.services.inbound.receive(connection, 'baileys', [{ events: [event] }]),
      ),
    )
    await t.services.inbound.drain()

    expect(
      await t.db.select().from(contacts).where(eq(contacts.companyId, company.id)),
    ).toHaveLength(1)
    const all = await ticketsOf(company.id)
    expect(all).toHaveLength(1)
    expect(all[0]!.unreadMessages).toBe(50)
    expect(await messagesOf(company.id)).toHaveLength(50)
  })

  test('the next message lands on the same active ticket; a closed one is not reused', async () => {
    await deliver(textFrom('5511999990004', 'primeira'))
    await deliver(textFrom('5511999990004', 'segunda'))
    expect(await ticketsOf(company.id)).toHaveLength(1)

    await t.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.companyId, company.id))
    await deliver(textFrom('5511999990004', 'depois do fechamento'))
    const all = await ticketsOf(company.id)
    expect(all.map((ticket) => ticket.status).sort()).toEqual(['closed', 'pending'])
  })

  test('a contact writing again within timeCreateNewTicket gets the closed ticket back', async () => {
    connection = await buildConnection(t.db, company, { timeCreateNewTicket: 10 })
    await deliver(textFrom('5511999990005', 'oi'))
    await t.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.companyId, company.id))
    await deliver(textFrom('5511999990005', 'esqueci uma coisa'))

    const all = await ticketsOf(company.id)
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({ status: 'pending', userId: null })
  })
})

describe('events that change stored messages', () => {
  test('acks only go up; a failure is kept with its reason', async () => {
    const ticket = await buildTicket(t.db, company, { connection, status: 'open' })
    const ours = await buildMessage(t.db, ticket, { fromMe: true, wid: 'ours-1', ack: 1 })
    const ack = (value: 2 | 3 | 'failed') =>
      ({
        type: 'status',
        providerId: 'ours-1',
        ack: value,
        error: 'ERR_SENDING_WAPP_MSG',
      }) as RawTestEvent

    await deliver(ack(3))
    await deliver(ack(2))
    const [read] = await t.db.select().from(messages).where(eq(messages.id, ours.id))
    expect(read!.ack).toBe(3)

    await deliver(ack('failed'))
    const [failed] = await t.db.select().from(messages).where(eq(messages.id, ours.id))
    expect(failed).toMatchObject({
      sendStatus: 'failed',
      sendError: 'ERR_SENDING_WAPP_MSG',
      ack: 3,
    })
  })

  test('edits and deletions by the contact', async () => {
    await deliver(textFrom('5511999990006', 'texto errado', { providerId: 'edit-me' }))
    await deliver({ type: 'edit', providerId: 'edit-me', body: 'texto certo' })
    const [edited] = await messagesOf(company.id)
    expect(edited).toMatchObject({ body: 'texto certo', isEdited: true })

    await deliver({ type: 'revoke', providerId: 'edit-me' })
    const [deleted] = await messagesOf(company.id)
    expect(deleted).toMatchObject({ isDeleted: true })
    const [ticket] = await ticketsOf(company.id)
    expect(ticket!.lastMessage).toBe('🚫 _Mensagem Apagada_')
  })

  test("a contact's reaction is kept on the message it reacts to", async () => {
    await deliver(textFrom('5511999990007', 'gostou?', { providerId: 'target' }))
    await deliver(
      textFrom('5511999990007', '', {
        providerId: 'reaction-1',
        content: { kind: 'reaction', targetProviderId: 'target', emoji: '👍' },
      }),
    )
    const [target, reaction] = await messagesOf(company.id)
    expect(target!.reactions).toEqual([expect.objectContaining({ type: '👍', userId: null })])
    expect(reaction).toMatchObject({
      mediaType: 'reactionMessage',
      body: '👍',
      quotedMsgId: target!.id,
    })
  })
})

describe('groups and media', () => {
  const groupMessage = (body: string) =>
    textFrom('120363000000000001', body, {
      chat: { id: '120363000000000001', isGroup: true, name: 'Equipe' },
      sender: { id: '5511999990008', isGroup: false, name: 'Ana' },
    })

  test('group messages are dropped when the connection does not allow groups', async () => {
    await deliver(groupMessage('ignorado'))
    expect(await messagesOf(company.id)).toHaveLength(0)
  })

  test('a group gets a group ticket, with the participant as the sender', async () => {
    connection = await buildConnection(t.db, company, { allowGroup: true })
    await deliver(groupMessage('bom dia, equipe'))

    const [ticket] = await ticketsOf(company.id)
    expect(ticket).toMatchObject({ status: 'group', isGroup: true })
    const [group] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, company.id), eq(contacts.isGroup, true)))
    expect(group).toMatchObject({ name: 'Equipe', number: '120363000000000001' })
    const [message] = await messagesOf(company.id)
    const [sender] = await t.db.select().from(contacts).where(eq(contacts.id, message!.contactId!))
    expect(sender!.name).toBe('Ana')
  })

  test('received media is stored under the company with the type its bytes say', async () => {
    await deliver(
      textFrom('5511999990009', '', {
        content: {
          kind: 'media',
          mediaKind: 'image',
          caption: 'comprovante',
          mime: 'application/pdf',
          ref: { base64: PNG.toString('base64'), mime: 'application/pdf' },
        },
      }),
    )
    const [message] = await messagesOf(company.id)
    expect(message).toMatchObject({
      body: 'comprovante',
      mediaType: 'image',
      mediaMime: 'image/png',
    })
    const stored = await readFile(join(t.config.mediaDir, String(company.id), message!.mediaPath!))
    expect(stored.equals(PNG)).toBe(true)
  })
})

describe('media that cannot be had', () => {
  const image = (
    number: string,
    caption: string,
    overrides: { size?: number; chat?: ChatRef } = {},
  ) =>
    textFrom(number, '', {
      content: {
        kind: 'media',
        mediaKind: 'image',
        caption,
        ref: { base64: PNG.toString('base64'), mime: 'image/png' },
        ...(overrides.size === undefined ? {} : { size: overrides.size }),
      },
      ...(overrides.chat ? { chat: overrides.chat } : {}),
    })
  /** The company's second tries still to run, with how long after queueing each may start. */
  const retriesOf = async (companyId: number) => {
    const { rows } = (await t.db.execute(sql`
      SELECT extract(epoch FROM start_after - created_on)::int AS "delaySeconds", data
      FROM pgboss.job
      WHERE name = 'inbound.media-retry' AND state IN ('created', 'retry', 'active')
        AND (data->>'companyId')::int = ${companyId}`)) as {
      rows: { delaySeconds: number; data: { messageId: number } }[]
    }
    return rows
  }
  /** Runs the company's second tries now instead of a minute later. */
  const runRetriesNow = async (companyId: number) => {
    await t.db.execute(sql`
      UPDATE pgboss.job SET start_after = now()
      WHERE name = 'inbound.media-retry' AND state = 'created'
        AND (data->>'companyId')::int = ${companyId}`)
    t.deps.jobs.wake('inbound.media-retry')
    await t.deps.jobs.settled(['inbound.media-retry'])
  }

  test('a failed download stores the message with a note, and one more try brings the file', async () => {
    testDriver.failDownloads(1)
    await deliver(image('5511999990011', 'recibo'))

    const [waiting] = await messagesOf(company.id)
    expect(waiting).toMatchObject({ mediaPath: null, mediaType: 'image' })
    expect(waiting!.body).toBe(
      'recibo\n\n*Sistema:* Falha no download da mídia, verifique no dispositivo',
    )
    // One more try, a minute later.
    expect(await retriesOf(company.id)).toEqual([
      { delaySeconds: 60, data: expect.objectContaining({ messageId: waiting!.id }) },
    ])

    await runRetriesNow(company.id)
    const [message] = await messagesOf(company.id)
    expect(message).toMatchObject({ body: 'recibo', mediaType: 'image', mediaMime: 'image/png' })
    const stored = await readFile(join(t.config.mediaDir, String(company.id), message!.mediaPath!))
    expect(stored.equals(PNG)).toBe(true)
    expect(await retriesOf(company.id)).toHaveLength(0)
    // The list no longer shows the note: the ticket's last message is the file's.
    const [ticket] = await ticketsOf(company.id)
    expect(ticket!.lastMessage).toBe('recibo')
  })

  test("a file arriving late does not replace a newer message as the ticket's last", async () => {
    testDriver.failDownloads(1)
    await deliver(image('5511999990014', 'comprovante'))
    await deliver(textFrom('5511999990014', 'Recebeu?'))

    await runRetriesNow(company.id)
    const [file] = await messagesOf(company.id)
    expect(file).toMatchObject({ body: 'comprovante', mediaMime: 'image/png' })
    const [ticket] = await ticketsOf(company.id)
    expect(ticket!.lastMessage).toBe('Recebeu?')
  })

  test('a download failing twice keeps its note: there is no third try', async () => {
    testDriver.failDownloads(2)
    // A chat known only by its LID takes the event-by-event path: it schedules retries too.
    await deliver(
      image('5511999990012', '', {
        chat: { id: '201234567890123', lid: '201234567890123', isGroup: false },
      }),
    )
    expect(await retriesOf(company.id)).toHaveLength(1)

    await runRetriesNow(company.id)
    const [message] = await messagesOf(company.id)
    expect(message).toMatchObject({
      mediaPath: null,
      body: '*Sistema:* Falha no download da mídia, verifique no dispositivo',
    })
    expect(await retriesOf(company.id)).toHaveLength(0)
  })

  test('a file above downloadLimit is not downloaded: the note says why, and no retry', async () => {
    await deliver(image('5511999990013', '', { size: 50 * 1024 * 1024 * 1024 }))
    const [message] = await messagesOf(company.id)
    expect(message!.mediaPath).toBeNull()
    expect(message!.body).toMatch(
      /^\*Sistema:\* O arquivo excede o limite de \d+ MB e não foi baixado$/,
    )
    expect(await retriesOf(company.id)).toHaveLength(0)
  })
})

describe('durability', () => {
  test('events stored before a crash are processed at the next start', async () => {
    const contact = await buildContact(t.db, company)
    await t.db.insert(inboundEvents).values({
      companyId: company.id,
      connectionId: connection.id,
      source: 'baileys',
      payload: { events: [textFrom(contact.number, 'antes da queda')] },
    })
    // A worker that claimed an event and died: its lease has run out.
    await t.db.insert(inboundEvents).values({
      companyId: company.id,
      connectionId: connection.id,
      source: 'baileys',
      payload: { events: [textFrom(contact.number, 'durante a queda')] },
      attempts: 1,
      nextAttemptAt: sql`now() - interval '1 second'`,
    })

    t.services.inbound.start()
    await t.services.inbound.drain()

    const bodies = (await messagesOf(company.id)).map((message) => message.body)
    expect(bodies.sort()).toEqual(['antes da queda', 'durante a queda'])
    expect(await ticketsOf(company.id)).toHaveLength(1)
  })
})
