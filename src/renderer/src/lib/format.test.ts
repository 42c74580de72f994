import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatDay, formatMoney, formatTime } from './format'

describe('formatDay', () => {
  it('keeps the calendar day whatever the time zone', () => {
    expect(formatDay('2025-03-01', 'pt-BR')).toBe('01/03/2025')
    expect(formatDay('2025-03-01', 'en')).toBe('03/01/2025')
  })

  it.each([
    ['pt-BR', '31/12/2999'],
    ['en', '12/31/2999'],
    ['es', '31/12/2999'],
    ['tr', '31.12.2999'],
  ])('writes the year with four digits in %s (the far-off due date)', (locale, expected) => {
    expect(formatDay('2999-12-31', locale)).toBe(expected)
  })

  it('returns what it cannot parse as it is', () => {
    expect(formatDay('soon', 'pt-BR')).toBe('soon')
  })
})

describe('instants', () => {
  const evening = new Date(2026, 11, 26, 17, 39)

  it.each(['pt-BR', 'en', 'es', 'tr'])('%s reads the time on the 24-hour clock', (locale) => {
    expect(formatTime(evening, locale)).toBe('17:39')
    expect(formatTime(new Date(2026, 11, 26, 0, 5).toISOString(), locale)).toBe('00:05')
  })

  it('formats date and time in the language given, not the browser’s', () => {
    expect(formatDate(evening, 'pt-BR')).toBe('26/12/2026')
    expect(formatDate(evening.toISOString(), 'en')).toBe('12/26/2026')
    expect(formatDateTime(evening, 'pt-BR')).toBe('26/12/2026, 17:39')
    expect(formatDateTime(evening, 'en')).toBe('12/26/2026, 17:39')
    expect(formatDateTime(evening, 'tr')).toBe('26.12.2026 17:39')
  })

  it('returns what it cannot read as it is', () => {
    expect(formatDateTime('later', 'pt-BR')).toBe('later')
    expect(formatTime(new Date(Number.NaN), 'pt-BR')).toBe('')
  })
})

describe('formatMoney', () => {
  it('formats BRL in the interface language', () => {
    expect(formatMoney('49.90', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 49,90')
    expect(formatMoney('49,90', 'en')).toBe('R$49.90')
    expect(formatMoney('abc', 'en')).toBe('abc')
  })
})
