import { getTableColumns, type Query, type SQL } from 'drizzle-orm'
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './client'

const statements = new WeakMap<Executor, Map<string, unknown>>()

/**
 * A hot query built once per database handle and sent as a named prepared statement: its SQL
 * is not rebuilt on every call and PostgreSQL parses it once per connection. Inside a
 * transaction the statement lives as long as the transaction.
 */
export function prepared<Statement>(
  db: Executor,
  name: string,
  build: (db: Executor, name: string) => Statement,
): Statement {
  let byName = statements.get(db)
  if (!byName) {
    byName = new Map()
    statements.set(db, byName)
  }
  let statement = byName.get(name) as Statement | undefined
  if (!statement) {
    statement = build(db, name)
    byName.set(name, statement)
  }
  return statement
}

/** Renders SQL as the app's databases do (no casing: column names are written as they are). */
const dialect = new PgDialect()
const rendered = new Map<string, Query>()

/**
 * A hot statement the query builder cannot write (an INSERT … SELECT over a JSON array, an
 * UPDATE … FROM unnest), rendered once and sent as a named prepared statement, in or out of a
 * transaction. Its values are `sql.placeholder`s filled from `values`; answers its rows as the
 * driver reads them.
 */
export async function executePrepared<Row>(
  db: Executor,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<Row[]> {
  let query = rendered.get(name)
  if (!query) {
    query = dialect.sqlToQuery(build())
    rendered.set(name, query)
  }
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values)
  return (result as { rows: Row[] }).rows
}

/**
 * A row of `table` as `executePrepared` answers it, read as the query builder reads it: the
 * drivers answer some types raw (PGlite gives dates as text, node-postgres bigints as text).
 * Keys that are not the table's columns are kept as they are.
 */
export function readRow<Row>(table: PgTable, row: Record<string, unknown>): Row {
  const read: Record<string, unknown> = { ...row }
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name]
    if (value !== null && value !== undefined) read[key] = column.mapFromDriverValue(value)
  }
  return read as Row
}
