import { describe, expect, it } from 'vitest'
import { randomizerSchema } from './randomizer-schema'

describe('randomizer form (002 §9)', () => {
  it.each([0, 10, 50, 100])('takes %i%%', (percent) => {
    expect(randomizerSchema.isValidSync({ percent })).toBe(true)
  })

  it.each([5, 55, -10, 110])('refuses %i%%', (percent) => {
    expect(() => randomizerSchema.validateSync({ percent })).toThrow('validation.percent')
  })
})
