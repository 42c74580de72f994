import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import type { ImportJobDto } from '@shared/contracts/contacts'
import { buildCompany, buildUser } from '@tests/factories'
import {
  processSecrets,
  startServerProcess,
  type ServerProcess,
} from '@tests/helpers/server-process-runner'
import { freshDatabase } from '@tests/helpers/test-app'
import { createTokenService } from '@server/lib/tokens'
import { contactImportJobs, contactImportRows, contacts } from './contacts.table'

/**
 * The server is killed (kill -9) in the middle of a contact import; a new server on the same
 * database finishes it, and no row is applied twice. Two processes on one database: PostgreSQL
 * only (the embedded database belongs to one process).
 */

const ROWS = 1_500
const cleanup: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
})

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe.skipIf(!process.env.DATABASE_URL)('a server killed during a contact import', () => {
  test(
    'a restart finishes the import without applying a row twice',
    { timeout: 120_000 },
    async () => {
      const database = await freshDatabase()
      cleanup.push(database.drop, () => database.handle.close())
      const secrets = processSecrets()
      let server: ServerProcess = await startServerProcess(database.url!, secrets)
      cleanup.push(() => server.stop())

      const db = database.handle.db
      const company = await buildCompany(db)
      const agent = await buildUser(db, { company })
      const token = await createTokenService(
        secrets.JWT_SECRET,
        secrets.JWT_REFRESH_SECRET,
      ).signAccess({
        userId: agent.id,
        companyId: company.id,
        tokenVersion: agent.tokenVersion,
        sessionId: randomUUID(),
      })
      const started = await fetch(`${server.url}/contactsImport/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          rows: Array.from({ length: ROWS }, (_, index) => ({
            name: `Cliente ${index + 1}`,
            number: `5511980${String(index + 1).padStart(6, '0')}`,
            tags: 'importados',
          })),
        }),
      })
      expect(started.status).toBe(202)
      const { id: importId } = (await started.json()) as ImportJobDto
      const job = async () => {
        const [row] = await db
          .select()
          .from(contactImportJobs)
          .where(
            and(eq(contactImportJobs.companyId, company.id), eq(contactImportJobs.id, importId)),
          )
        return row!
      }

      await waitFor(async () => (await job()).processed >= 300, 60_000)
      await server.crash()
      const interrupted = await job()
      expect(interrupted.status).toBe('running')
      expect(interrupted.processed).toBeLessThan(ROWS)

      server = await startServerProcess(database.url!, secrets)
      await waitFor(async () => (await job()).status !== 'running', 60_000)

      expect(await job()).toMatchObject({
        status: 'done',
        processed: ROWS,
        created: ROWS,
        updated: 0,
        skipped: 0,
      })
      const outcomes = await db
        .select({ status: contactImportRows.status, count: sql<number>`count(*)::int` })
        .from(contactImportRows)
        .where(eq(contactImportRows.importId, importId))
        .groupBy(contactImportRows.status)
      expect(outcomes).toEqual([{ status: 'created', count: ROWS }])
      // A row applied twice would have updated the contact its first application created.
      const stored = await db
        .select({
          count: sql<number>`count(*)::int`,
          updated: sql<number>`count(*) FILTER (WHERE ${contacts.updatedAt} > ${contacts.createdAt})::int`,
        })
        .from(contacts)
        .where(eq(contacts.companyId, company.id))
      expect(stored).toEqual([{ count: ROWS, updated: 0 }])
    },
  )
})
