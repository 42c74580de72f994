import { PassThrough, Readable, Transform, pipeline } from 'node:stream'
import { createInflateRaw } from 'node:zlib'

/**
 * A zip archive held in memory (an uploaded xlsx), read without trusting it: the central
 * directory is checked against the limits before anything is inflated, and an entry is inflated
 * as a stream that fails as soon as it yields more than its declared size. A one-megabyte file
 * can declare a few bytes and inflate to a gigabyte; it is stopped at the bytes it declared.
 */

/** Why an archive was refused: not a zip we can read, or more than the limits allow. */
export class ZipRefusal extends Error {
  override name = 'ZipRefusal'
  constructor(readonly reason: 'invalid' | 'tooLarge') {
    super(reason === 'invalid' ? 'not a readable zip archive' : 'zip archive over its limits')
  }
}

export interface ZipLimits {
  entries: number
  /** The sum of every entry's declared size; each entry is held to its own while inflating. */
  unpackedBytes: number
}

export interface ZipEntry {
  name: string
  method: number
  flags: number
  compressedSize: number
  /** The uncompressed size the archive declares: the most the entry may inflate to. */
  size: number
  localHeaderOffset: number
}

const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_HEADER = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const ZIP64_EXTRA = 0x0001
const ZIP64_MARKER = 0xffffffff
const ENCRYPTED = 0x0001
const STORED = 0
const DEFLATED = 8

const invalid = () => new ZipRefusal('invalid')

function endOfDirectory(data: Buffer): number {
  // The record is 22 bytes followed by a comment of at most 65,535.
  const lowest = Math.max(0, data.length - 22 - 0xffff)
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) return at
  }
  throw invalid()
}

/** Sizes and offset that did not fit 32 bits, from the entry's zip64 extra field. */
function zip64Values(
  extra: Buffer,
  wanted: { size: boolean; compressed: boolean; offset: boolean },
) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at)
    const length = extra.readUInt16LE(at + 2)
    if (id === ZIP64_EXTRA) {
      let field = at + 4
      const next = () => {
        if (field + 8 > at + 4 + length) throw invalid()
        const value = extra.readBigUInt64LE(field)
        field += 8
        return value > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(value)
      }
      return {
        size: wanted.size ? next() : undefined,
        compressedSize: wanted.compressed ? next() : undefined,
        offset: wanted.offset ? next() : undefined,
      }
    }
    at += 4 + length
  }
  throw invalid()
}

/** The archive's entries by name, refused (ZipRefusal) past the limits or when malformed. */
export function readZipDirectory(data: Buffer, limits: ZipLimits): Map<string, ZipEntry> {
  if (data.length < 22) throw invalid()
  const end = endOfDirectory(data)
  const count = data.readUInt16LE(end + 10)
  const directoryOffset = data.readUInt32LE(end + 16)
  if (count > limits.entries) throw new ZipRefusal('tooLarge')
  const entries = new Map<string, ZipEntry>()
  let declared = 0
  let at = directoryOffset
  for (let index = 0; index < count; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_HEADER) throw invalid()
    const nameLength = data.readUInt16LE(at + 28)
    const extraLength = data.readUInt16LE(at + 30)
    const commentLength = data.readUInt16LE(at + 32)
    const nameEnd = at + 46 + nameLength
    if (nameEnd + extraLength > data.length) throw invalid()
    let size = data.readUInt32LE(at + 24)
    let compressedSize = data.readUInt32LE(at + 20)
    let localHeaderOffset = data.readUInt32LE(at + 42)
    if ([size, compressedSize, localHeaderOffset].includes(ZIP64_MARKER)) {
      const wide = zip64Values(data.subarray(nameEnd, nameEnd + extraLength), {
        size: size === ZIP64_MARKER,
        compressed: compressedSize === ZIP64_MARKER,
        offset: localHeaderOffset === ZIP64_MARKER,
      })
      size = wide.size ?? size
      compressedSize = wide.compressedSize ?? compressedSize
      localHeaderOffset = wide.offset ?? localHeaderOffset
    }
    declared += size
    if (declared > limits.unpackedBytes) throw new ZipRefusal('tooLarge')
    const name = data.toString('utf8', at + 46, nameEnd)
    if (!entries.has(name)) {
      entries.set(name, {
        name,
        method: data.readUInt16LE(at + 10),
        flags: data.readUInt16LE(at + 8),
        compressedSize,
        size,
        localHeaderOffset,
      })
    }
    at = nameEnd + extraLength + commentLength
  }
  return entries
}

/**
 * An entry's content as UTF-8 text, inflated as it is read. Fails with ZipRefusal('tooLarge')
 * once it yields more bytes than declared, and with another error when the data is corrupt.
 * Decoding here keeps a character split between two chunks whole.
 */
export function openZipEntry(data: Buffer, entry: ZipEntry): Readable {
  const at = entry.localHeaderOffset
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_HEADER) throw invalid()
  if (entry.flags & ENCRYPTED) throw invalid()
  if (entry.method !== STORED && entry.method !== DEFLATED) throw invalid()
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28)
  if (start + entry.compressedSize > data.length) throw invalid()
  let inflated = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length
      if (inflated > entry.size) done(new ZipRefusal('tooLarge'))
      else done(null, chunk)
    },
  })
  pipeline(
    Readable.from([data.subarray(start, start + entry.compressedSize)]),
    entry.method === DEFLATED ? createInflateRaw() : new PassThrough(),
    counted,
    // Errors reach the reader through `counted`; the pipeline's own callback has nothing to add.
    () => undefined,
  )
  return counted.setEncoding('utf8')
}
