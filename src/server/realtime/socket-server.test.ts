import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildUser } from '@tests/factories'
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
  return response.json<{ token: string; user: { id: number; companyId: number } }>()
}

function open(namespace: string, token?: string): Socket {
  const socket = connect(`${baseUrl}${namespace}`, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  })
  sockets.push(socket)
  return socket
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
const refused = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')))
    socket.once('connect_error', (error) => resolve(error.message))
  })
const next = <T>(socket: Socket, event: string, timeoutMs = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), timeoutMs)
    socket.once(event, (payload: T) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
/** Resolves true when `event` does not arrive within the window. */
const silent = (socket: Socket, event: string, windowMs = 400) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(true), windowMs)
    socket.once(event, () => {
      clearTimeout(timer)
      resolve(false)
    })
  })

describe('handshake', () => {
  test('no token, a bad token, or another company namespace are refused', async () => {
    const user = await buildUser(t.db)
    const { token } = await signIn(user)
    expect(await refused(open(`/${user.companyId}`))).toBe('unauthorized')
    expect(await refused(open(`/${user.companyId}`, 'garbage'))).toBe('token-expired')
    const other = await buildCompany(t.db)
    expect(await refused(open(`/${other.id}`, token))).toBe('unauthorized')
  })

  test('a company past its due date gets no socket', async () => {
    const user = await buildUser(t.db, {
      company: await buildCompany(t.db, { dueDate: '2020-01-01' }),
    })
    const { token } = await signIn(user)
    expect(await refused(open(`/${user.companyId}`, token))).toBe('unauthorized')
  })
})

describe('events reach only their audience', () => {
  test('presence and user updates go to admins and the user himself, not to colleagues', async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const agent = await buildUser(t.db, { company })
    const colleague = await buildUser(t.db, { company })
    const adminSession = await signIn(admin)
    const colleagueSession = await signIn(colleague)
    const adminSocket = open(`/${company.id}`, adminSession.token)
    const colleagueSocket = open(`/${company.id}`, colleagueSession.token)
    await Promise.all([connected(adminSocket), connected(colleagueSocket)])

    const userEvent = `company-${company.id}-user`
    const agentSession = await signIn(agent)
    const presence = next<{ action: string; user: { id: number; online: boolean } }>(
      adminSocket,
      userEvent,
    )
    const colleagueSilent = silent(colleagueSocket, userEvent)
    const agentSocket = open(`/${company.id}`, agentSession.token)
    await connected(agentSocket)
    expect(await presence).toEqual({ action: 'update', user: { id: agent.id, online: true } })
    expect(await colleagueSilent).toBe(true)

    const toAgent = next<{ action: string; user: { name: string } }>(agentSocket, userEvent)
    const toAdmin = next<{ action: string; user: { name: string } }>(adminSocket, userEvent)
    const notToColleague = silent(colleagueSocket, userEvent)
    await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: { authorization: `Bearer ${adminSession.token}` },
      payload: { name: 'Renamed Agent' },
    })
    expect((await toAgent).user.name).toBe('Renamed Agent')
    expect((await toAdmin).user.name).toBe('Renamed Agent')
    expect(await notToColleague).toBe(true)

    const offline = next<{ user: { id: number; online: boolean } }>(adminSocket, userEvent)
    agentSocket.close()
    expect((await offline).user).toEqual({ id: agent.id, online: false })
  })

  test('signing in elsewhere tells the first session (and only it) and closes it', async () => {
    const company = await buildCompany(t.db)
    const user = await buildUser(t.db, { company })
    const bystander = await buildUser(t.db, { company, profile: 'admin' })
    const first = await signIn(user)
    const bystanderSession = await signIn(bystander)
    const firstSocket = open(`/${company.id}`, first.token)
    const bystanderSocket = open(`/${company.id}`, bystanderSession.token)
    await Promise.all([connected(firstSocket), connected(bystanderSocket)])

    const kicked = next<{ action: string; user: { id: number } }>(
      firstSocket,
      `company-${company.id}-auth`,
    )
    const disconnected = next<string>(firstSocket, 'disconnect')
    const bystanderSilent = silent(bystanderSocket, `company-${company.id}-auth`)
    await signIn(user)
    expect(await kicked).toEqual({ action: 'update', user: { id: user.id } })
    expect(await disconnected).toBe('io server disconnect')
    expect(await bystanderSilent).toBe(true)
  })
})
