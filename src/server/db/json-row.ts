import { is, sql, type GetColumnData, type SQL } from 'drizzle-orm'
import { PgTimestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

/** One group of a row's layout: its field names and the columns or SQL they come from. */
type Fields = Record<string, AnyPgColumn | SQL>

/**
 * What a column or SQL value becomes inside JSON: timestamps travel as epoch milliseconds,
 * which `new Date` takes far faster than text.
 */
type InJson<T> = T extends Date ? number : T
type JsonFields<T extends Fields> = {
  [K in keyof T]: T[K] extends AnyPgColumn
    ? InJson<GetColumnData<T[K]>>
    : T[K] extends SQL<infer V>
      ? V
      : never
}

/** `floor` drops the microseconds as the driver's own Date parsing does, before 1970 too. */
const inJson = (value: AnyPgColumn | SQL) =>
  is(value, PgTimestamp) ? sql`floor(extract(epoch FROM ${value}) * 1000)` : value

/**
 * A row sent as one JSON array of values, in the order of `layout`'s groups and fields, and
 * read back into those groups. Groups named in `joined` come from left joins: null when their
 * `id` is. (PostgreSQL takes at most 100 arguments per function call.)
 */
export function jsonRow<L extends Record<string, Fields>, J extends keyof L>(
  layout: L,
  joined: J[],
) {
  type Row = { [G in keyof L]: G extends J ? JsonFields<L[G]> | null : JsonFields<L[G]> }
  return {
    sql: sql<unknown[]>`json_build_array(${sql.join(
      Object.values(layout).flatMap((fields) => Object.values(fields).map(inJson)),
      sql`, `,
    )})`,
    read: rowReader(layout, joined as string[]) as (values: unknown[]) => Row,
  }
}

/**
 * A function that reads a row's values into the layout's groups, compiled from the layout as
 * object literals: a page's 40 rows of 45 values read in 0.01 ms, against 0.3 ms in the app
 * when each value was stored under a key taken from a list. The source holds only the
 * layout's own names and positions, never a value.
 */
function rowReader(layout: Record<string, Fields>, joined: string[]) {
  let at = 0
  const groups = Object.entries(layout).map(([name, fields]) => {
    const keys = Object.keys(fields)
    const first = at
    const group = `{${keys.map((key) => `${JSON.stringify(key)}: values[${at++}]`).join(', ')}}`
    const id = `values[${first + keys.indexOf('id')}]`
    const value = joined.includes(name) ? `${id} === null ? null : ${group}` : group
    return `${JSON.stringify(name)}: ${value}`
  })
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- built from the layout only
  return new Function('values', `return { ${groups.join(', ')} }`) as (values: unknown[]) => unknown
}
