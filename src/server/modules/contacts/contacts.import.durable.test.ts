import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ImportJobDto } from '@shared/contracts/contacts'
import { buildCompany, buildConnection, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import {
  buildSecondInstance,
  buildTestApp,
  type TestApp,
  type TestInstance,
} from '@tests/helpers/test-app'
import { createTestDriver } from '@tests/helpers/test-driver'
import type { ChannelDriver } from '@server/channels/types'
import type { JobEngineSettings } from '@server/jobs/engine'
import { contactImportJobs, contactImportRows, contacts } from './contacts.table'

/**
 * An import whose run is lost (its instance stops without waiting for it, or dies) goes on
 * elsewhere, and no row is applied twice — not even when the lost run wakes up afterwards. The
 * kill -9 variant, where the run's job expires, is `contacts.import.crash.test.ts`.
 */

/** Retries come within a second here (10 s, doubling, in production). */
const quickJobs: JobEngineSettings = {
  maintenanceIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
  policies: {
    'contacts.import': {
      expireInSeconds: 2,
      retryDelaySeconds: 1,
      retryBackoff: false,
      concurrency: 1,
    },
  },
}

const ROWS = 250
/** The number check of this row hangs on the first instance: its run is lost there. */
const HANGING_ROW = 150

let t: TestApp
let second: TestInstance | null = null
beforeAll(async () => {
  t = await buildTestApp({ config: { jobs: quickJobs } })
})
afterAll(async () => {
  await second?.close()
  await t.close()
})

/** A number check that answers at once, except for one number, which waits for `release`. */
function hangingChecks(hanging: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let reached!: () => void
  const hung = new Promise<void>((resolve) => (reached = resolve))
  const driver: ChannelDriver = {
    ...createTestDriver().driver,
    async checkNumber(_connection, number) {
      if (number === hanging) {
        reached()
        await released
      }
      return { exists: true, number }
    },
  }
  return { driver, hung, release }
}

const numberOf = (row: number) => `5511970${String(row).padStart(6, '0')}`

async function importOf(companyId: number, importId: number) {
  const [job] = await t.db
    .select()
    .from(contactImportJobs)
    .where(and(eq(contactImportJobs.companyId, companyId), eq(contactImportJobs.id, importId)))
  return job!
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('a contact import whose run is lost', () => {
  test('resumes on another instance and applies every row exactly once', async () => {
    const company = await buildCompany(t.db)
    await buildConnection(t.db, company, { status: 'CONNECTED', isDefault: true })
    const agent = await buildUser(t.db, { company })
    const first = hangingChecks(numberOf(HANGING_ROW))
    t.services.channels.register('whatsapp', first.driver)

    const started = await t.app.inject({
      method: 'POST',
      url: '/contactsImport/jobs',
      headers: await loginAs(t.app, agent),
      payload: {
        validateContact: true,
        rows: Array.from({ length: ROWS }, (_, index) => ({
          name: `Cliente ${index + 1}`,
          number: numberOf(index + 1),
          tags: 'importados',
        })),
      },
    })
    expect(started.statusCode).toBe(202)
    const { id: importId } = started.json<ImportJobDto>()

    // The first chunk is applied, then the run hangs in the second, and this instance stops
    // without waiting for it: the run is lost (failed into a retry) and goes on elsewhere.
    await first.hung
    expect((await importOf(company.id, importId)).processed).toBe(100)
    await t.deps.jobs.stop(1_000)

    second = await buildSecondInstance(t, { jobs: quickJobs }, ({ services }) =>
      services.channels.register('whatsapp', hangingChecks('none').driver),
    )
    await waitFor(async () => (await importOf(company.id, importId)).status === 'done')

    // The lost run wakes up and goes on: every row it reaches has its outcome already.
    first.release()
    await t.deps.jobs.idle()

    const job = await importOf(company.id, importId)
    expect(job).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, created: ROWS })
    const outcomes = await t.db
      .select({ status: contactImportRows.status, count: sql<number>`count(*)::int` })
      .from(contactImportRows)
      .where(eq(contactImportRows.importId, importId))
      .groupBy(contactImportRows.status)
    expect(outcomes).toEqual([{ status: 'created', count: ROWS }])
    // A second application would have updated the contact it created.
    const stored = await t.db
      .select({
        count: sql<number>`count(*)::int`,
        updated: sql<number>`count(*) FILTER (WHERE ${contacts.updatedAt} > ${contacts.createdAt})::int`,
      })
      .from(contacts)
      .where(eq(contacts.companyId, company.id))
    expect(stored).toEqual([{ count: ROWS, updated: 0 }])
  })
})
