import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { MessageDto, MessageList } from '@shared/contracts/messages'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import {
  buildCompany,
  buildConnection,
  buildMessage,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { startFakeGraph, type FakeGraph } from '@tests/helpers/fake-graph'
import { multipart, PNG_1x1 } from '@tests/helpers/messages'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { messages } from './messages.table'
import { MAX_SEND_ATTEMPTS, SEND_BACKOFF_MS } from './outbound.sender'

const PHONE_ID = '106540352242922'
const TOKEN = 'EAAG-cloud-token'

let t: TestApp
let graph: FakeGraph
let updates: MessageDto[] = []

beforeAll(async () => {
  graph = await startFakeGraph()
  graph.addPhoneNumber(PHONE_ID, { token: TOKEN, displayPhoneNumber: '+1 555-078-3881' })
  t = await buildTestApp({ config: { graph: { apiUrl: graph.url, version: graph.version } } })
  // Ticks are driven by the tests; the interval stays out of the way.
  await t.services.messages.sender.start({ tickMs: 3_600_000 })
  // The real hub still emits: the spy only keeps a copy of each message update.
  const emit = t.deps.realtime.emit.bind(t.deps.realtime)
  vi.spyOn(t.deps.realtime, 'emit').mockImplementation(
    (companyId, rooms, kind, payload, except) => {
      const appMessage = payload as CompanyEventPayloads['appMessage']
      if (kind === 'appMessage' && appMessage.action === 'update') updates.push(appMessage.message)
      emit(companyId, rooms, kind, payload, except)
    },
  )
})
afterAll(async () => {
  await t.services.messages.sender.stop()
  await t.close()
  await graph.close()
})
beforeEach(() => {
  graph.reset()
  updates = []
  // The sender's clock: backoffs pass when the test says so, never on the wall clock.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date())
})
afterEach(() => vi.useRealTimers())

const sender = () => t.services.messages.sender

/** Moves the clock on by `ms`, then lets the sender run what came due. */
async function after(ms: number) {
  vi.setSystemTime(Date.now() + ms)
  await sender().tick()
  await sender().idle()
}

/** An open Cloud API ticket held by an attendant, with a colleague of his queue. */
async function cloudConversation() {
  const company = await buildCompany(t.db)
  const queue = await buildQueue(t.db, company)
  const agent = await buildUser(t.db, { company, queueIds: [queue.id] })
  const colleague = await buildUser(t.db, { company, queueIds: [queue.id] })
  const connection = await buildConnection(t.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: PHONE_ID,
    wabaAccessTokenSealed: t.services.channels.seal(TOKEN),
  })
  const ticket = await buildTicket(t.db, company, {
    connection,
    status: 'open',
    userId: agent.id,
    queueId: queue.id,
  })
  return {
    company,
    agent,
    ticket,
    asAgent: await loginAs(t.app, agent),
    asColleague: await loginAs(t.app, colleague),
  }
}
type Conversation = Awaited<ReturnType<typeof cloudConversation>>

const lastUpdateOf = (id: number) => updates.filter((message) => message.id === id).at(-1)

/** The message as the conversation's history serves it. */
async function listed(c: Conversation, id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/messages/${c.ticket.id}`,
    headers: c.asAgent,
  })
  return response.json<MessageList>().messages.find((message) => message.id === id)
}

const sendsTo = (edge: 'messages' | 'media') =>
  graph.requests.filter((request) => request.path === `/${graph.version}/${PHONE_ID}/${edge}`)

const retry = (c: Conversation, id: number, headers = c.asAgent) =>
  t.app.inject({ method: 'POST', url: `/messages/${id}/retry`, headers })

describe('a send the provider refuses', () => {
  test('tells its attempt and error on every failed try, with the next try, then goes out once', async () => {
    const c = await cloudConversation()
    graph.failNext({ status: 500, match: '/messages', times: 2 })
    const sent = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { body: 'Seu pedido saiu' },
    })
    const { id } = sent.json<MessageDto>()
    await sender().idle()

    const firstTry = {
      sendStatus: 'queued',
      sendAttempts: 1,
      sendError: 'ERR_PROVIDER_UNAVAILABLE',
      nextAttemptAt: new Date(Date.now() + SEND_BACKOFF_MS[0]).toISOString(),
      ack: 0,
    }
    expect(lastUpdateOf(id)).toMatchObject(firstTry)
    expect(await listed(c, id)).toMatchObject(firstTry)

    await after(SEND_BACKOFF_MS[0] - 1)
    expect(sendsTo('messages')).toHaveLength(1)
    await after(1)
    expect(lastUpdateOf(id)).toMatchObject({
      sendStatus: 'queued',
      sendAttempts: 2,
      sendError: 'ERR_PROVIDER_UNAVAILABLE',
      nextAttemptAt: new Date(Date.now() + SEND_BACKOFF_MS[1]).toISOString(),
    })

    await after(SEND_BACKOFF_MS[1])
    const delivered = {
      sendStatus: 'sent',
      sendAttempts: 3,
      sendError: null,
      nextAttemptAt: null,
      ack: 1,
    }
    expect(lastUpdateOf(id)).toMatchObject(delivered)
    expect(await listed(c, id)).toMatchObject(delivered)
    expect(sendsTo('messages')).toHaveLength(3)
  })

  test('a media send that keeps failing ends failed with its attempts and error; a resend delivers it once', async () => {
    const c = await cloudConversation()
    graph.failNext({ status: 500, times: MAX_SEND_ATTEMPTS })
    const form = await multipart([
      ['body', 'Comprovante'],
      ['medias', PNG_1x1, 'comprovante.png'],
    ])
    const sent = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: { ...c.asAgent, ...form.headers },
      payload: form.payload,
    })
    const { id } = sent.json<MessageDto>()
    await sender().idle()
    for (const backoff of SEND_BACKOFF_MS) await after(backoff)

    const failed = {
      sendStatus: 'failed',
      sendAttempts: MAX_SEND_ATTEMPTS,
      sendError: 'ERR_PROVIDER_UNAVAILABLE',
      nextAttemptAt: null,
      mediaType: 'image',
    }
    expect(lastUpdateOf(id)).toMatchObject(failed)
    expect(await listed(c, id)).toMatchObject(failed)
    // Nothing comes back on its own: only the attendant's resend sends it again.
    await after(3_600_000)
    expect(sendsTo('media')).toHaveLength(MAX_SEND_ATTEMPTS)
    expect(sendsTo('messages')).toHaveLength(0)

    // An hour on, the attendant signs in again (access tokens last 15 minutes).
    const resent = await retry(c, id, await loginAs(t.app, c.agent))
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toMatchObject({ id, sendStatus: 'queued', sendAttempts: 0 })
    await sender().idle()

    expect(lastUpdateOf(id)).toMatchObject({
      sendStatus: 'sent',
      sendAttempts: 1,
      sendError: null,
      ack: 1,
    })
    const [upload] = sendsTo('media').slice(MAX_SEND_ATTEMPTS)
    expect(upload?.form?.file).toMatchObject({ data: PNG_1x1 })
    expect(sendsTo('messages').map((request) => request.json)).toEqual([
      expect.objectContaining({
        type: 'image',
        image: expect.objectContaining({ caption: 'Comprovante' }),
      }),
    ])
    const rows = await t.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id))
    expect(rows.map((row) => row.id)).toEqual([id])
  })
})

describe('POST /messages/:id/retry', () => {
  test('only a failed send of ours goes again, by whoever may write on the ticket', async () => {
    const c = await cloudConversation()
    const failed = await buildMessage(t.db, c.ticket, {
      fromMe: true,
      userId: c.agent.id,
      body: 'Falhou',
      sendStatus: 'failed',
      sendAttempts: MAX_SEND_ATTEMPTS,
      sendError: 'ERR_PROVIDER_UNAVAILABLE',
    })
    const received = await buildMessage(t.db, c.ticket, { body: 'Oi' })
    const note = await buildMessage(t.db, c.ticket, {
      fromMe: true,
      isPrivate: true,
      sendStatus: null,
    })

    expect((await retry(c, failed.id, c.asColleague)).json()).toEqual({
      error: 'ERR_NO_PERMISSION',
    })
    for (const other of [received, note]) {
      const refused = await retry(c, other.id)
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        { error: 'ERR_MESSAGE_NOT_RESENDABLE' },
      ])
    }

    // A second click before the first resend went out answers the message as it is.
    const [first, second] = await Promise.all([retry(c, failed.id), retry(c, failed.id)])
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200])
    await sender().idle()
    expect(sendsTo('messages')).toHaveLength(1)
    expect((await retry(c, failed.id)).json()).toEqual({ error: 'ERR_MESSAGE_NOT_RESENDABLE' })
  })

  test("another company's message is not found", async () => {
    const c = await cloudConversation()
    const other = await cloudConversation()
    const foreign = await buildMessage(t.db, other.ticket, {
      fromMe: true,
      sendStatus: 'failed',
      sendError: 'ERR_PROVIDER_UNAVAILABLE',
    })
    const response = await retry(c, foreign.id)
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_MESSAGE_FOUND' }])
  })
})
