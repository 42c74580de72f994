import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { openSessionLocks } from './client'
import type { SessionLocks } from './session-locks'

let t: TestApp
const opened: SessionLocks[] = []

beforeAll(async () => {
  t = await buildTestApp()
})

afterEach(async () => {
  await Promise.all(opened.splice(0).map((locks) => locks.close()))
})

afterAll(async () => {
  await t?.close()
})

/** The owner locks of one more server instance on the test database. */
function instance(): SessionLocks {
  const locks = openSessionLocks(t.db)
  opened.push(locks)
  return locks
}

let sequence = 0
const freshKey = () => `test-lock:${process.pid}:${(sequence += 1)}`

describe('session locks', () => {
  it('lets one instance hold a key; the others see it held elsewhere until it is released', async () => {
    const [first, second] = [instance(), instance()]
    const key = freshKey()

    const lock = await first.tryAcquire(key)
    expect(lock).not.toBeNull()
    expect(await second.tryAcquire(key)).toBeNull()
    // Not re-entrant: a second holder inside the same instance is refused too.
    expect(await first.tryAcquire(key)).toBeNull()
    expect(await second.heldElsewhere(key)).toBe(true)
    expect(await first.heldElsewhere(key)).toBe(false)
    expect(await second.heldElsewhere(freshKey())).toBe(false)

    await lock!.release()
    await lock!.release()
    expect(await second.heldElsewhere(key)).toBe(false)
    const taken = await second.tryAcquire(key)
    expect(taken).not.toBeNull()
    expect(await first.heldElsewhere(key)).toBe(true)
    expect(await first.tryAcquire(key)).toBeNull()
  })

  it('hands a message to the holder of a key, wherever it runs', async () => {
    const [first, second] = [instance(), instance()]
    const key = freshKey()
    const received: string[] = []
    const lock = await first.tryAcquire(key, { onMessage: (message) => received.push(message) })
    expect(await second.tell(key, 'restart')).toBe(true)
    expect(await first.tell(key, 'again')).toBe(true)
    await vi.waitFor(() => expect(received.sort()).toEqual(['again', 'restart']))
    expect(await second.tell(freshKey(), 'nobody')).toBe(false)

    await lock!.release()
    expect(await second.tell(key, 'too late')).toBe(false)
  })

  it('asks the holder of a key, wherever it runs, and waits for its answer', async () => {
    const [first, second] = [instance(), instance()]
    const key = freshKey()
    const lock = await first.tryAcquire(key, {
      onAsk: (request) => Promise.resolve(`done: ${request}`),
    })
    expect(await second.ask(key, 'react', 5_000)).toEqual({
      status: 'answered',
      reply: 'done: react',
    })
    expect(await first.ask(key, 'here', 5_000)).toEqual({ status: 'answered', reply: 'done: here' })
    expect(await second.ask(freshKey(), 'nobody', 5_000)).toEqual({ status: 'unheld' })

    // Let go before the request is run: nobody answers it.
    const late = second.ask(key, 'too late', 5_000)
    await lock!.release()
    expect(await late).toEqual({ status: 'unheld' })
    expect(await second.ask(key, 'after', 5_000)).toEqual({ status: 'unheld' })
  })

  it('carries requests and answers far beyond one notification, characters intact', async () => {
    const [first, second] = [instance(), instance()]
    const key = freshKey()
    // Multi-byte characters everywhere, so that cuts fall inside them.
    const request = 'ação 😀 ünïcode '.repeat(8_000)
    await first.tryAcquire(key, { onAsk: (text) => Promise.resolve(`${text}|${text}`) })
    const outcome = await second.ask(key, request, 10_000)
    expect(outcome).toEqual({ status: 'answered', reply: `${request}|${request}` })
  })

  it('reports a failing holder, one that takes no requests, and one that does not answer', async () => {
    const [first, second] = [instance(), instance()]
    const [failing, deaf, stuck] = [freshKey(), freshKey(), freshKey()]
    await first.tryAcquire(failing, { onAsk: () => Promise.reject(new Error('socket gone')) })
    await first.tryAcquire(deaf)
    await first.tryAcquire(stuck, { onAsk: () => new Promise<string>(() => undefined) })
    expect(await second.ask(failing, 'x', 5_000)).toEqual({
      status: 'failed',
      message: 'socket gone',
    })
    expect(await second.ask(deaf, 'x', 5_000)).toEqual({ status: 'unheld' })
    expect(await second.ask(stuck, 'x', 50)).toEqual({ status: 'timeout' })
  })

  it('closing an instance frees its keys, and a closed instance acquires nothing', async () => {
    const [first, second] = [instance(), instance()]
    const key = freshKey()
    expect(await first.tryAcquire(key)).not.toBeNull()
    await first.close()
    expect(await second.tryAcquire(key)).not.toBeNull()
    expect(await first.tryAcquire(freshKey())).toBeNull()
  })
})

describe.skipIf(!process.env.DATABASE_URL)('session locks on PostgreSQL', () => {
  it('tells every holder when the connection holding the locks drops', async () => {
    const [first, second] = [instance(), instance()]
    const [key, other] = [freshKey(), freshKey()]
    const lost: string[] = []
    expect(await first.tryAcquire(key, { onLost: () => lost.push(key) })).not.toBeNull()
    expect(await first.tryAcquire(other, { onLost: () => lost.push(other) })).not.toBeNull()

    // What a failover or a network cut does to the connection: the server ends it.
    await t.db.execute(sql`
      SELECT pg_terminate_backend(pid) FROM pg_locks
      WHERE locktype = 'advisory' AND ((classid::int8 << 32) | objid::int8) = hashtextextended(${key}, 0)`)
    await vi.waitFor(() => expect(lost.sort()).toEqual([key, other].sort()))
    expect(await second.tryAcquire(key)).not.toBeNull()

    // The instance reconnects for its next lock.
    expect(await first.tryAcquire(freshKey())).not.toBeNull()
    expect(await first.heldElsewhere(key)).toBe(true)
  })
})
