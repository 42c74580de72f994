import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { validationError } from './app-error'
import { MAX_ID } from './id-list'

/** A row id inside a cursor: what a PostgreSQL integer column holds, so SQL never refuses it. */
export const CursorId = Type.Integer({ minimum: 1, maximum: MAX_ID })

/** Writes and reads back one kind of keyset position. */
export interface KeysetCursor<Position> {
  /** The position as the opaque string a list answers in `nextCursor`. */
  encode: (position: Position) => string
  /** A client's `cursor` back to the position; anything `encode` did not make is 400 `cursor`. */
  decode: (value: string) => Position
}

/**
 * One kind of keyset cursor: the last row's values of a list's sort keys, in the order `fields`
 * names them, travel as a base64url JSON tuple and come back checked against the tuple of the
 * fields' schemas. Every list pages with one of these, so a malformed or out-of-range cursor is
 * the same 400 everywhere instead of an SQL error.
 */
export function keysetCursor<Fields extends TProperties>(
  fields: Fields,
): KeysetCursor<Static<TObject<Fields>>> {
  type Position = Static<TObject<Fields>>
  const keys = Object.keys(fields)
  const tuple = Type.Tuple(Object.values(fields))
  return {
    encode: (position) =>
      Buffer.from(
        JSON.stringify(keys.map((key) => (position as Record<string, unknown>)[key])),
      ).toString('base64url'),
    decode(value) {
      let parsed: unknown
      try {
        parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
      } catch {
        throw validationError('cursor')
      }
      if (!Value.Check(tuple, parsed)) throw validationError('cursor')
      const values = parsed as unknown[]
      return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as Position
    },
  }
}

/** Lists ordered by (name, id), contacts and tags: the previous page's last row. */
const nameCursor = keysetCursor({ name: Type.String(), id: CursorId })

export const encodeNameCursor = nameCursor.encode
export const decodeNameCursor = nameCursor.decode
