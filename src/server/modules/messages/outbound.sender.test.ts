import { eq, inArray } from 'drizzle-orm'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildMessage, buildTicket } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { buildApp } from '@server/app'
import { ChannelError } from '@server/channels/types'
import { createBaileysDriver } from '@server/channels/whatsapp'
import { fakeSocketFactory } from '@tests/helpers/fake-baileys'
import { users } from '../users/users.table'
import { messages } from './messages.table'
import { MAX_SEND_ATTEMPTS, MAX_UNATTENDED_ATTEMPTS } from './outbound.sender'
import { conversation, fakeDriver } from '@tests/helpers/messages'

let t: TestApp
const whatsapp = fakeDriver()

beforeAll(async () => {
  t = await buildTestApp()
  t.services.channels.register('whatsapp', whatsapp.driver)
  // Ticks are driven by the tests; the interval stays out of the way.
  await t.services.messages.sender.start({ tickMs: 3_600_000 })
})
afterAll(async () => {
  await t.services.messages.sender.stop()
  await t.close()
})

const sender = () => t.services.messages.sender
const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(messages).where(eq(messages.id, id))
  return row!
}
/** Makes every scheduled retry due now, then lets the sender run. */
async function retryNow(ids: number[]) {
  await t.db
    .update(messages)
    .set({ nextAttemptAt: new Date(0) })
    .where(inArray(messages.id, ids))
  await sender().tick()
  await sender().idle()
}
async function send(c: Awaited<ReturnType<typeof conversation>>, body: string, ticketId?: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/messages/${ticketId ?? c.ticket.id}`,
    headers: c.asAgent,
    payload: { body },
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ id: number }>().id
}

describe('the ordered sender', () => {
  test('retries a retryable failure with backoff, then fails with the code', async () => {
    const c = await conversation(t)
    whatsapp.failNext(
      ...Array.from(
        { length: MAX_SEND_ATTEMPTS },
        () => new ChannelError('ERR_SENDING_WAPP_MSG', true),
      ),
    )
    const id = await send(c, 'Retry me')
    await sender().idle()
    const first = await rowOf(id)
    expect(first).toMatchObject({
      sendStatus: 'queued',
      sendAttempts: 1,
      sendError: 'ERR_SENDING_WAPP_MSG',
      ack: 0,
    })
    const waitMs = first.nextAttemptAt!.getTime() - Date.now()
    expect(waitMs).toBeGreaterThan(1_000)
    expect(waitMs).toBeLessThanOrEqual(2_000)
    await sender().tick()
    await sender().idle()
    expect((await rowOf(id)).sendAttempts).toBe(1)

    for (let attempt = 2; attempt <= MAX_SEND_ATTEMPTS; attempt++) await retryNow([id])
    expect(await rowOf(id)).toMatchObject({
      sendStatus: 'failed',
      sendAttempts: MAX_SEND_ATTEMPTS,
      sendError: 'ERR_SENDING_WAPP_MSG',
      nextAttemptAt: null,
    })
    expect(whatsapp.sentOn(c.connection.id)).toHaveLength(0)
  })

  test("a campaign's or a scheduled message is tried four times, not six", async () => {
    const ids = []
    for (const source of [{ campaignId: 7 }, { scheduleId: 9 }]) {
      const c = await conversation(t)
      const message = await buildMessage(t.db, c.ticket, {
        fromMe: true,
        wid: null,
        sendStatus: 'queued',
        idempotencyKey: `unattended-${JSON.stringify(source)}`,
        ...source,
      })
      ids.push(message.id)
    }
    whatsapp.failNext(
      ...Array.from(
        { length: 2 * MAX_UNATTENDED_ATTEMPTS },
        () => new ChannelError('ERR_PROVIDER_UNAVAILABLE', true),
      ),
    )
    await sender().tick()
    await sender().idle()
    for (let attempt = 2; attempt <= MAX_UNATTENDED_ATTEMPTS; attempt++) await retryNow(ids)
    for (const id of ids)
      expect(await rowOf(id)).toMatchObject({
        sendStatus: 'failed',
        sendAttempts: MAX_UNATTENDED_ATTEMPTS,
        sendError: 'ERR_PROVIDER_UNAVAILABLE',
      })
  })

  test('a non-retryable failure fails at once', async () => {
    const c = await conversation(t)
    whatsapp.failNext(new ChannelError('ERR_WAPP_INVALID_CONTACT', false))
    const id = await send(c, 'Nobody')
    await sender().idle()
    expect(await rowOf(id)).toMatchObject({
      sendStatus: 'failed',
      sendAttempts: 1,
      sendError: 'ERR_WAPP_INVALID_CONTACT',
    })
  })

  test('a WhatsApp connection whose session is not up is retried as not initialised', async () => {
    const c = await conversation(t)
    // The real Baileys driver: no socket is live for this connection.
    t.services.channels.register(
      'whatsapp',
      createBaileysDriver({ sockets: t.services.sessions, log: t.app.log }),
    )
    try {
      const id = await send(c, 'Sem sessão')
      await sender().idle()
      expect(await rowOf(id)).toMatchObject({
        sendStatus: 'queued',
        sendAttempts: 1,
        sendError: 'ERR_WAPP_NOT_INITIALIZED',
      })
    } finally {
      t.services.channels.register('whatsapp', whatsapp.driver)
    }
  })

  test('a conversation never overtakes itself; other conversations go on', async () => {
    const c = await conversation(t)
    const other = await buildTicket(t.db, c.company, {
      connection: c.connection,
      status: 'open',
      userId: c.agent.id,
      queueId: c.queue.id,
    })
    whatsapp.failNext(new ChannelError('ERR_WAPP_NOT_INITIALIZED', true))
    const first = await send(c, 'first')
    const second = await send(c, 'second')
    const elsewhere = await send(c, 'elsewhere', other.id)
    await sender().idle()
    expect((await rowOf(second)).sendStatus).toBe('queued')
    expect((await rowOf(elsewhere)).sendStatus).toBe('sent')
    expect(whatsapp.sentOn(c.connection.id).map((record) => record.message.body)).toEqual([
      'elsewhere',
    ])

    await retryNow([first])
    expect(whatsapp.sentOn(c.connection.id).map((record) => record.message.body)).toEqual([
      'elsewhere',
      'first',
      'second',
    ])
    expect((await rowOf(second)).ack).toBe(1)
  })

  test('conversations go side by side: a slow send holds up its own conversation only', async () => {
    const c = await conversation(t)
    const other = await buildTicket(t.db, c.company, {
      connection: c.connection,
      status: 'open',
      userId: c.agent.id,
      queueId: c.queue.id,
    })
    const queued = (ticket: typeof other, body: string) =>
      buildMessage(t.db, ticket, {
        fromMe: true,
        body,
        wid: null,
        ack: 0,
        sendStatus: 'queued',
        idempotencyKey: `side-by-side-${body}`,
      })
    await queued(c.ticket, 'slow')
    await queued(c.ticket, 'after slow')
    await queued(other, 'elsewhere')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    whatsapp.hooks.beforeSend = (message) => (message.body === 'slow' ? held : undefined)
    const bodies = () => whatsapp.sentOn(c.connection.id).map((record) => record.message.body)
    try {
      sender().kick(c.connection.id)
      await vi.waitFor(() => expect(bodies()).toEqual(['elsewhere']))
      release()
      await sender().idle()
      expect(bodies()).toEqual(['elsewhere', 'slow', 'after slow'])
    } finally {
      whatsapp.hooks.beforeSend = undefined
      release()
    }
  })

  test('acks only go up; a failure report marks the message failed', async () => {
    const c = await conversation(t)
    const id = await send(c, 'Ack')
    await sender().idle()
    const { wid } = await rowOf(id)
    const messagesService = t.services.messages
    await messagesService.applyDeliveryStatus(c.connection.id, wid!, 3)
    await messagesService.applyDeliveryStatus(c.connection.id, wid!, 2)
    expect((await rowOf(id)).ack).toBe(3)
    await messagesService.applyDeliveryStatus(c.connection.id, wid!, 'failed')
    expect(await rowOf(id)).toMatchObject({ sendStatus: 'failed', ack: 3 })
  })

  test('an echo stored before the send was recorded is merged into our row', async () => {
    const c = await conversation(t)
    whatsapp.hooks.beforeSend = async () => {
      // The provider id this driver will answer next.
      const next = `PROVIDER-${c.connection.id}-${whatsapp.sent.length + 1}`
      await buildMessage(t.db, c.ticket, {
        fromMe: true,
        wid: next,
        ack: 2,
        body: 'Echo',
        sendStatus: 'sent',
      })
    }
    const id = await send(c, 'Echo')
    await sender().idle()
    whatsapp.hooks.beforeSend = undefined
    const rows = await t.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id, ack: 2, sendStatus: 'sent', userId: c.agent.id })
  })
})

describe('durability', () => {
  test('queued messages survive a restart; two instances never send a message twice', async () => {
    const c = await conversation(t)
    await sender().stop()
    const ids: number[] = []
    try {
      for (const body of ['one', 'two', 'three']) ids.push(await send(c, body))
      expect(whatsapp.sentOn(c.connection.id)).toHaveLength(0)

      // Two more instances on the same database, as after a restart behind a load balancer.
      const others = await Promise.all(
        [1, 2].map(() => buildApp({ config: t.config, db: t.db, logger: false })),
      )
      try {
        for (const other of others) other.services.channels.register('whatsapp', whatsapp.driver)
        await Promise.all(others.map((other) => other.services.messages.sender.start()))
        await Promise.all(others.map((other) => other.services.messages.sender.idle()))
      } finally {
        await Promise.all(others.map((other) => other.services.messages.sender.stop()))
        await Promise.all(others.map((other) => other.app.close()))
      }
    } finally {
      await sender().start({ tickMs: 3_600_000 })
    }
    expect(whatsapp.sentOn(c.connection.id).map((record) => record.message.body)).toEqual([
      'one',
      'two',
      'three',
    ])
    for (const id of ids) expect((await rowOf(id)).sendStatus).toBe('sent')
  })
})

describe('several instances', () => {
  test('a WhatsApp session owned by another instance is sent there, never claimed here', async () => {
    const c = await conversation(t)
    const sockets = fakeSocketFactory()
    const owner = await buildApp({
      config: t.config,
      db: t.db,
      logger: false,
      makeSocket: sockets.makeSocket,
    })
    try {
      owner.services.channels.register('whatsapp', whatsapp.driver)
      await owner.services.sessions.start(c.company.id, c.connection.id)
      expect(sockets.sockets).toHaveLength(1)

      // Queued through this instance, which kicks its own sender and then ticks.
      const id = await send(c, 'Pelo dono')
      await sender().idle()
      await sender().tick()
      await sender().idle()
      expect(await rowOf(id)).toMatchObject({
        sendStatus: 'queued',
        sendAttempts: 0,
        sendError: null,
        ack: 0,
      })
      expect(whatsapp.sentOn(c.connection.id)).toHaveLength(0)

      // The owner's sender finds it on its first tick.
      await owner.services.messages.sender.start({ tickMs: 3_600_000 })
      await owner.services.messages.sender.idle()
      expect(await rowOf(id)).toMatchObject({ sendStatus: 'sent', sendAttempts: 1, ack: 1 })
      expect(whatsapp.sentOn(c.connection.id).map((record) => record.message.body)).toEqual([
        'Pelo dono',
      ])
    } finally {
      await owner.services.messages.sender.stop()
      await owner.app.close()
    }
  })
})

describe('automatic messages', () => {
  test('automatic texts render the template variables, are stored as nobody and sent', async () => {
    const c = await conversation(t, { unreadMessages: 3 })
    await t.services.messages.sendAutomaticText(
      c.company.id,
      c.ticket.id,
      '{{ms}}, {{firstName}}! Protocolo {{protocol}}',
    )
    await t.services.messages.sendAutomaticText(c.company.id, c.ticket.id, '   ')
    await sender().idle()
    const rows = await t.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id))
    expect(rows).toHaveLength(1)
    const firstName = c.contact.name.split(' ')[0]
    expect(rows[0]!.body).toMatch(
      new RegExp(
        `^Bo(m dia|a tarde|a noite|a madrugada), ${firstName}! Protocolo \\d+${c.ticket.id}$`,
      ),
    )
    expect(rows[0]).toMatchObject({ isAutomatic: true, userId: null, sendStatus: 'sent', ack: 1 })
  })

  test('private notes from ticket transitions are stored for the author and never sent', async () => {
    const c = await conversation(t)
    await t.services.messages.addPrivateNote(c.company.id, c.ticket.id, c.agent.id, 'Transferido')
    await sender().tick()
    await sender().idle()
    const [note] = await t.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id))
    expect(note).toMatchObject({ isPrivate: true, userId: c.agent.id, sendStatus: null })
    expect(whatsapp.sentOn(c.connection.id)).toHaveLength(0)
  })
})

describe('realtime', () => {
  test('the ticket audience sees the message created at ack 0, then updated at ack 1', async () => {
    const listening = await buildTestApp()
    listening.services.channels.register('whatsapp', whatsapp.driver)
    await listening.services.messages.sender.start()
    const baseUrl = await listening.app.listen({ port: 0, host: '127.0.0.1' })
    let socket: Socket | undefined
    try {
      const c = await conversation(listening)
      const login = await listening.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: c.agent.email, password: c.agent.password },
      })
      // Signing in again ends the earlier session: this token serves the socket and the request.
      const { token } = login.json<{ token: string }>()
      socket = connect(`${baseUrl}/${c.company.id}`, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      })
      await new Promise<void>((resolve, reject) => {
        socket!.once('connect', () => resolve())
        socket!.once('connect_error', reject)
      })
      // The server joins the socket's rooms, then marks the user online.
      await expect
        .poll(async () => {
          const [user] = await listening.db.select().from(users).where(eq(users.id, c.agent.id))
          return user?.online
        })
        .toBe(true)
      const events: Array<{ action: string; message: { ack: number; body: string } }> = []
      socket.on(`company-${c.company.id}-appMessage`, (payload: (typeof events)[number]) =>
        events.push(payload),
      )
      await listening.app.inject({
        method: 'POST',
        url: `/messages/${c.ticket.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { body: 'Live' },
      })
      await listening.services.messages.sender.idle()
      await expect.poll(() => events.length).toBeGreaterThanOrEqual(2)
      expect(events.slice(0, 2).map((event) => [event.action, event.message.ack])).toEqual([
        ['create', 0],
        ['update', 1],
      ])
    } finally {
      socket?.close()
      await listening.services.messages.sender.stop()
      await listening.close()
    }
  })
})
