import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  dateIn,
  daysBetween,
  formatCallTime,
  minutesIn,
  todayIn,
} from './dates'

/** 22:00 in São Paulo (UTC-3) is already the next day in Istanbul (UTC+3). */
const lateEvening = new Date('2025-03-11T01:00:00Z')

describe('days', () => {
  it('adds days across months and years, backwards too', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2025-03-10', 0)).toBe('2025-03-10')
  })

  it('adds months clamping the day to the month’s end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28')
    expect(addMonths('2026-12-10', 1)).toBe('2027-01-10')
  })

  it('counts whole days between two days, NaN when one is not a day', () => {
    expect(daysBetween('2025-02-27', '2025-03-01')).toBe(2)
    expect(daysBetween('2025-03-01', '2025-02-27')).toBe(-2)
    expect(daysBetween('2025-03-01', 'soon')).toBeNaN()
  })
})

describe('instants in a time zone', () => {
  it('finds the day an instant falls on in each time zone', () => {
    expect(dateIn('America/Sao_Paulo', lateEvening)).toBe('2025-03-10')
    expect(dateIn('Europe/Istanbul', lateEvening)).toBe('2025-03-11')
  })

  it('refuses an unknown time zone, and today falls back to São Paulo', () => {
    expect(() => dateIn('Not/AZone', lateEvening)).toThrow(RangeError)
    expect(todayIn('Europe/Istanbul', lateEvening)).toBe('2025-03-11')
    expect(todayIn('Not/AZone', lateEvening)).toBe('2025-03-10')
  })

  it('counts minutes since midnight on a 24-hour clock', () => {
    expect(minutesIn('America/Sao_Paulo', lateEvening)).toBe(22 * 60)
    expect(minutesIn('UTC', new Date('2025-03-11T00:05:00Z'))).toBe(5)
  })

  it('writes a call’s time as the pt-BR notice does', () => {
    expect(formatCallTime(lateEvening, 'America/Sao_Paulo')).toBe('22:00')
    expect(formatCallTime(new Date('2025-03-11T09:07:00Z'), 'UTC')).toBe('09:07')
  })
})
