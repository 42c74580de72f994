import { Type } from '@sinclair/typebox'
import { describe, expect, test } from 'vitest'
import { MAX_ID } from './id-list'
import { CursorId, decodeNameCursor, encodeNameCursor, keysetCursor } from './keyset-cursor'

const tupleOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** What a refused cursor throws: the catalogue's validation error naming the field. */
const refused = { code: 'ERR_VALIDATION', details: { field: 'cursor' } }

describe('keysetCursor', () => {
  const timeCursor = keysetCursor({
    at: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    id: CursorId,
  })

  test('a position survives the round trip, as a base64url tuple in field order', () => {
    const encoded = timeCursor.encode({ at: '2026-11-20', id: 42 })
    expect(JSON.parse(Buffer.from(encoded, 'base64url').toString())).toEqual(['2026-11-20', 42])
    expect(timeCursor.decode(encoded)).toEqual({ at: '2026-11-20', id: 42 })
    expect(timeCursor.decode(timeCursor.encode({ at: '2026-11-20', id: MAX_ID }))).toEqual({
      at: '2026-11-20',
      id: MAX_ID,
    })
  })

  test.each([
    ['not base64 JSON', 'nope'],
    ['an object instead of a tuple', tupleOf({ at: '2026-11-20', id: 1 })],
    ['a short tuple', tupleOf(['2026-11-20'])],
    ['a long tuple', tupleOf(['2026-11-20', 1, 2])],
    ['a value off its pattern', tupleOf(['20/11/2026', 1])],
    ['an id of zero', tupleOf(['2026-11-20', 0])],
    ['an id beyond a PostgreSQL integer', tupleOf(['2026-11-20', MAX_ID + 1])],
    ['a fractional id', tupleOf(['2026-11-20', 1.5])],
    ['an id as text', tupleOf(['2026-11-20', '1'])],
  ])('%s is the 400 of field cursor', (_case, value) => {
    expect(() => timeCursor.decode(value)).toThrow(expect.objectContaining(refused))
  })
})

describe('name cursor', () => {
  test('round trip of (name, id); the same shapes refused', () => {
    expect(decodeNameCursor(encodeNameCursor({ name: 'Ana', id: 7 }))).toEqual({
      name: 'Ana',
      id: 7,
    })
    for (const value of [tupleOf([7, 'Ana']), tupleOf(['Ana', MAX_ID + 1]), 'nope'])
      expect(() => decodeNameCursor(value)).toThrow(expect.objectContaining(refused))
  })
})
