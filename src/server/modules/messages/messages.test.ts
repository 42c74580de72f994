import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildMessage,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { fixture } from '@tests/helpers/fixtures'
import { tickets } from '../tickets/tickets.table'
import { messages } from './messages.table'
import { conversation, fakeDriver, multipart, PNG_1x1 } from '@tests/helpers/messages'

let t: TestApp
const whatsapp = fakeDriver()
const cloudApi = fakeDriver({ edit: false })

beforeAll(async () => {
  t = await buildTestApp()
  t.services.channels.register('whatsapp', whatsapp.driver)
  t.services.channels.register('whatsappapi', cloudApi.driver)
  await t.services.messages.sender.start()
})
afterAll(async () => {
  await t.services.messages.sender.stop()
  await t.close()
})

const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(messages).where(eq(messages.id, id))
  return row!
}
const ticketRow = async (id: number) => {
  const [row] = await t.db.select().from(tickets).where(eq(tickets.id, id))
  return row!
}
const settle = () => t.services.messages.sender.idle()

describe('POST /messages/:ticketId', () => {
  test('stores the message first (ack 0, queued, the sender) and then sends it (ack 1)', async () => {
    const c = await conversation(t, { unreadMessages: 2 })
    let seenWhileSending: { ack: number; sendStatus: string | null } | undefined
    whatsapp.hooks.beforeSend = async (outgoing) => {
      if (outgoing.body !== 'Bom dia!') return
      const [row] = await t.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id))
      seenWhileSending = row && { ack: row.ack, sendStatus: row.sendStatus }
    }
    const response = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.uuid}`,
      headers: c.asAgent,
      payload: { body: 'Bom dia!' },
    })
    expect(response.statusCode).toBe(200)
    const dto = response.json()
    expect(dto).toMatchObject({
      body: 'Bom dia!',
      fromMe: true,
      ack: 0,
      sendStatus: 'queued',
      user: { id: c.agent.id, name: 'Ana Agent' },
      ticket: { id: c.ticket.id, uuid: c.ticket.uuid, queue: { name: 'Vendas' } },
    })

    await settle()
    whatsapp.hooks.beforeSend = undefined
    expect(seenWhileSending).toEqual({ ack: 0, sendStatus: 'queued' })
    const row = await rowOf(dto.id)
    expect(row).toMatchObject({ ack: 1, sendStatus: 'sent', sendAttempts: 1, userId: c.agent.id })
    expect(row.wid).toMatch(/^PROVIDER-/)
    expect(row.dataJson).toEqual({ key: expect.any(Number) })
    const [sent] = whatsapp.sentOn(c.connection.id)
    expect(sent?.message).toMatchObject({
      body: 'Bom dia!',
      to: { id: c.contact.number, isGroup: false },
    })
    expect(await ticketRow(c.ticket.id)).toMatchObject({
      lastMessage: 'Bom dia!',
      fromMe: true,
      unreadMessages: 0,
    })
  })

  test('a repeated idempotency key stores and sends one message', async () => {
    const c = await conversation(t)
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/messages/${c.ticket.id}`,
        headers: c.asAgent,
        payload: { body: 'Once', idempotencyKey: 'key-12345678' },
      })
    const first = await send()
    const second = await send()
    expect(second.statusCode).toBe(200)
    expect(second.json().id).toBe(first.json().id)
    await settle()
    expect(
      await t.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id)),
    ).toHaveLength(1)
    expect(whatsapp.sentOn(c.connection.id)).toHaveLength(1)
  })

  test('an empty or blank text is refused', async () => {
    const c = await conversation(t)
    for (const body of ['', '   \n ']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/messages/${c.ticket.id}`,
        headers: c.asAgent,
        payload: { body },
      })
      expect([response.statusCode, response.json()]).toEqual([400, { error: 'ERR_EMPTY_MESSAGE' }])
    }
  })

  test('a private note is stored, read and never sent', async () => {
    const c = await conversation(t)
    const response = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { body: 'Cliente VIP', isPrivate: 'true' },
    })
    expect(response.json()).toMatchObject({
      isPrivate: true,
      read: true,
      ack: 2,
      sendStatus: null,
      mediaType: 'extendedTextMessage',
    })
    await t.services.messages.sender.tick()
    await settle()
    expect(whatsapp.sentOn(c.connection.id)).toHaveLength(0)
    expect((await ticketRow(c.ticket.id)).lastMessage).toBe('')
  })

  test('renders template variables, sends a vCard and quotes a message of the history', async () => {
    const c = await conversation(t)
    const inbound = await buildMessage(t.db, c.ticket, { body: 'Quero comprar' })
    const text = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { body: 'Olá {{name}}, fila {{queue}}', quotedMsg: { id: inbound.id, body: 'x' } },
    })
    expect(text.json()).toMatchObject({
      body: `Olá ${c.contact.name}, fila Vendas`,
      quotedMsg: { id: inbound.id, body: 'Quero comprar', fromMe: false },
    })
    const card = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { vCard: { name: 'Suporte', number: '5511999990000' } },
    })
    expect(card.json()).toMatchObject({ mediaType: 'contactMessage' })
    expect(card.json().body).toContain('TEL;type=CELL;waid=5511999990000:+5511999990000')
    await settle()
    const [quoted, vcard] = whatsapp.sentOn(c.connection.id)
    expect(quoted?.message.quoted).toEqual({ providerId: inbound.wid, fromMe: false, raw: null })
    expect(vcard?.message.vcard).toEqual({ name: 'Suporte', number: '5511999990000' })

    const stranger = await buildTicket(t.db, c.company, { connection: c.connection })
    const foreignQuote = await buildMessage(t.db, stranger)
    const refused = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { body: 'x', quotedMsg: { id: foreignQuote.id } },
    })
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'quotedMsg' },
    ])
  })

  test('multipart media is stored under the company with the sniffed type, then sent', async () => {
    const c = await conversation(t)
    const form = await multipart([
      ['body', 'Foto'],
      ['body', 'Notas'],
      ['medias', PNG_1x1, 'photo.txt'],
      ['medias', Buffer.from('linha 1\nlinha 2\n'), 'notes<script>.html'],
    ])
    const response = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: { ...c.asAgent, ...form.headers },
      payload: form.payload,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().mediaUrl).toMatch(new RegExp(`^/media/${c.company.id}/messages/`))
    await settle()
    const rows = await t.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id))
    expect(
      rows
        .sort((a, b) => a.id - b.id)
        .map((row) => [row.body, row.mediaType, row.mediaMime, row.mediaName]),
    ).toEqual([
      ['Foto', 'image', 'image/png', 'photo.txt'],
      ['Notas', 'text', 'text/plain', 'notes<script>.html'],
    ])
    for (const row of rows) {
      expect(row.mediaPath).toMatch(/^messages\/[0-9a-f]{32}\.(png|txt)$/)
      expect(existsSync(join(t.config.mediaDir, String(c.company.id), row.mediaPath!))).toBe(true)
    }
    const sent = whatsapp.sentOn(c.connection.id)
    expect(sent.map((record) => record.message.media?.kind)).toEqual(['image', 'application'])
    expect(sent[0]?.mediaBytes).toEqual(PNG_1x1)
  })

  test('a refused multipart keeps no file', async () => {
    const c = await conversation(t, { status: 'pending' })
    const form = await multipart([['medias', PNG_1x1, 'a.png']])
    const response = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: { ...c.asAgent, ...form.headers },
      payload: form.payload,
    })
    expect(response.statusCode).toBe(403)
    expect(existsSync(join(t.config.mediaDir, String(c.company.id), 'messages'))).toBe(false)
  })

  test('files above the size limit are refused', async () => {
    const company = await buildCompany(t.db)
    await expect(
      t.services.media.saveFile(company.id, 'messages', Buffer.alloc(11), { maxBytes: 10 }),
    ).rejects.toMatchObject({ code: 'ERR_FILE_TOO_LARGE' })
  })

  test('Facebook and Instagram answer only within 24 hours of the contact', async () => {
    const company = await buildCompany(t.db)
    const agent = await buildUser(t.db, { company })
    const connection = await buildConnection(t.db, company, { channel: 'facebook' })
    const contact = await buildContact(t.db, company, { channel: 'facebook' })
    const ticket = await buildTicket(t.db, company, {
      connection,
      contact,
      status: 'open',
      userId: agent.id,
      lastInboundAt: new Date(Date.now() - 25 * 3600_000),
    })
    const headers = await loginAs(t.app, agent)
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/messages/${ticket.id}`,
        headers,
        payload: { body: 'Oi' },
      })
    const late = await send()
    expect([late.statusCode, late.json()]).toEqual([400, { error: 'ERR_MESSAGING_WINDOW_CLOSED' }])
    await t.db.update(tickets).set({ lastInboundAt: new Date() }).where(eq(tickets.id, ticket.id))
    expect((await send()).statusCode).toBe(200)
  })

  test('who may write: the holder and admins; not colleagues, not other queues, not pending', async () => {
    const c = await conversation(t)
    const send = (headers: Record<string, string>, ticketId = c.ticket.id) =>
      t.app.inject({
        method: 'POST',
        url: `/messages/${ticketId}`,
        headers,
        payload: { body: 'x' },
      })
    expect((await send(c.asColleague)).statusCode).toBe(403)
    expect((await send(c.asAdmin)).statusCode).toBe(200)

    const otherQueue = await buildQueue(t.db, c.company)
    const hidden = await buildTicket(t.db, c.company, { status: 'open', queueId: otherQueue.id })
    expect((await send(c.asAgent, hidden.id)).json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' })

    const pending = await buildTicket(t.db, c.company, { status: 'pending', queueId: c.queue.id })
    expect((await send(c.asAgent, pending.id)).json()).toEqual({ error: 'ERR_NO_PERMISSION' })

    const foreign = await conversation(t)
    expect((await send(c.asAdmin, foreign.ticket.id)).statusCode).toBe(404)
  })
})

describe('GET /messages/:ticketId', () => {
  test('pages the contact history across tickets, newest page first, oldest first within', async () => {
    const c = await conversation(t)
    // The conversation's own ticket is the oldest of the contact: closed, without messages.
    await t.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, c.ticket.id))
    const otherQueue = await buildQueue(t.db, c.company, { name: 'Financeiro' })
    const older = await buildTicket(t.db, c.company, {
      connection: c.connection,
      contact: c.contact,
      status: 'closed',
      queueId: c.queue.id,
    })
    const hiddenQueue = await buildTicket(t.db, c.company, {
      connection: c.connection,
      contact: c.contact,
      status: 'closed',
      queueId: otherQueue.id,
    })
    const current = await buildTicket(t.db, c.company, {
      connection: c.connection,
      contact: c.contact,
      status: 'open',
      userId: c.agent.id,
      queueId: c.queue.id,
    })
    const base = Date.now() - 3600_000
    let minute = 0
    const at = () => new Date(base + ++minute * 60_000)
    await buildMessage(t.db, hiddenQueue, { body: 'hidden', createdAt: at() })
    for (let i = 1; i <= 10; i++)
      await buildMessage(t.db, older, { body: `old ${i}`, createdAt: at() })
    for (let i = 1; i <= 15; i++)
      await buildMessage(t.db, current, { body: `new ${i}`, createdAt: at() })
    const sameMinute = at()
    await buildMessage(t.db, current, { body: 'tie a', createdAt: sameMinute })
    await buildMessage(t.db, current, { body: 'tie b', createdAt: sameMinute })

    const first = await t.app.inject({
      method: 'GET',
      url: `/messages/${current.uuid}`,
      headers: c.asAgent,
    })
    expect(first.statusCode).toBe(200)
    const page1 = first.json()
    expect(page1).toMatchObject({ count: 27, hasMore: true, ticket: { id: current.id } })
    const bodies1 = page1.messages.map((m: { body: string }) => m.body)
    expect(bodies1).toHaveLength(20)
    expect(bodies1.slice(-3)).toEqual(['new 15', 'tie a', 'tie b'])
    expect(bodies1[0]).toBe('old 8')

    const second = await t.app.inject({
      method: 'GET',
      url: `/messages/${current.id}?cursor=${page1.nextCursor}`,
      headers: c.asAgent,
    })
    const page2 = second.json()
    expect(page2.messages.map((m: { body: string }) => m.body)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((i) => `old ${i}`),
    )
    expect(page2).toMatchObject({ hasMore: false, nextCursor: null })
    expect(page2.messages[0].ticket).toEqual({
      id: older.id,
      uuid: older.uuid,
      whatsappId: c.connection.id,
      queueId: c.queue.id,
      queue: { id: c.queue.id, name: 'Vendas', color: c.queue.color },
    })
    const byPage = await t.app.inject({
      method: 'GET',
      url: `/messages/${current.id}?pageNumber=2`,
      headers: c.asAgent,
    })
    expect(byPage.json().messages.map((m: { id: number }) => m.id)).toEqual(
      page2.messages.map((m: { id: number }) => m.id),
    )

    // An admin with allHistoric sees every ticket's messages, the hidden queue included.
    const historian = await buildUser(t.db, {
      company: c.company,
      profile: 'admin',
      allHistoric: 'enabled',
    })
    const all = await t.app.inject({
      method: 'GET',
      url: `/messages/${current.id}?pageNumber=2`,
      headers: await loginAs(t.app, historian),
    })
    expect(all.json().messages.map((m: { body: string }) => m.body)).toContain('hidden')
    expect(all.json().count).toBe(28)
  })

  test('a bad cursor or queue list is a validation error; another company is not found', async () => {
    const c = await conversation(t)
    const badCursor = await t.app.inject({
      method: 'GET',
      url: `/messages/${c.ticket.id}?cursor=nope`,
      headers: c.asAgent,
    })
    expect(badCursor.json()).toEqual({ error: 'ERR_VALIDATION', field: 'cursor' })
    const badList = await t.app.inject({
      method: 'GET',
      url: `/messages/${c.ticket.id}?selectedQueues=${encodeURIComponent('[1,,2]')}`,
      headers: c.asAgent,
    })
    expect(badList.json()).toEqual({ error: 'ERR_VALIDATION', field: 'selectedQueues' })
    const foreign = await conversation(t)
    const response = await t.app.inject({
      method: 'GET',
      url: `/messages/${foreign.ticket.uuid}`,
      headers: c.asAdmin,
    })
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }])
  })

  test('viewing marks read only for the holder: unread 0, messages read, receipts sent', async () => {
    const c = await conversation(t, { unreadMessages: 2 })
    const first = await buildMessage(t.db, c.ticket, { read: false })
    const second = await buildMessage(t.db, c.ticket, { read: false })
    await t.app.inject({ method: 'GET', url: `/messages/${c.ticket.id}`, headers: c.asAdmin })
    expect((await ticketRow(c.ticket.id)).unreadMessages).toBe(2)
    expect(whatsapp.reads.filter((read) => read.connectionId === c.connection.id)).toEqual([])

    const response = await t.app.inject({
      method: 'GET',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
    })
    expect(response.json().ticket.unreadMessages).toBe(0)
    expect((await rowOf(first.id)).read).toBe(true)
    expect(whatsapp.reads.filter((read) => read.connectionId === c.connection.id)).toEqual([
      {
        connectionId: c.connection.id,
        chat: expect.objectContaining({ id: c.contact.number }),
        ids: expect.arrayContaining([first.wid, second.wid]),
      },
    ])
  })
})

describe('POST /messages/:ticketId/read', () => {
  test('answers 204 and marks the holder ticket read; a colleague changes nothing', async () => {
    const c = await conversation(t, { unreadMessages: 1 })
    const inbound = await buildMessage(t.db, c.ticket, { read: false })
    const byColleague = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.uuid}/read`,
      headers: c.asColleague,
    })
    expect(byColleague.statusCode).toBe(204)
    expect((await ticketRow(c.ticket.id)).unreadMessages).toBe(1)
    const byHolder = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.uuid}/read`,
      headers: c.asAgent,
    })
    expect(byHolder.statusCode).toBe(204)
    expect((await ticketRow(c.ticket.id)).unreadMessages).toBe(0)
    expect((await rowOf(inbound.id)).read).toBe(true)
  })
})

describe('POST /messages/edit/:id', () => {
  async function sentMessage(c: Awaited<ReturnType<typeof conversation>>, body = 'Original') {
    const response = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { body },
    })
    await settle()
    return rowOf(response.json().id)
  }

  test('edits the author own sent text through the channel', async () => {
    const c = await conversation(t)
    const row = await sentMessage(c)
    const response = await t.app.inject({
      method: 'POST',
      url: `/messages/edit/${row.id}`,
      headers: c.asAgent,
      payload: { body: 'Corrigido' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ body: 'Corrigido', isEdited: true })
    expect(whatsapp.edits).toContainEqual({ providerId: row.wid, body: 'Corrigido' })
    expect((await ticketRow(c.ticket.id)).lastMessage).toBe('Corrigido')
  })

  test('refuses other people, old messages and channels that cannot edit', async () => {
    const c = await conversation(t)
    const row = await sentMessage(c)
    const edit = (headers: Record<string, string>, id = row.id) =>
      t.app.inject({
        method: 'POST',
        url: `/messages/edit/${id}`,
        headers,
        payload: { body: 'x' },
      })
    expect((await edit(c.asAdmin)).json()).toEqual({ error: 'ERR_NO_PERMISSION' })
    await t.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(messages.id, row.id))
    expect([(await edit(c.asAgent)).statusCode, (await edit(c.asAgent)).json()]).toEqual([
      403,
      { error: 'ERR_EDIT_WINDOW_CLOSED' },
    ])

    const api = await buildConnection(t.db, c.company, { channel: 'whatsappapi' })
    const apiTicket = await buildTicket(t.db, c.company, {
      connection: api,
      status: 'open',
      userId: c.agent.id,
    })
    const sent = await t.app.inject({
      method: 'POST',
      url: `/messages/${apiTicket.id}`,
      headers: c.asAgent,
      payload: { body: 'Cloud' },
    })
    await settle()
    expect((await edit(c.asAgent, sent.json().id)).json()).toEqual({
      error: 'ERR_CHANNEL_UNSUPPORTED',
    })
    const foreign = await conversation(t)
    const foreignMessage = await buildMessage(t.db, foreign.ticket)
    expect((await edit(c.asAgent, foreignMessage.id)).statusCode).toBe(404)
  })
})

describe('DELETE /messages/:id', () => {
  test('revokes own sent messages, removes private notes, hides received ones for admins', async () => {
    const c = await conversation(t)
    const sent = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { body: 'Ops' },
    })
    const note = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { body: 'nota', isPrivate: true },
    })
    await settle()
    const sentRow = await rowOf(sent.json().id)
    const inbound = await buildMessage(t.db, c.ticket)
    const remove = (id: number, headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/messages/${id}`, headers })

    const revoked = await remove(sentRow.id, c.asAgent)
    expect(revoked.json()).toMatchObject({ isDeleted: true })
    expect(whatsapp.revokes).toContain(sentRow.wid)

    expect((await remove(note.json().id, c.asAgent)).statusCode).toBe(200)
    expect(await t.db.select().from(messages).where(eq(messages.id, note.json().id))).toEqual([])

    expect((await remove(inbound.id, c.asAgent)).json()).toEqual({ error: 'ERR_NO_PERMISSION' })
    const hidden = await remove(inbound.id, c.asAdmin)
    expect(hidden.json()).toMatchObject({ isDeleted: true })
    expect(whatsapp.revokes).not.toContain(inbound.wid)
  })

  test('a message deleted before it is sent is never sent', async () => {
    const c = await conversation(t)
    await t.services.messages.sender.stop()
    try {
      const queued = await t.app.inject({
        method: 'POST',
        url: `/messages/${c.ticket.id}`,
        headers: c.asAgent,
        payload: { body: 'Nunca' },
      })
      await t.app.inject({
        method: 'DELETE',
        url: `/messages/${queued.json().id}`,
        headers: c.asAgent,
      })
      expect(await rowOf(queued.json().id)).toMatchObject({ isDeleted: true, sendStatus: null })
    } finally {
      await t.services.messages.sender.start()
    }
    await settle()
    expect(whatsapp.sentOn(c.connection.id)).toHaveLength(0)
  })
})

describe('POST /messages/:id/reactions', () => {
  test('one reaction per user: sent, replaced, and removed by an empty type', async () => {
    const c = await conversation(t)
    const inbound = await buildMessage(t.db, c.ticket)
    const react = (type: string, headers = c.asAgent) =>
      t.app.inject({
        method: 'POST',
        url: `/messages/${inbound.id}/reactions`,
        headers,
        payload: { type },
      })
    expect((await react('👍')).json().reactions).toEqual([{ type: '👍', userId: c.agent.id }])
    expect((await react('❤️', c.asAdmin)).json().reactions).toHaveLength(2)
    const replaced = await react('😂')
    expect(replaced.json().reactions).toEqual([
      { type: '❤️', userId: c.admin.id },
      { type: '😂', userId: c.agent.id },
    ])
    expect((await react('')).json().message.reactions).toEqual([{ type: '❤️', userId: c.admin.id }])
    expect(whatsapp.reactions.filter((r) => r.providerId === inbound.wid)).toHaveLength(4)
    expect((await react('👍', c.asColleague)).json()).toEqual({ error: 'ERR_NO_PERMISSION' })
  })
})

describe('POST /message/forward', () => {
  test('forwards into a new ticket of the target contact, signed and flagged', async () => {
    const c = await conversation(t)
    const original = await buildMessage(t.db, c.ticket, { body: 'Promoção!' })
    const target = await buildContact(t.db, c.company, { name: 'Bia' })
    const response = await t.app.inject({
      method: 'POST',
      url: '/message/forward',
      headers: c.asAgent,
      payload: { messageId: original.id, contactId: target.id, signMessage: true },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      body: '*Ana Agent:*\nPromoção!',
      isForwarded: true,
      sendStatus: 'queued',
    })
    const created = await ticketRow(response.json().ticketId)
    expect(created).toMatchObject({
      contactId: target.id,
      whatsappId: c.connection.id,
      status: 'open',
      userId: c.agent.id,
      queueId: c.queue.id,
    })
    await settle()
    expect(whatsapp.sentOn(c.connection.id).at(-1)?.message).toMatchObject({
      isForwarded: true,
      to: { id: target.number },
    })
  })

  test('media is forwarded from the stored file', async () => {
    const c = await conversation(t)
    const form = await multipart([['medias', PNG_1x1, 'logo.png']])
    const upload = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: { ...c.asAgent, ...form.headers },
      payload: form.payload,
    })
    const target = await buildContact(t.db, c.company)
    const response = await t.app.inject({
      method: 'POST',
      url: '/message/forward',
      headers: c.asAgent,
      payload: { messageId: upload.json().id, contactId: target.id },
    })
    const forwarded = await rowOf(response.json().id)
    const original = await rowOf(upload.json().id)
    expect(forwarded).toMatchObject({
      mediaPath: original.mediaPath,
      mediaType: 'image',
      body: '',
      isForwarded: true,
    })
  })

  test('a target ticket held by someone else answers 409 with that ticket', async () => {
    const c = await conversation(t)
    const original = await buildMessage(t.db, c.ticket)
    const target = await buildContact(t.db, c.company)
    const held = await buildTicket(t.db, c.company, {
      connection: c.connection,
      contact: target,
      status: 'open',
      userId: c.colleague.id,
      queueId: c.queue.id,
    })
    const response = await t.app.inject({
      method: 'POST',
      url: '/message/forward',
      headers: c.asAgent,
      payload: { messageId: original.id, contactId: target.id },
    })
    expect(response.statusCode).toBe(409)
    expect(JSON.parse(response.json().error)).toEqual({
      userId: c.colleague.id,
      user: { id: c.colleague.id, name: 'Caio Colleague' },
      queue: { id: c.queue.id, name: 'Vendas', color: c.queue.color },
      uuid: held.uuid,
      status: 'open',
    })
    expect(await t.db.select().from(messages).where(eq(messages.ticketId, held.id))).toEqual([])
  })

  test('unknown or foreign ids are not found', async () => {
    const c = await conversation(t)
    const foreign = await conversation(t)
    const original = await buildMessage(t.db, c.ticket)
    const forward = (messageId: number, contactId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/message/forward',
        headers: c.asAgent,
        payload: { messageId, contactId },
      })
    expect((await forward(original.id, foreign.contact.id)).json()).toEqual({
      error: 'ERR_NO_CONTACT_FOUND',
    })
    const foreignMessage = await buildMessage(t.db, foreign.ticket)
    expect((await forward(foreignMessage.id, c.contact.id)).json()).toEqual({
      error: 'ERR_NO_MESSAGE_FOUND',
    })
  })
})

describe('GET /messages-allMe', () => {
  test('counts the company messages by direction and whole days of its time zone', async () => {
    const c = await conversation(t)
    const foreign = await conversation(t)
    // 2024-05-10 in São Paulo runs from 03:00Z on the 10th to 03:00Z on the 11th.
    await buildMessage(t.db, c.ticket, { createdAt: new Date('2024-05-10T02:59:00Z') })
    await buildMessage(t.db, c.ticket, { createdAt: new Date('2024-05-10T03:00:00Z') })
    await buildMessage(t.db, c.ticket, {
      fromMe: true,
      createdAt: new Date('2024-05-11T02:59:00Z'),
    })
    await buildMessage(t.db, c.ticket, {
      fromMe: true,
      isPrivate: true,
      createdAt: new Date('2024-05-10T12:00:00Z'),
    })
    await buildMessage(t.db, foreign.ticket, { createdAt: new Date('2024-05-10T12:00:00Z') })
    const count = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/messages-allMe?${query}`,
          headers: c.asAdmin,
        })
      ).json()
    expect(await count('dateStart=2024-05-10&dateEnd=2024-05-10')).toEqual({
      count: [{ count: '2' }],
    })
    expect(await count('fromMe=true&dateStart=2024-05-10&dateEnd=2024-05-10')).toEqual({
      count: [{ count: '1' }],
    })
    expect(await count('fromMe=false')).toEqual({ count: [{ count: '2' }] })
    const refused = await t.app.inject({
      method: 'GET',
      url: '/messages-allMe',
      headers: c.asAgent,
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('POST /messages/:ticketId voice notes', () => {
  const upload = async (
    c: Awaited<ReturnType<typeof conversation>>,
    file: Buffer,
    name: string,
  ) => {
    const form = await multipart([['medias', file, name]])
    const response = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: { ...c.asAgent, ...form.headers },
      payload: form.payload,
    })
    expect(response.statusCode).toBe(200)
    await settle()
    return rowOf(response.json().id)
  }
  const folder = (c: Awaited<ReturnType<typeof conversation>>) =>
    join(t.config.mediaDir, String(c.company.id), 'messages')

  test('a WebM/Opus recording is stored and sent as Ogg/Opus, without the WebM', async () => {
    const c = await conversation(t)
    const row = await upload(c, fixture('voice', 'chromium-mono-2s.webm'), 'voice.webm')
    expect(row).toMatchObject({
      mediaType: 'audio',
      mediaMime: 'audio/ogg; codecs=opus',
      mediaName: 'voice.ogg',
    })
    const stored = readFileSync(join(t.config.mediaDir, String(c.company.id), row.mediaPath!))
    expect(stored.subarray(0, 4).toString('latin1')).toBe('OggS')
    expect(readdirSync(folder(c))).toEqual([row.mediaPath!.split('/')[1]])
    const [sent] = whatsapp.sentOn(c.connection.id)
    expect(sent?.message.media).toMatchObject({ kind: 'audio', mime: 'audio/ogg; codecs=opus' })
    expect(sent?.mediaBytes?.equals(stored)).toBe(true)
  })

  test('a WebM with video, or one the remux refuses, is kept as it is', async () => {
    const c = await conversation(t)
    const video = fixture('voice', 'chromium-video-1s.webm')
    const vorbis = fixture('voice', 'ffmpeg-vorbis-500ms.webm')
    for (const [file, name] of [
      [video, 'clip.webm'],
      [vorbis, 'old.webm'],
    ] as const) {
      const row = await upload(c, file, name)
      expect(row).toMatchObject({ mediaType: 'video', mediaMime: 'video/webm', mediaName: name })
      const stored = readFileSync(join(t.config.mediaDir, String(c.company.id), row.mediaPath!))
      expect(stored.equals(file)).toBe(true)
    }
    expect(readdirSync(folder(c))).toHaveLength(2)
  })
})
