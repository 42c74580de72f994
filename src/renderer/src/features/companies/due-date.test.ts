import { describe, expect, test } from 'vitest'
import { advanceDueDate, dueDateTone, formatBytes } from './due-date'

describe('dueDateTone (001 §4)', () => {
  test.each([
    ['2026-01-20', null],
    ['2026-01-16', null],
    ['2026-01-15', 'warning'],
    ['2026-01-11', 'warning'],
    ['2026-01-10', 'danger'],
    ['2025-12-31', 'danger'],
  ] as const)('due %s seen on 2026-01-10 → %s', (dueDate, tone) => {
    expect(dueDateTone(dueDate, '2026-01-10')).toBe(tone)
  })
})

describe('advanceDueDate: 1, 2, 3, 6 or 12 months by recurrence', () => {
  test.each([
    ['MENSAL', '2026-02-15'],
    ['BIMESTRAL', '2026-03-15'],
    ['TRIMESTRAL', '2026-04-15'],
    ['SEMESTRAL', '2026-07-15'],
    ['ANUAL', '2027-01-15'],
  ])('%s', (recurrence, next) => {
    expect(advanceDueDate('2026-01-15', recurrence)).toBe(next)
  })

  test('the end of a month stays inside the target month; December rolls the year', () => {
    expect(advanceDueDate('2026-01-31', 'MENSAL')).toBe('2026-02-28')
    expect(advanceDueDate('2028-01-31', 'MENSAL')).toBe('2028-02-29')
    expect(advanceDueDate('2026-12-10', 'MENSAL')).toBe('2027-01-10')
    expect(advanceDueDate('2026-08-31', 'SEMESTRAL')).toBe('2027-02-28')
  })

  test('an unknown recurrence counts as monthly', () => {
    expect(advanceDueDate('2026-01-15', '')).toBe('2026-02-15')
  })
})

test('formatBytes', () => {
  expect(formatBytes(0)).toBe('0 B')
  expect(formatBytes(1536)).toBe('1.5 KB')
  expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB')
})
