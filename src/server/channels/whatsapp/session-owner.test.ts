import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeSocketFactory, recordingIntake } from '@tests/helpers/fake-baileys'
import { recordingHub } from '@tests/helpers/recording-hub'
import { buildCompany, buildConnection } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { openDatabase, openSessionLocks, type Database } from '@server/db/client'
import type { SessionLocks } from '@server/db/session-locks'
import { createConnectionEvents } from '@server/modules/connections/connections.events'
import { connections, type ConnectionRow } from '@server/modules/connections/connections.table'
import { createWhatsappSessionManager, type WhatsappSessionManager } from './session-manager'
import { sessionLockKey } from './session-ownership'
import { whatsappRepository } from './whatsapp.repository'

/**
 * Several server instances on one database (reference §6 "One owner per session"). Each
 * instance is a session manager with its own owner locks; on PostgreSQL the second one also has
 * its own database handle, as a second process would.
 */

let t: TestApp
/** The database as the second instance sees it. */
let otherDb: Database
let closeOtherDb = () => Promise.resolve()
const running: { manager: WhatsappSessionManager; locks: SessionLocks }[] = []

beforeAll(async () => {
  t = await buildTestApp()
  otherDb = t.db
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    const result = await t.db.execute(sql`SELECT current_database() AS name`)
    const [row] = (result as { rows: { name: string }[] }).rows
    const url = new URL(serverUrl)
    url.pathname = `/${row!.name}`
    const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null })
    otherDb = handle.db
    closeOtherDb = () => handle.close()
  }
})

// The adopt sweep runs on a timer: the tests move the clock from one round to the next.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})

afterEach(async () => {
  for (const { manager, locks } of running.splice(0)) {
    await manager.stopAll()
    await locks.close()
  }
  vi.useRealTimers()
  // Sessions left behind would be booted by the next test's instances.
  await t.db.update(connections).set({ status: 'DISCONNECTED' })
})

afterAll(async () => {
  await closeOtherDb()
  await t?.close()
})

const ME = { id: '5511900000000:12@s.whatsapp.net', name: 'Loja' }
const OWNER_RETRY_MS = 60

/**
 * An instance's owner locks that also tell the test when a request handed over by another
 * instance arrives: the hop goes through the database (NOTIFY on PostgreSQL), so it is awaited
 * as an event, not guessed with a pause.
 */
function observedLocks(locks: SessionLocks) {
  const arrived: string[] = []
  const waiting: { count: number; resolve: () => void }[] = []
  return {
    arrived,
    /** Resolves once `count` requests have arrived here, and their action has begun. */
    requests(count: number): Promise<void> {
      if (arrived.length >= count) return Promise.resolve()
      return new Promise((resolve) => waiting.push({ count, resolve }))
    },
    locks: {
      tryAcquire: (key, handlers = {}) =>
        locks.tryAcquire(key, {
          ...handlers,
          onMessage(message) {
            handlers.onMessage?.(message)
            arrived.push(message)
            for (const waiter of waiting.filter((item) => arrived.length >= item.count))
              waiter.resolve()
          },
        }),
      heldElsewhere: (key) => locks.heldElsewhere(key),
      tell: (key, message) => locks.tell(key, message),
      ask: (key, request, timeoutMs) => locks.ask(key, request, timeoutMs),
      close: () => locks.close(),
    } satisfies SessionLocks,
  }
}

function instance(db: Database) {
  const factory = fakeSocketFactory()
  const { locks, arrived, requests } = observedLocks(openSessionLocks(db))
  const manager = createWhatsappSessionManager(
    { config: t.config, db, log: t.app.log, sessionLocks: locks },
    {
      intake: recordingIntake(),
      events: createConnectionEvents({ db, realtime: recordingHub() }),
      makeSocket: factory.makeSocket,
      timing: { bootStaggerMs: 0, ownerRetryMs: OWNER_RETRY_MS },
    },
  )
  running.push({ manager, locks })
  return { factory, locks, manager, arrived, requests }
}

type Instance = ReturnType<typeof instance>

async function rowOf(connection: ConnectionRow) {
  const [row] = await t.db.select().from(connections).where(eq(connections.id, connection.id))
  return row!
}

/** Runs `rounds` adopt sweeps of a booted instance, one `ownerRetryMs` apart. */
async function sweeps(survivor: Instance, rounds: number) {
  for (let round = 0; round < rounds; round += 1) {
    await survivor.manager.settled()
    await vi.advanceTimersByTimeAsync(OWNER_RETRY_MS)
    await survivor.manager.settled()
  }
}

/** A connection whose session runs, paired and open, on a new instance. */
async function connectedOn(db: Database) {
  const connection = await buildConnection(t.db, await buildCompany(t.db))
  const owner = instance(db)
  await owner.manager.start(connection.companyId, connection.id)
  const socket = owner.factory.sockets[0]!
  socket.pair(ME)
  socket.open(ME)
  await owner.manager.settled()
  expect((await rowOf(connection)).status).toBe('CONNECTED')
  return { connection, owner, socket }
}

describe('one owner per whatsapp session', () => {
  it('two instances asked to start the same connection open one socket', async () => {
    const connection = await buildConnection(t.db, await buildCompany(t.db))
    const first = instance(t.db)
    const second = instance(otherDb)
    await Promise.all([
      first.manager.start(connection.companyId, connection.id),
      second.manager.start(connection.companyId, connection.id),
    ])
    const key = sessionLockKey(connection.id)
    const [owner, other] = (await second.locks.heldElsewhere(key))
      ? [first, second]
      : [second, first]
    // The start that lost the race is handed to the owner: a restart there, never a second socket.
    await owner.requests(1)
    await owner.manager.settled()
    expect(owner.arrived).toEqual(['start'])
    expect(other.factory.sockets).toHaveLength(0)
    const live = () => owner.factory.sockets.filter((socket) => !socket.ended)
    expect(live()).toHaveLength(1)
    expect((await rowOf(connection)).status).toBe('OPENING')
    expect(other.manager.socketFor(connection.id)).toBeUndefined()
    expect(await other.locks.heldElsewhere(key)).toBe(true)
    expect(await owner.locks.heldElsewhere(key)).toBe(false)

    // A restart asked of the other instance is handed to the owner, which restarts there.
    const before = owner.factory.sockets.length
    const previous = live()[0]!
    await other.manager.restart(connection.companyId, connection.id)
    await owner.requests(2)
    await owner.manager.settled()
    expect(owner.factory.sockets).toHaveLength(before + 1)
    expect(previous.ended).toBe(true)
    expect(live()).toHaveLength(1)
    expect(other.factory.sockets).toHaveLength(0)
  })

  it('a new QR asked of another instance is made by the owner', async () => {
    const { connection, owner, socket } = await connectedOn(t.db)
    const other = instance(otherDb)
    await other.manager.requestNewQr(connection.companyId, connection.id)
    await owner.requests(1)
    await owner.manager.settled()
    expect(owner.factory.sockets).toHaveLength(2)
    expect(socket.ended).toBe(true)
    expect(owner.factory.sockets[1]!.config.auth?.creds.me).toBeUndefined()
    expect(other.factory.sockets).toHaveLength(0)
  })

  it('a logout asked of another instance unlinks the phone on the owner', async () => {
    const { connection, owner, socket } = await connectedOn(t.db)
    const other = instance(otherDb)
    await other.manager.logout(connection.companyId, connection.id)
    await owner.requests(1)
    await owner.manager.settled()
    expect((await rowOf(connection)).status).toBe('DISCONNECTED')
    expect(socket.loggedOut).toBe(true)
    expect(
      await whatsappRepository(t.db).readCreds(connection.companyId, connection.id),
    ).toBeUndefined()
    // The owner let the session go: the next start runs wherever it is asked.
    expect(await owner.locks.heldElsewhere(sessionLockKey(connection.id))).toBe(false)
    expect(await other.locks.heldElsewhere(sessionLockKey(connection.id))).toBe(false)
  })

  it('a booted instance takes a session over from its stored auth once the owner stops', async () => {
    const { connection, owner, socket } = await connectedOn(t.db)
    const survivor = instance(otherDb)
    await survivor.manager.boot()
    await sweeps(survivor, 3)
    expect(survivor.factory.sockets).toHaveLength(0)

    await owner.manager.stopAll()
    expect(socket.ended).toBe(true)
    expect(socket.loggedOut).toBe(false)
    await sweeps(survivor, 1)
    expect(survivor.factory.sockets).toHaveLength(1)
    const resumed = survivor.factory.sockets[0]!
    // The pairing the first owner stored: no new QR.
    expect(resumed.config.auth?.creds.me?.id).toBe(ME.id)
    resumed.open(ME)
    await survivor.manager.settled()
    expect((await rowOf(connection)).status).toBe('CONNECTED')
    expect(survivor.manager.socketFor(connection.id)).toBe(resumed)
  })

  it('a session its owner ended for good is not taken over', async () => {
    const { connection, owner } = await connectedOn(t.db)
    const survivor = instance(otherDb)
    await survivor.manager.boot()
    await owner.manager.logout(connection.companyId, connection.id)
    expect((await rowOf(connection)).status).toBe('DISCONNECTED')
    await sweeps(survivor, 4)
    expect(survivor.factory.sockets).toHaveLength(0)
    expect(await survivor.locks.heldElsewhere(sessionLockKey(connection.id))).toBe(false)

    // Started again on either instance, it runs there.
    await survivor.manager.start(connection.companyId, connection.id)
    expect(survivor.factory.sockets).toHaveLength(1)
  })
})

describe.skipIf(!process.env.DATABASE_URL)('one owner per whatsapp session on PostgreSQL', () => {
  // The lock goes with a terminated backend: that news travels the network, on the real clock.
  beforeEach(() => {
    vi.useRealTimers()
  })

  it('an owner that loses its lock closes the socket without logging out', async () => {
    const { connection, socket } = await connectedOn(t.db)
    const survivor = instance(otherDb)
    await survivor.manager.boot()

    // The owner's lock connection is cut (network, failover): its lock is gone with it.
    await t.db.execute(sql`
      SELECT pg_terminate_backend(pid) FROM pg_locks
      WHERE locktype = 'advisory'
        AND ((classid::int8 << 32) | objid::int8)
          = hashtextextended(${sessionLockKey(connection.id)}, 0)`)
    await vi.waitFor(() => expect(socket.ended).toBe(true))
    expect(socket.loggedOut).toBe(false)
    await vi.waitFor(() => expect(survivor.factory.sockets).toHaveLength(1))
    expect(survivor.factory.sockets[0]!.config.auth?.creds.me?.id).toBe(ME.id)
  })
})
