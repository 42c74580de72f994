import { describe, expect, it } from 'vitest'
import { conditionSchema, toConditionData } from './condition-schema'

describe('condition block form (002 §4.2)', () => {
  it('takes a variable, an operator from 1 to 5 and a value', () => {
    const values = conditionSchema.validateSync({ key: ' idade ', condition: 2, value: ' 18 ' })
    expect(toConditionData(values)).toEqual({ key: 'idade', condition: 2, value: '18' })
  })

  it('requires the variable', () => {
    expect(() => conditionSchema.validateSync({ key: ' ', condition: 1, value: '' })).toThrow(
      'validation.conditionKey',
    )
  })

  it('refuses an operator outside 1..5', () => {
    expect(() => conditionSchema.validateSync({ key: 'x', condition: 6, value: '' })).toThrow(
      'validation.operator',
    )
  })
})
