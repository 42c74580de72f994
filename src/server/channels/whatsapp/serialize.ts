/**
 * Baileys objects ↔ JSON that survives a PostgreSQL `jsonb` column.
 *
 * `JSON.stringify(x, BufferJSON.replacer)` is not enough for messages: protobuf instances carry a
 * `toJSON` that runs before any replacer and turns bytes into base64 strings, enums into names and
 * 64-bit integers into strings, so a stored message would no longer look like the one Baileys
 * gave us. `toPlain` walks the value itself instead: Buffers and Uint8Arrays become Baileys'
 * `{type: 'Buffer', data: base64}` (what `BufferJSON.reviver` understands), Longs become numbers,
 * enums stay numbers, Dates become ISO strings. `revive` turns the Buffers back.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

interface LongLike {
  low: number
  high: number
  unsigned: boolean
}

const isLong = (value: object): value is LongLike => {
  const candidate = value as Partial<LongLike>
  return (
    typeof candidate.low === 'number' &&
    typeof candidate.high === 'number' &&
    typeof candidate.unsigned === 'boolean'
  )
}

/** 64-bit protobuf integers (timestamps, file lengths) as plain numbers. */
export function longToNumber(value: LongLike): number {
  const low = value.low >>> 0
  const high = value.unsigned ? value.high >>> 0 : value.high
  return high * 2 ** 32 + low
}

export function toPlain(value: unknown): Json | undefined {
  if (value === null) return null
  switch (typeof value) {
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined
    // PostgreSQL jsonb refuses U+0000 inside strings.
    case 'string':
      return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value
    case 'number':
      return Number.isFinite(value) ? value : null
    case 'boolean':
      return value
    case 'bigint':
      return Number(value)
    default:
      break
  }
  if (value instanceof Uint8Array) {
    const data = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')
    return { type: 'Buffer', data }
  }
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map((item) => toPlain(item) ?? null)
  if (typeof value !== 'object') return undefined
  if (isLong(value)) return longToNumber(value)
  const out: { [key: string]: Json } = {}
  // Own enumerable keys only: protobuf instances keep their defaults on the prototype.
  for (const [key, item] of Object.entries(value)) {
    const plain = toPlain(item)
    if (plain !== undefined) out[key] = plain
  }
  return out
}

const isStoredBuffer = (value: object): value is { type: 'Buffer'; data: string } => {
  const candidate = value as { type?: unknown; data?: unknown }
  return (
    candidate.type === 'Buffer' &&
    typeof candidate.data === 'string' &&
    Object.keys(value).length === 2
  )
}

/** The inverse of `toPlain` (and of `BufferJSON.replacer`): stored Buffers become Buffers again. */
export function revive(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(revive)
  if (Buffer.isBuffer(value)) return value
  if (isStoredBuffer(value)) return Buffer.from(value.data, 'base64')
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[key] = revive(item)
  return out
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
