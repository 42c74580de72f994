import { isId } from './id-list'
import { validationError } from './app-error'

/** A keyset position in lists ordered by (name, id): the last row of the previous page. */
export interface NameCursor {
  name: string
  id: number
}

export const encodeNameCursor = (cursor: NameCursor): string =>
  Buffer.from(JSON.stringify([cursor.name, cursor.id])).toString('base64url')

/** Reads a client's cursor back; anything else than what we encoded is ERR_VALIDATION. */
export function decodeNameCursor(value: string): NameCursor {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    throw validationError('cursor')
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    !isId(parsed[1])
  )
    throw validationError('cursor')
  return { name: parsed[0], id: parsed[1] }
}
