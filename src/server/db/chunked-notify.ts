/**
 * Messages of any size over PostgreSQL NOTIFY, whose payload must stay under 8000 bytes. The
 * body's UTF-8 bytes travel in base64 (ASCII: a cut never splits a character), in parts of at
 * most `PART_CHARS`, each part a JSON note with the message's kind, id and header fields. The
 * sender sends all parts in one statement, hence one transaction: they arrive all or none, and
 * are put back together by index.
 */

/** Base64 characters per note: leaves room under the 8000-byte limit for the header. */
export const PART_CHARS = 7_000
/** Parts of one message at most (about 5 MB of body); a larger count is not ours. */
const MAX_PARTS = 1_000

/** What identifies a message and says what it is; fields beside `kind` and `id` are the sender's. */
export interface NoteHeader {
  kind: string
  id: string
  [field: string]: string | number
}

/** The notes that carry `body` with `header`. */
export function splitIntoNotes(header: NoteHeader, body: string): string[] {
  const data = Buffer.from(body, 'utf8').toString('base64')
  const parts = Math.max(1, Math.ceil(data.length / PART_CHARS))
  if (parts > MAX_PARTS) throw new Error(`message too large for notifications: ${body.length}`)
  return Array.from({ length: parts }, (_, part) =>
    JSON.stringify({
      ...header,
      part,
      parts,
      data: data.slice(part * PART_CHARS, (part + 1) * PART_CHARS),
    }),
  )
}

interface Note {
  kind: string
  id: string
  part: number
  parts: number
  data: string
  [field: string]: unknown
}

function parseNote(payload: string): Note | null {
  let note: unknown
  try {
    note = JSON.parse(payload)
  } catch {
    return null
  }
  const { kind, id, part, parts, data } = (note ?? {}) as Partial<Record<string, unknown>>
  const valid =
    typeof kind === 'string' &&
    typeof id === 'string' &&
    typeof data === 'string' &&
    Number.isInteger(parts) &&
    Number.isInteger(part) &&
    (parts as number) >= 1 &&
    (parts as number) <= MAX_PARTS &&
    (part as number) >= 0 &&
    (part as number) < (parts as number)
  return valid ? (note as Note) : null
}

/** A whole message: the first note's fields (its header) and the body. */
export interface AssembledMessage {
  header: Record<string, unknown>
  body: string
}

/**
 * Puts notes back together, one message at a time by kind and id; anything malformed is
 * dropped. `clear` forgets partial messages (their connection dropped: the rest never comes).
 */
export function createNoteAssembler() {
  const partial = new Map<string, { header: Note; data: (string | undefined)[]; left: number }>()
  return {
    /** The message `payload` completes, or null. */
    add(payload: string): AssembledMessage | null {
      const note = parseNote(payload)
      if (!note) return null
      const key = `${note.kind}:${note.id}`
      let message = partial.get(key)
      if (!message) {
        message = {
          header: note,
          data: new Array<string | undefined>(note.parts),
          left: note.parts,
        }
        partial.set(key, message)
      }
      if (note.parts !== message.data.length || message.data[note.part] !== undefined) return null
      message.data[note.part] = note.data
      message.left -= 1
      if (message.left > 0) return null
      partial.delete(key)
      const header: Record<string, unknown> = { ...message.header }
      delete header.part
      delete header.parts
      delete header.data
      return { header, body: Buffer.from(message.data.join(''), 'base64').toString('utf8') }
    },
    clear() {
      partial.clear()
    },
  }
}
