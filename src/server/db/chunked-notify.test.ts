import { describe, expect, it } from 'vitest'
import { createNoteAssembler, splitIntoNotes } from './chunked-notify'

describe('chunked notifications', () => {
  it('cuts a large body into notes NOTIFY accepts, put back together in any order', () => {
    const body = 'ação 😀 ünïcode '.repeat(3_000)
    const notes = splitIntoNotes({ kind: 'reply', id: 'call-1', status: 'answered' }, body)
    expect(notes.length).toBeGreaterThan(5)
    // PostgreSQL refuses a payload of 8000 bytes or more.
    for (const note of notes) expect(Buffer.byteLength(note)).toBeLessThan(8_000)

    const assembler = createNoteAssembler()
    const [first, ...rest] = notes
    for (const note of rest.reverse()) expect(assembler.add(note)).toBeNull()
    expect(assembler.add(first!)).toEqual({
      header: { kind: 'reply', id: 'call-1', status: 'answered' },
      body,
    })
  })

  it('sends an empty body as one note', () => {
    const notes = splitIntoNotes({ kind: 'reply', id: 'call-2' }, '')
    expect(notes).toHaveLength(1)
    expect(createNoteAssembler().add(notes[0]!)).toEqual({
      header: { kind: 'reply', id: 'call-2' },
      body: '',
    })
  })

  it('drops what is not a note, and forgets partial messages on clear', () => {
    const assembler = createNoteAssembler()
    expect(assembler.add('not json')).toBeNull()
    const note = (part: number, parts: number) =>
      JSON.stringify({ kind: 'ask', id: 'x', part, parts, data: '' })
    expect(assembler.add(note(2, 2))).toBeNull()
    expect(assembler.add(note(0, 0))).toBeNull()
    expect(assembler.add(note(0, 1))).toEqual({ header: { kind: 'ask', id: 'x' }, body: '' })

    const notes = splitIntoNotes({ kind: 'ask', id: 'call-3' }, 'x'.repeat(20_000))
    expect(assembler.add(notes[0]!)).toBeNull()
    // The same part twice counts once.
    expect(assembler.add(notes[0]!)).toBeNull()
    assembler.clear()
    for (const note of notes.slice(1)) expect(assembler.add(note)).toBeNull()
  })
})
