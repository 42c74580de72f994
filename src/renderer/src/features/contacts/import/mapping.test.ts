import { describe, expect, it } from 'vitest'
import { assignColumn, guessMapping, mappingProblem, mapRows, type ColumnMapping } from './mapping'

const all = (count: number) => new Set(Array.from({ length: count }, (_, index) => index))

describe('contact import mapping (000 §5)', () => {
  it('maps each field to one column only', () => {
    const first = assignColumn({}, 0, 'name')
    expect(first).toEqual({ mapping: { 0: 'name' } })
    const mapping = 'mapping' in first ? first.mapping : {}
    expect(assignColumn(mapping, 1, 'name')).toEqual({ duplicate: 'name' })
    // Choosing the same field again for its own column is not a duplicate.
    expect(assignColumn(mapping, 0, 'name')).toEqual({ mapping: { 0: 'name' } })
  })

  it('clears a column and frees its field for another one', () => {
    const cleared = assignColumn({ 0: 'name', 1: 'number' }, 0, null)
    expect(cleared).toEqual({ mapping: { 1: 'number' } })
    const mapping = 'mapping' in cleared ? cleared.mapping : {}
    expect(assignColumn(mapping, 2, 'name')).toEqual({ mapping: { 1: 'number', 2: 'name' } })
  })

  it('asks for the number column first, then the name column, then a row', () => {
    expect(mappingProblem({}, all(2))).toEqual({ kind: 'missingNumber' })
    expect(mappingProblem({ 0: 'name' }, all(2))).toEqual({ kind: 'missingNumber' })
    expect(mappingProblem({ 1: 'number' }, all(2))).toEqual({ kind: 'missingName' })
    expect(mappingProblem({ 0: 'name', 1: 'number' }, new Set())).toEqual({
      kind: 'noRowSelected',
    })
    expect(mappingProblem({ 0: 'name', 1: 'number' }, all(1))).toBeNull()
  })

  it('keeps the selected rows that have a name and a number, and lists the others by sheet row', () => {
    const rows = [
      ['Ana', '+55 11 98888-7777', 'ana@example.com', 'vip, lead'],
      ['', '5511977776666', '', ''],
      ['Caio', '  ', '', ''],
      ['Duda', '005511966665555', ' duda@example.com ', ''],
      ['Edu', '5511955554444', '', ''],
    ]
    const mapping: ColumnMapping = { 0: 'name', 1: 'number', 2: 'email', 3: 'tags' }
    const { contacts, sheetRows, leftOut } = mapRows(rows, mapping, new Set([0, 1, 2, 3]))
    expect(contacts).toEqual([
      { name: 'Ana', number: '+55 11 98888-7777', email: 'ana@example.com', tags: 'vip, lead' },
      { name: 'Duda', number: '005511966665555', email: 'duda@example.com', tags: '' },
    ])
    // The header is the sheet's row 1: the first data row is row 2.
    expect(sheetRows).toEqual([2, 5])
    expect(leftOut).toEqual([
      { row: 3, reason: 'missingName', name: '', number: '5511977776666' },
      { row: 4, reason: 'missingNumber', name: 'Caio', number: '' },
    ])
  })

  it('guesses the usual headers once each, whatever their case', () => {
    expect(guessMapping(['Nome', 'Número', 'E-mail', 'Nome', 'Obs'])).toEqual({
      0: 'name',
      1: 'number',
      2: 'email',
    })
    expect(guessMapping(['phone', 'NAME', 'tags'])).toEqual({ 0: 'number', 1: 'name', 2: 'tags' })
  })
})
