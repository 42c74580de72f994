import { existsSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

const MOVED = 'atende: moved from PGlite'
const ROWS_PER_CHUNK = 1_000

/**
 * Earlier versions kept the embedded database in PGlite (`DATA_DIR/pglite`). On the first start
 * with the embedded PostgreSQL server, that database is brought to the current schema and every
 * row of the app's tables is copied in ONE transaction of the (migrated, empty) server, which
 * also marks the server's database as moved; the PGlite folder is then renamed `pglite.moved`
 * and kept as a backup. A crash before the commit leaves nothing behind and the next start
 * moves again; one after it only renames. Background jobs are not carried over: a contact
 * import still running is marked failed, to be run again.
 */
export async function movePgliteInto(
  connectionString: string,
  pgliteDir: string,
  migrationsFolder: string,
): Promise<void> {
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) return
  const target = new pg.Client({ connectionString })
  await target.connect()
  try {
    if (!(await alreadyMoved(target))) await move(target, pgliteDir, migrationsFolder)
  } finally {
    await target.end()
  }
  await rename(pgliteDir, `${pgliteDir}.moved`)
}

async function move(target: pg.Client, pgliteDir: string, migrationsFolder: string) {
  const source = new PGlite(pgliteDir, { extensions: { pg_trgm } })
  try {
    await migrate(drizzle(source), { migrationsFolder })
    await target.query('BEGIN')
    await refuseUnlessEmpty(target)
    await target.query('SET LOCAL session_replication_role = replica')
    await source.transaction(async (from) => {
      for (const table of await appTables(target)) await copyTable(from, target, table)
    })
    await restartSequences(target)
    await target.query(
      `UPDATE contact_import_jobs SET status = 'failed', error = 'ERR_INTERNAL', "finishedAt" = now() WHERE status = 'running'`,
    )
    await target.query(
      `DO $$ BEGIN EXECUTE format('COMMENT ON DATABASE %I IS %L', current_database(), '${MOVED}'); END $$`,
    )
    await target.query('COMMIT')
  } catch (error) {
    await target.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    await source.close()
  }
}

async function alreadyMoved(target: pg.Client): Promise<boolean> {
  const { rows } = await target.query<{ note: string | null }>(
    `SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = current_database()`,
  )
  return rows[0]?.note === MOVED
}

/** Never merge two databases: the move only fills a server that holds nothing yet. */
async function refuseUnlessEmpty(target: pg.Client) {
  const { rows } = await target.query<{ used: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM companies) AS used',
  )
  if (rows[0]?.used)
    throw new Error(
      'both an embedded PostgreSQL database with data and an older PGlite folder exist: move DATA_DIR/pglite away to keep the first, or DATA_DIR/postgres away to move the second',
    )
}

interface TableColumns {
  table: string
  /** Stored columns only: generated ones are computed again by the server. */
  columns: string[]
}

async function appTables(target: pg.Client): Promise<TableColumns[]> {
  const { rows } = await target.query<TableColumns>(`
    SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      AND a.attgenerated = ''
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
    GROUP BY c.relname
    ORDER BY c.relname`)
  return rows
}

async function copyTable(from: PgliteTransaction, to: pg.Client, { table, columns }: TableColumns) {
  const name = `public.${quote(table)}`
  const list = columns.map(quote).join(', ')
  await from.query(
    `DECLARE moving NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${name} t`,
  )
  let copied = 0
  for (;;) {
    const { rows } = await from.query<{ r: string }>(`FETCH ${ROWS_PER_CHUNK} FROM moving`)
    if (rows.length === 0) break
    await to.query(
      `INSERT INTO ${name} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${name}, $1::json)`,
      [`[${rows.map((row) => row.r).join(',')}]`],
    )
    copied += rows.length
  }
  await from.query('CLOSE moving')
  const { rows } = await to.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${name}`)
  if (rows[0]?.count !== copied)
    throw new Error(`moving ${table}: ${copied} rows read, ${rows[0]?.count} stored`)
}

/** Serial and identity columns go on after the largest id copied. */
async function restartSequences(target: pg.Client) {
  const { rows } = await target.query<{ sequence: string; table: string; column: string }>(`
    SELECT s.oid::regclass::text AS sequence, t.oid::regclass::text AS table, a.attname::text AS column
    FROM pg_class s
    JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
      AND d.refclassid = 'pg_class'::regclass
    JOIN pg_class t ON t.oid = d.refobjid
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    WHERE s.relkind = 'S' AND t.relnamespace = 'public'::regnamespace`)
  for (const { sequence, table, column } of rows)
    await target.query(
      `SELECT setval($1::regclass, COALESCE((SELECT max(${quote(column)}) FROM ${table}), 0) + 1, false)`,
      [sequence],
    )
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`
}
