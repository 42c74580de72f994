import { sql, type SQL } from 'drizzle-orm'

/**
 * Plain SQL text with `$n` parameters, as libraries that bring their own SQL send it (pg-boss).
 * Text without parameters may hold several statements.
 */
export interface RawSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
}

/** The parts of the embedded database's client that raw SQL needs. */
interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  exec(text: string): Promise<Array<{ rows: unknown[] }>>
}

/** The parts of a node-postgres pool that raw SQL needs. */
interface PoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
}

/**
 * Raw SQL on the embedded database. PGlite's `query` takes one statement; a text without
 * parameters goes through `exec`, which takes several (pg-boss installs its schema that way)
 * and answers the last statement's rows. A failed multi-statement text that opened a transaction
 * would leave PGlite's only connection inside it: it is rolled back.
 */
export function pgliteRawSql(client: PgliteLike): RawSql {
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values)
      try {
        const results = await client.exec(text)
        return results.at(-1) ?? { rows: [] }
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined)
        throw error
      }
    },
  }
}

/** Raw SQL on a PostgreSQL pool: node-postgres takes several statements when there are no values. */
export const poolRawSql = (pool: PoolLike): RawSql => ({
  executeSql: (text, values) => pool.query(text, values),
})

/** A Drizzle database or transaction, as far as raw SQL needs it. */
interface DrizzleExecutor {
  execute(query: SQL): PromiseLike<unknown>
}

/**
 * Raw SQL inside a Drizzle transaction (or on the database), so that a library's write commits
 * or rolls back with ours — a job is enqueued in the transaction that makes it necessary. The
 * `$n` placeholders become Drizzle parameters in order; a placeholder used twice is bound twice.
 */
export function executorRawSql(executor: DrizzleExecutor): RawSql {
  return {
    async executeSql(text, values = []) {
      // Both drivers answer a result with its rows (node-postgres and PGlite alike).
      const result = (await executor.execute(bindParameters(text, values))) as { rows: unknown[] }
      return { rows: result.rows }
    },
  }
}

function bindParameters(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = []
  let last = 0
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)))
    // Drizzle drops an undefined value from a template: it would leave `$n` without a value.
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`)
    last = match.index + match[0].length
  }
  chunks.push(sql.raw(text.slice(last)))
  return sql.join(chunks)
}

/** Raw SQL that knows its statements in flight, so that its owner can wait for them. */
export interface TrackedRawSql extends RawSql {
  /** Resolves when no statement sent through this executor is running. */
  drained(): Promise<void>
  /** How many statements sent through this executor are running now. */
  running(): number
}

/**
 * Tracks the statements sent through `raw`. pg-boss completes or fails a job without awaiting
 * the statement, so its `stop` can resolve while that statement still runs: the job engine
 * drains them before the pool may close under them.
 */
export function trackedRawSql(raw: RawSql): TrackedRawSql {
  const running = new Set<Promise<unknown>>()
  return {
    executeSql(text, values) {
      const statement = raw.executeSql(text, values)
      const settled = statement.then(
        () => undefined,
        () => undefined,
      )
      running.add(settled)
      void settled.then(() => running.delete(settled))
      return statement
    },
    async drained() {
      while (running.size > 0) await Promise.all([...running])
    },
    running: () => running.size,
  }
}
