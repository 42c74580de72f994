import { validationError } from './app-error'

/** The largest id a PostgreSQL integer column holds: a larger one would fail in the database. */
export const MAX_ID = 2_147_483_647

export const isId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID

/**
 * `[1,2]` in a query string → [1, 2]; malformed JSON or out-of-range ids are the caller's 400.
 * `allowNone` also takes 0, which a filter reads as "without one" (the report's queues).
 */
export function parseIdList(
  value: string | undefined,
  field: string,
  options: { allowNone?: boolean } = {},
): number[] | null {
  if (value === undefined) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw validationError(field)
  }
  const valid = (item: unknown) => isId(item) || (options.allowNone === true && item === 0)
  if (!Array.isArray(parsed) || !parsed.every(valid)) throw validationError(field)
  return [...new Set(parsed)]
}
