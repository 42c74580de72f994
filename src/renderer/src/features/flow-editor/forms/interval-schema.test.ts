import { describe, expect, it } from 'vitest'
import { intervalSchema } from './interval-schema'

const messageOf = (sec: unknown) => {
  try {
    intervalSchema.validateSync({ sec })
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('interval block form (002 §5)', () => {
  it.each([1, 60, 120])('takes %i seconds', (sec) => {
    expect(messageOf(sec)).toBeNull()
  })

  it('asks for a value when there is none or it is 0 (Adicione o valor de intervalo)', () => {
    expect(messageOf(0)).toBe('validation.intervalRequired')
    expect(messageOf(-3)).toBe('validation.intervalRequired')
    expect(messageOf('')).toBe('validation.intervalRequired')
  })

  it('refuses more than 120 s (Máximo de tempo atingido 120 segundos)', () => {
    expect(messageOf(121)).toBe('validation.intervalMax')
  })

  it('refuses a fraction of a second', () => {
    expect(messageOf(1.5)).toBe('validation.wholeSeconds')
  })
})
