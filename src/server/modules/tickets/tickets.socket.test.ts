import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildCompany, buildQueue, buildTicket, buildUser } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
let baseUrl: string
const sockets: Socket[] = []

beforeAll(async () => {
  t = await buildTestApp()
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await t.close()
})

async function signIn(user: { email: string; password: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: user.email, password: user.password },
  })
  const { token } = response.json<{ token: string }>()
  return { token, headers: { authorization: `Bearer ${token}` } }
}

async function online(companyId: number, token: string): Promise<Socket> {
  const socket = connect(`${baseUrl}/${companyId}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  })
  sockets.push(socket)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return socket
}

const next = <T>(socket: Socket, event: string, timeoutMs = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), timeoutMs)
    socket.once(event, (payload: T) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
/** Resolves true when `event` does not arrive within the window. */
const silent = (socket: Socket, event: string, windowMs = 500) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(true), windowMs)
    socket.once(event, () => {
      clearTimeout(timer)
      resolve(false)
    })
  })

type TicketEvent = { action: string; ticket?: { id: number; status: string; queueId: number } }

describe('ticket events reach only the ticket audience', () => {
  test('a user outside the queue hears nothing until the ticket moves into his queue', async () => {
    const company = await buildCompany(t.db)
    const sales = await buildQueue(t.db, company)
    const support = await buildQueue(t.db, company)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const agent = await buildUser(t.db, { company, queueIds: [sales.id] })
    const outsider = await buildUser(t.db, { company, queueIds: [support.id] })
    const ticket = await buildTicket(t.db, company, { status: 'pending', queueId: sales.id })
    const asAdmin = await signIn(admin)
    const agentSocket = await online(company.id, (await signIn(agent)).token)
    const outsiderSocket = await online(company.id, (await signIn(outsider)).token)
    const event = `company-${company.id}-ticket`

    const toAgent = next<TicketEvent>(agentSocket, event)
    const notToOutsider = silent(outsiderSocket, event)
    await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticket.id}`,
      headers: asAdmin.headers,
      payload: { status: 'open', userId: admin.id },
    })
    expect((await toAgent).ticket).toMatchObject({ id: ticket.id, status: 'open' })
    expect(await notToOutsider).toBe(true)

    // Moving to Suporte: Vendas hears it leave, Suporte hears it arrive.
    const leaving = next<TicketEvent>(agentSocket, event)
    const arriving = next<TicketEvent>(outsiderSocket, event)
    await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticket.id}`,
      headers: asAdmin.headers,
      payload: { isTransfered: true, status: 'pending', queueId: support.id },
    })
    expect((await leaving).ticket).toMatchObject({ id: ticket.id, queueId: support.id })
    expect((await arriving).ticket).toMatchObject({ id: ticket.id, status: 'pending' })
  })
})

describe('joinChatBox', () => {
  test('joins the conversation room only for a ticket the user may see', async () => {
    const company = await buildCompany(t.db)
    const sales = await buildQueue(t.db, company)
    const support = await buildQueue(t.db, company)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    // Both work elsewhere; only the historian may read closed conversations of other queues.
    const historian = await buildUser(t.db, {
      company,
      queueIds: [support.id],
      allHistoric: 'enabled',
    })
    const outsider = await buildUser(t.db, { company, queueIds: [support.id] })
    const ticket = await buildTicket(t.db, company, {
      status: 'closed',
      queueId: sales.id,
      userId: admin.id,
    })
    const historianSocket = await online(company.id, (await signIn(historian)).token)
    const outsiderSocket = await online(company.id, (await signIn(outsider)).token)
    const event = `company-${company.id}-ticket`

    historianSocket.emit('joinChatBox', ticket.uuid)
    outsiderSocket.emit('joinChatBox', String(ticket.id))
    outsiderSocket.emit('joinChatBox', ticket.uuid)
    await vi.waitFor(
      async () => {
        const heard = next(historianSocket, event, 200)
        await t.services.ticketCore.emitUpdated(company.id, ticket.id)
        await heard
      },
      { timeout: 5000, interval: 50 },
    )

    const notToOutsider = silent(outsiderSocket, event)
    const toHistorian = next<TicketEvent>(historianSocket, event)
    await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticket.id}`,
      headers: (await signIn(admin)).headers,
      payload: { status: 'open', userId: admin.id },
    })
    expect((await toHistorian).ticket).toMatchObject({ id: ticket.id, status: 'open' })
    expect(await notToOutsider).toBe(true)

    historianSocket.emit('joinChatBoxLeave', ticket.uuid)
    await vi.waitFor(async () => {
      const quiet = silent(historianSocket, event, 200)
      await t.services.ticketCore.emitUpdated(company.id, ticket.id)
      expect(await quiet).toBe(true)
    })
  })
})
