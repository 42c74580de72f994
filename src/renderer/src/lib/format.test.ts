import { describe, expect, it } from 'vitest'
import { formatDay, formatMoney } from './format'

describe('formatDay', () => {
  it('keeps the calendar day whatever the time zone', () => {
    expect(formatDay('2025-03-01', 'pt-BR')).toBe('01/03/2025')
    expect(formatDay('2025-03-01', 'en')).toBe('3/1/25')
  })

  it('returns what it cannot parse as it is', () => {
    expect(formatDay('soon', 'pt-BR')).toBe('soon')
  })
})

describe('formatMoney', () => {
  it('formats BRL in the interface language', () => {
    expect(formatMoney('49.90', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 49,90')
    expect(formatMoney('49,90', 'en')).toBe('R$49.90')
    expect(formatMoney('abc', 'en')).toBe('abc')
  })
})
