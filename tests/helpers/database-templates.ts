import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { openDatabase, rawSqlOf, type DatabaseHandle } from '@server/db/client'
import { createJobEngine, DEFAULT_JOB_SETTINGS } from '@server/jobs/engine'
import { projectRoot } from './project-root'

/**
 * Migrated databases to copy, so that a test app starts from a copy instead of running every
 * migration again (an embedded database takes seconds to initialise and migrate; a copy, a
 * fraction of one). Keyed by the migrations' contents and the job catalogue: a new migration
 * or job makes a new template.
 */

const migrationsDir = join(projectRoot(), 'src', 'server', 'db', 'migrations')
const jobCatalogue = join(projectRoot(), 'src', 'server', 'jobs', 'catalogue.ts')

function migrationsFingerprint(): string {
  const hash = createHash('sha256').update(readFileSync(jobCatalogue))
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else hash.update(entry.name).update(readFileSync(path))
    }
  }
  walk(migrationsDir)
  return hash.digest('hex').slice(0, 16)
}

/** What every app does first on a new database: migrations, and the job engine's schema. */
async function prepare(handle: DatabaseHandle) {
  await handle.migrate()
  const jobs = createJobEngine(rawSqlOf(handle.db), { info() {}, error() {} }, DEFAULT_JOB_SETTINGS)
  await jobs.start()
  await jobs.stop()
}

let pgliteSnapshot: Promise<Blob> | null = null

/**
 * A dump of a migrated embedded database, kept in the temporary folder for every test process
 * of this machine (written once, renamed into place, so concurrent writers are harmless).
 */
export function migratedPgliteSnapshot(): Promise<Blob> {
  pgliteSnapshot ??= (async () => {
    const path = join(tmpdir(), `atende-test-pglite-${migrationsFingerprint()}.tar`)
    if (existsSync(path)) return new Blob([readFileSync(path)])
    const handle = await openDatabase({ databaseUrl: null, pgliteDir: null })
    await prepare(handle)
    const client = (handle.db as unknown as { $client: PGlite }).$client
    const dump = await client.dumpDataDir('none')
    await handle.close()
    const partial = `${path}.${process.pid}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, path)
    return dump
  })()
  return pgliteSnapshot
}

/**
 * The name of a migrated template database on the PostgreSQL server of `serverUrl`, created
 * under an advisory lock by the first test process that needs it.
 */
export async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `atende_template_${migrationsFingerprint()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`SELECT pg_advisory_lock(hashtext('atende-test-template'))`)
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null })
      await prepare(handle)
      await handle.close()
    }
    return name
  } finally {
    await admin.end()
  }
}
