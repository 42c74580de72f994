import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { existsSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { startEmbeddedPostgres } from './embedded-postgres'
import { movePgliteInto } from './pglite-move'
import { pgliteRawSql, poolRawSql, type RawSql } from './raw-sql'
import * as schema from './schema'
import {
  localSessionLocks,
  postgresSessionLocks,
  type LocalLockTable,
  type SessionLocks,
} from './session-locks'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** An external PostgreSQL server. */
  databaseUrl: string | null
  /**
   * Without databaseUrl: the cluster folder of the embedded PostgreSQL server the app starts
   * itself (`embedded-postgres.ts`); null: PGlite, in `pgliteDir` or in memory (tests, benches).
   */
  embeddedDir?: string | null
  /**
   * A PGlite folder. With embeddedDir, one written by an earlier version: its data moves into the
   * embedded server once (`pglite-move.ts`).
   */
  pgliteDir: string | null
  /** A dump of an embedded database to start from (tests start from a migrated one). */
  pgliteSnapshot?: Blob
}

// buildApp receives the database alone; its instance's owner locks and the raw SQL access that
// libraries with their own SQL need (pg-boss) come from how it was opened.
const lockOpeners = new WeakMap<Database, () => SessionLocks>()
const rawSqlAccess = new WeakMap<Database, RawSql>()
const sharedPools = new WeakMap<Database, pg.Pool>()

/**
 * A new set of owner locks on a database opened by `openDatabase`: one per server instance,
 * so two apps on one database (two instances, or two in a test) exclude each other.
 */
export function openSessionLocks(db: Database): SessionLocks {
  const open = lockOpeners.get(db)
  if (!open) throw new Error('session locks need a database opened by openDatabase')
  return open()
}

/**
 * The connection pool of an external PostgreSQL server (DATABASE_URL), which other instances may
 * share; null for the embedded server (this process's own) and PGlite.
 */
export function sharedPoolOf(db: Database): pg.Pool | null {
  return sharedPools.get(db) ?? null
}

/** Raw SQL on a database opened by `openDatabase`, outside any transaction (the job engine). */
export function rawSqlOf(db: Database): RawSql {
  const raw = rawSqlAccess.get(db)
  if (!raw) throw new Error('raw SQL needs a database opened by openDatabase')
  return raw
}

/** A PostgreSQL server: DATABASE_URL's, else the embedded one; PGlite for tests and benches. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder()
  if (options.databaseUrl) {
    const handle = await openServer(options.databaseUrl, migrationsFolder)
    sharedPools.set(handle.db, handle.pool)
    return handle
  }
  if (options.embeddedDir) {
    const server = await startEmbeddedPostgres(options.embeddedDir)
    const { connectionString } = server
    const handle = await openServer(connectionString, migrationsFolder).catch(
      async (error: unknown) => {
        await server.stop()
        throw error
      },
    )
    return {
      ...handle,
      async migrate() {
        await handle.migrate()
        if (options.pgliteDir)
          await movePgliteInto(connectionString, options.pgliteDir, migrationsFolder)
      },
      async close() {
        await handle.close()
        await server.stop()
      },
    }
  }
  const extensions = { pg_trgm }
  const loadDataDir = options.pgliteSnapshot
  const client =
    options.pgliteDir === null
      ? new PGlite({ extensions, ...(loadDataDir ? { loadDataDir } : {}) })
      : new PGlite(options.pgliteDir, { extensions, ...(loadDataDir ? { loadDataDir } : {}) })
  await client.waitReady
  const db = drizzlePglite(client, { schema })
  const lockTable: LocalLockTable = new Map()
  lockOpeners.set(db, () => localSessionLocks(lockTable))
  rawSqlAccess.set(db, pgliteRawSql(client))
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  }
}

async function openServer(
  connectionString: string,
  migrationsFolder: string,
): Promise<DatabaseHandle & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // An idle client cut by the server (restart, failover) must not crash the process: the pool
  // drops it and opens another on the next query.
  pool.on('error', (error) => process.emitWarning(error))
  const db = drizzleNodePg(pool, { schema })
  lockOpeners.set(db, () => postgresSessionLocks({ connectionString }))
  rawSqlAccess.set(db, poolRawSql(pool))
  return {
    db,
    pool,
    kind: 'postgres',
    migrate: () => oneAtATime(pool, MIGRATION_LOCK, () => migrateNodePg(db, { migrationsFolder })),
    close: () => pool.end(),
  }
}

/** The advisory lock key under which an instance migrates (the seed's is 7263001). */
const MIGRATION_LOCK = 7263002

/**
 * Runs `work` holding a session advisory lock on a connection of its own: instances starting
 * together migrate one after the other (drizzle's migrator reads what is applied, then applies
 * the rest in one transaction; two at once would both apply the same migration).
 */
async function oneAtATime<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect()
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [key])
    try {
      return await work()
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [key])
    }
  } finally {
    holder.release()
  }
}

/** Migrations sit beside the sources in development and beside the bundle once built. */
function findMigrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  const candidates = [join(here, 'migrations'), join(here, 'db', 'migrations')]
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')))
  if (!found) throw new Error(`migrations not found near ${here}`)
  return found
}
