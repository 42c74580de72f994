import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { io as connect, type Socket } from 'socket.io-client'
import { users } from '@server/db/schema'
import { senderOf } from '@server/realtime/cluster-adapter'
import type { RealtimeHub } from '@server/realtime/hub'
import { rooms } from '@shared/realtime/events'
import { connected, next, openSocket, refused, tokenOf } from '@tests/helpers/socket'
import { startTcpSwitch } from '@tests/helpers/tcp-switch'
import { useTenant } from '@tests/helpers/tenant'
import { buildSecondInstance, type TestInstance } from '@tests/helpers/test-app'

const t = useTenant({ listen: true })
const clients: Socket[] = []
afterEach(() => {
  for (const client of clients.splice(0)) client.close()
})

/** A client as the app opens it: WebSocket only, reconnecting (quickly, for the test). */
function reconnecting(baseUrl: string, companyId: number, token: string): Socket {
  const client = connect(`${baseUrl}/${companyId}`, {
    auth: (send) => send({ token }),
    transports: ['websocket'],
    reconnectionDelay: 200,
    reconnectionDelayMax: 200,
  })
  clients.push(client)
  return client
}

/** A `user` event whose payload is only a marker number, easy to count. */
const mark = (hub: RealtimeHub, companyId: number, room: string, marker: number) =>
  hub.emit(companyId, [room], 'user', { action: 'delete', userId: marker })

/** Every marker the client receives, in order. */
function markersOf(client: Socket, companyId: number): number[] {
  const seen: number[] = []
  client.on(`company-${companyId}-user`, (event: { action: string; userId?: number }) => {
    if (event.action === 'delete' && event.userId) seen.push(event.userId)
  })
  return seen
}

/**
 * Connected and in its rooms: the user's own presence event is sent once the handshake's rooms
 * are joined (only when he was offline, as each test's users are).
 */
const inRooms = async (client: Socket, companyId: number) => {
  const presence = next(client, `company-${companyId}-user`, {
    accept: (event: { user?: { online?: boolean } }) => event.user?.online === true,
  })
  await connected(client)
  await presence
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The private session id and last offset the client presents when it reconnects. */
const sessionOf = (client: Socket) => {
  const state = client as unknown as { _pid?: string; _lastOffset?: string }
  return { pid: state._pid, offset: state._lastOffset }
}

describe('the sender of a notification', () => {
  test("is the message's own uid, not one its data carries, and none without one", () => {
    // As Socket.IO builds it: type and data first, then uid and nsp; the offset is added last.
    const message = {
      type: 3,
      data: { packet: { type: 2, data: ['company-1-user', { uid: 'forged', note: '"uid":"x"' }] } },
      uid: 'a1b2c3',
      nsp: '/1',
    }
    const payload = JSON.stringify(message)
    expect(senderOf(payload)).toBe('a1b2c3')
    expect(senderOf(`${payload.slice(0, -1)},"offset":"42"}`)).toBe('a1b2c3')
    expect(senderOf(JSON.stringify({ uid: 'd4e5', type: 3, attachmentId: '7' }))).toBe('d4e5')
    expect(senderOf('{"type":3}')).toBeNull()
  })
})

describe('connection state recovery', () => {
  test('a client back after losing its connection gets what it missed, once', async () => {
    const { company, asAgent } = await t.team()
    const client = reconnecting(t.baseUrl, company.id, tokenOf(asAgent))
    const seen = markersOf(client, company.id)
    await inRooms(client, company.id)
    mark(t.deps.realtime, company.id, rooms.company, 1)
    await until(() => seen.includes(1))

    const back = next(client, 'connect', { timeoutMs: 5000 })
    client.io.engine.close()
    mark(t.deps.realtime, company.id, rooms.company, 2)
    mark(t.deps.realtime, company.id, rooms.admins, 3)
    await back
    expect(client.recovered).toBe(true)
    mark(t.deps.realtime, company.id, rooms.company, 4)
    await until(() => seen.includes(4))
    expect(seen).toEqual([1, 2, 4])
  })

  test("another user's token cannot take over a session; its own user recovers it", async () => {
    const { company, agent, asAgent, asColleague } = await t.team()
    const client = openSocket(t, `/${company.id}`, tokenOf(asAgent))
    const seen = markersOf(client, company.id)
    await inRooms(client, company.id)
    mark(t.deps.realtime, company.id, rooms.company, 7)
    await until(() => seen.includes(7))
    const session = sessionOf(client)
    client.io.engine.close()
    mark(t.deps.realtime, company.id, rooms.company, 8)
    // The server has seen the disconnect (its handler marks the agent offline after Socket.IO
    // kept the session): only then is there a session to take over.
    await until(async () => {
      const [row] = await t.db
        .select({ online: users.online })
        .from(users)
        .where(eq(users.id, agent.id))
      return row?.online === false
    })

    const thief = connect(`${t.baseUrl}/${company.id}`, {
      auth: { token: tokenOf(asColleague), ...session },
      transports: ['websocket'],
      reconnection: false,
    })
    clients.push(thief)
    expect(await refused(thief)).toBe('unauthorized')

    const owner = connect(`${t.baseUrl}/${company.id}`, {
      auth: { token: tokenOf(asAgent), ...session },
      transports: ['websocket'],
      reconnection: false,
    })
    clients.push(owner)
    const missed = markersOf(owner, company.id)
    await connected(owner)
    // Only the server knows it recovered (the client did not hold that session itself): the
    // event sent meanwhile arrives without being sent again.
    await until(() => missed.includes(8))
  })

  test('a recovered socket leaves the rooms its user lost meanwhile', async () => {
    const { company, admin, asAdmin } = await t.team()
    const client = reconnecting(t.baseUrl, company.id, tokenOf(asAdmin))
    const seen = markersOf(client, company.id)
    await inRooms(client, company.id)
    mark(t.deps.realtime, company.id, rooms.admins, 11)
    await until(() => seen.includes(11))

    const back = next(client, 'connect')
    client.io.engine.close()
    await t.db.update(users).set({ profile: 'user' }).where(eq(users.id, admin.id))
    await back
    expect(client.recovered).toBe(true)
    // The rooms are reconciled right after the handshake: give that a moment.
    await new Promise((resolve) => setTimeout(resolve, 300))
    mark(t.deps.realtime, company.id, rooms.admins, 12)
    mark(t.deps.realtime, company.id, rooms.company, 13)
    await until(() => seen.includes(13))
    expect(seen).toEqual([11, 13])
  })
})

// Several instances share one database only on a PostgreSQL server.
describe.runIf(Boolean(process.env.DATABASE_URL))('two instances on one PostgreSQL', () => {
  let second: TestInstance
  let secondUrl = ''
  beforeAll(async () => {
    second = await buildSecondInstance(t)
    secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => second.close())

  test("an event emitted on B reaches A's sockets in its rooms, and only them", async () => {
    const { company, asAgent, asAdmin } = await t.team()
    const agent = openSocket(t, `/${company.id}`, tokenOf(asAgent))
    const admin = openSocket(t, `/${company.id}`, tokenOf(asAdmin))
    const agentSaw = markersOf(agent, company.id)
    const adminSaw = markersOf(admin, company.id)
    await Promise.all([inRooms(agent, company.id), inRooms(admin, company.id)])
    mark(second.deps.realtime, company.id, rooms.admins, 21)
    mark(second.deps.realtime, company.id, rooms.company, 22)
    await until(() => adminSaw.includes(22) && agentSaw.includes(22))
    expect(adminSaw).toEqual([21, 22])
    expect(agentSaw).toEqual([22])
  })

  test('B disconnects and re-rooms a user whose sockets are on A', async () => {
    const { company, admin, agent, asAdmin, asAgent } = await t.team()
    const adminSocket = openSocket(t, `/${company.id}`, tokenOf(asAdmin))
    const agentSocket = openSocket(t, `/${company.id}`, tokenOf(asAgent))
    const seen = markersOf(adminSocket, company.id)
    await Promise.all([inRooms(adminSocket, company.id), inRooms(agentSocket, company.id)])

    await t.db.update(users).set({ profile: 'user' }).where(eq(users.id, admin.id))
    await second.deps.realtime.refreshUserRooms(company.id, admin.id)
    mark(second.deps.realtime, company.id, rooms.admins, 31)
    mark(second.deps.realtime, company.id, rooms.company, 32)
    await until(() => seen.includes(32))
    expect(seen).toEqual([32])

    const gone = next<string>(agentSocket, 'disconnect')
    await second.deps.realtime.disconnectUser(company.id, agent.id)
    expect(await gone).toBe('io server disconnect')
  })

  test('a client cut from A reconnects to B and gets, once, what both emitted meanwhile', async () => {
    const { company, asAgent } = await t.team()
    const balancer = await startTcpSwitch(Number(new URL(t.baseUrl).port))
    try {
      const client = reconnecting(balancer.url, company.id, tokenOf(asAgent))
      const seen = markersOf(client, company.id)
      await inRooms(client, company.id)
      mark(t.deps.realtime, company.id, rooms.company, 41)
      await until(() => seen.includes(41))

      const back = next(client, 'connect')
      balancer.cut(Number(new URL(secondUrl).port))
      mark(second.deps.realtime, company.id, rooms.company, 42)
      mark(t.deps.realtime, company.id, rooms.company, 43)
      await back
      expect(client.recovered).toBe(true)
      mark(second.deps.realtime, company.id, rooms.company, 44)
      await until(() => seen.includes(44))
      await until(() => seen.includes(42) && seen.includes(43))
      expect([...seen].sort()).toEqual([41, 42, 43, 44])
    } finally {
      await balancer.close()
    }
  })
})
