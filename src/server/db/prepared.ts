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
