import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { buildCompany, buildContact } from '@tests/factories'
import { companies } from '@server/modules/companies/companies.table'
import { contacts } from '@server/modules/contacts/contacts.table'
import { openDatabase } from './client'

/**
 * The embedded database is a PostgreSQL server the app starts itself. It must come back with
 * every committed row after the app is killed (the server it started is left running) and
 * after the server itself is killed, and it takes over the PGlite folder of earlier versions.
 */

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
function dataFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'atende-embedded-'))
  folders.push(folder)
  return folder
}

const open = (dataDir: string) =>
  openDatabase({
    databaseUrl: null,
    embeddedDir: join(dataDir, 'postgres'),
    pgliteDir: join(dataDir, 'pglite'),
  })

const countOf = async (
  handle: Awaited<ReturnType<typeof open>>,
  table: typeof companies | typeof contacts,
) => {
  const [row] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(table)
  return row!.count
}

const poolOf = (handle: Awaited<ReturnType<typeof open>>) =>
  (handle.db as unknown as { $client: pg.Pool }).$client

/** SIGKILL for the server's postmaster and every process it forked, as an OOM kill would. */
function killServer(dataDir: string) {
  const postmaster = Number(
    readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  )
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map(Number)
  process.kill(postmaster, 'SIGKILL')
  for (const child of children) process.kill(child, 'SIGKILL')
}

// Independent of DATABASE_URL: it runs once, in the pass without it.
describe.skipIf(process.env.DATABASE_URL)(
  'the embedded PostgreSQL server',
  { timeout: 120_000 },
  () => {
    test('an app killed without closing leaves a server the next start takes over', async () => {
      const dataDir = dataFolder()
      const first = await open(dataDir)
      await first.migrate()
      await buildCompany(first.db)
      // The app dies here: its pool is gone, the server it started runs on, holding the folder.
      await poolOf(first).end()

      const second = await open(dataDir)
      expect(await countOf(second, companies)).toBe(1)
      await second.close()
    })

    test.skipIf(process.platform !== 'linux')(
      'a server killed with SIGKILL comes back with every committed row',
      async () => {
        const dataDir = dataFolder()
        const first = await open(dataDir)
        await first.migrate()
        const company = await buildCompany(first.db)
        for (let i = 0; i < 20; i++) await buildContact(first.db, company)
        killServer(dataDir)
        await poolOf(first)
          .end()
          .catch(() => undefined)

        const second = await open(dataDir)
        expect(await countOf(second, contacts)).toBe(20)
        await second.close()
      },
    )

    test('the PGlite folder of an earlier version moves in once, ids going on after its own', async () => {
      const dataDir = dataFolder()
      const legacy = await openDatabase({ databaseUrl: null, pgliteDir: join(dataDir, 'pglite') })
      await legacy.migrate()
      const company = await buildCompany(legacy.db)
      const kept = await buildContact(legacy.db, company, { name: 'Cliente antigo' })
      await legacy.close()

      const moved = await open(dataDir)
      await moved.migrate()
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false)
      expect(existsSync(join(dataDir, 'pglite.moved'))).toBe(true)
      const [contact] = await moved.db.select().from(contacts).where(eq(contacts.id, kept.id))
      expect(contact).toMatchObject({ name: 'Cliente antigo', companyId: company.id })
      // The search column is generated: computed again by the server, not copied.
      const found = await moved.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(sql`${contacts.searchText} LIKE ${'%antigo%'}`)
      expect(found).toHaveLength(1)
      const next = await buildContact(moved.db, company)
      expect(next.id).toBeGreaterThan(kept.id)
      await moved.close()

      const again = await open(dataDir)
      await again.migrate()
      expect(await countOf(again, companies)).toBe(1)
      await again.close()
    })
  },
)
