import pg from 'pg'
import { openDatabase } from '@server/db/client'

/**
 * A bench's database, migrated: a database named `name` kept on the DATABASE_URL server so that
 * later runs skip generating its data, or else PGlite, in memory or in `pgliteDir` (for a
 * server process of its own to open after the bench has filled it).
 */
export async function openBenchDatabase(name: string, pgliteDir: string | null = null) {
  const handle = process.env.DATABASE_URL
    ? await openPersistent(new URL(process.env.DATABASE_URL), name)
    : await openDatabase({ databaseUrl: null, pgliteDir })
  await handle.migrate()
  return handle
}

async function openPersistent(server: URL, name: string) {
  const admin = new pg.Client({ connectionString: server.toString() })
  await admin.connect()
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  server.pathname = `/${name}`
  return openDatabase({ databaseUrl: server.toString(), pgliteDir: null })
}
