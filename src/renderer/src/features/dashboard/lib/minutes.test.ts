import { describe, expect, it } from 'vitest'
import { formatMinutes } from './minutes'

describe('formatMinutes (000 §9: minutes as HHh MMm)', () => {
  it.each([
    [0, '00h 00m'],
    [5, '00h 05m'],
    [59.4, '00h 59m'],
    [59.5, '01h 00m'],
    [75.5, '01h 16m'],
    [600, '10h 00m'],
    [6061, '101h 01m'],
  ])('%s minutes read %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text)
  })

  it('shows nothing measured for what is not a duration', () => {
    expect([Number.NaN, -3, Number.POSITIVE_INFINITY].map(formatMinutes)).toEqual([
      '00h 00m',
      '00h 00m',
      '00h 00m',
    ])
  })
})
