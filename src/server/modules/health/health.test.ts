import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { freshDatabase, testConfig } from '@tests/helpers/test-app'
import { buildApp } from '@server/app'

/** An app on a database of its own, which a test may close under it. */
async function healthApp() {
  const database = await freshDatabase()
  await database.handle.migrate()
  const built = await buildApp({ config: testConfig(), db: database.handle.db, logger: false })
  await built.app.ready()
  let closing: Promise<void> | null = null
  cleanup.push(async () => {
    await built.app.close()
    await (closing ?? database.handle.close())
    await database.drop()
  })
  return {
    ...built,
    db: database.handle.db,
    /**
     * Closes the database under the app: from now on every query fails. Not awaited: a
     * PostgreSQL pool finishes closing once the app releases the clients it holds (on close).
     */
    closeDatabase() {
      closing ??= database.handle.close()
    },
    ready: () => built.app.inject({ method: 'GET', url: '/health/ready' }),
  }
}

const cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

describe('GET /health/live', () => {
  test('answers without a token and without asking the database', async () => {
    const h = await healthApp()
    h.closeDatabase()
    const response = await h.app.inject({ method: 'GET', url: '/health/live' })
    expect([response.statusCode, response.json()]).toEqual([200, { status: 'ok' }])
  })
})

describe('GET /health/ready', () => {
  test('is ready once the database and the job engine answer', async () => {
    const h = await healthApp()
    const response = await h.ready()
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { status: 'ok', checks: { database: 'ok', jobs: 'ok' } },
    ])
  })

  test('is unavailable without its database, and says which check failed but not why', async () => {
    const h = await healthApp()
    h.closeDatabase()
    const response = await h.ready()
    expect([response.statusCode, response.body]).toEqual([
      503,
      JSON.stringify({ status: 'unavailable', checks: { database: 'failed', jobs: 'failed' } }),
    ])
  })

  test('is unavailable when the job tables do not answer in time', async () => {
    const h = await healthApp()
    // The queue table locked by a transaction that waits: pg-boss's read of it hangs.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holding = h.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE pgboss.queue IN ACCESS EXCLUSIVE MODE`)
      locked()
      await held
    })
    await lockTaken
    const response = await h.ready()
    release()
    await holding
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ status: 'unavailable', checks: { jobs: 'failed' } })
    expect((await h.ready()).statusCode).toBe(200)
  })

  test('is unavailable from the moment a shutdown begins', async () => {
    const h = await healthApp()
    h.shutdown.begin()
    const response = await h.ready()
    expect([response.statusCode, response.json()]).toEqual([
      503,
      { status: 'unavailable', checks: { database: 'ok', jobs: 'stopping' } },
    ])
  })

  test('is unavailable once the job engine stops', async () => {
    const h = await healthApp()
    await h.deps.jobs.stop(1_000)
    const response = await h.ready()
    expect([response.statusCode, response.json()]).toEqual([
      503,
      { status: 'unavailable', checks: { database: 'ok', jobs: 'stopping' } },
    ])
  })
})
