import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { openDatabase } from './client'

// Instances share a database only on a PostgreSQL server.
describe.runIf(Boolean(process.env.DATABASE_URL))('migrations', () => {
  test('instances starting together on an empty database migrate it once, both starting', async () => {
    const serverUrl = process.env.DATABASE_URL!
    const name = `atende_migrate_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), pgliteDir: null })),
    )
    try {
      await Promise.all(instances.map((instance) => instance.migrate()))
      const check = new pg.Client({ connectionString: url.toString() })
      await check.connect()
      const { rows } = await check.query<{ applied: number }>(
        'SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations',
      )
      await check.end()
      const journal = (await import('./migrations/meta/_journal.json')) as {
        entries: unknown[]
      }
      expect(rows[0]!.applied).toBe(journal.entries.length)
    } finally {
      await Promise.all(instances.map((instance) => instance.close()))
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  })
})
