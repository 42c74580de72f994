import { describe, expect, it } from 'vitest'
import { nextOccurrence, occurrenceAt, type Recurrence } from './schedules.recurrence'

const SP = 'America/Sao_Paulo'
/** Friday 30 January 2026, 09:30 in São Paulo. */
const base = new Date('2026-01-30T12:30:00Z')
const monthly: Recurrence = { base, unit: 3, every: 1, dayRule: 4, timeZone: SP }

describe('occurrenceAt', () => {
  it('adds calendar months, clamped to the month end, keeping the time of day', () => {
    expect(occurrenceAt(monthly, 1).toISOString()).toBe('2026-02-28T12:30:00.000Z')
    expect(occurrenceAt(monthly, 2).toISOString()).toBe('2026-03-30T12:30:00.000Z')
  })

  it('counts from the base, so a clamped month does not pull the next ones', () => {
    expect(
      occurrenceAt({ ...monthly, base: new Date('2026-01-31T12:30:00Z') }, 2).toISOString(),
    ).toBe('2026-03-31T12:30:00.000Z')
  })

  it.each([
    // Saturday 28 February 2026.
    [5, '2026-02-27T12:30:00.000Z'],
    [6, '2026-03-02T12:30:00.000Z'],
    [4, '2026-02-28T12:30:00.000Z'],
  ] as const)('day rule %i moves a weekend to %s', (dayRule, expected) => {
    expect(occurrenceAt({ ...monthly, dayRule }, 1).toISOString()).toBe(expected)
  })

  it('adds days and weeks in the company time zone, and minutes as they are', () => {
    expect(occurrenceAt({ ...monthly, unit: 1, every: 3 }, 1).toISOString()).toBe(
      '2026-02-02T12:30:00.000Z',
    )
    expect(occurrenceAt({ ...monthly, unit: 2, every: 1 }, 2).toISOString()).toBe(
      '2026-02-13T12:30:00.000Z',
    )
    expect(occurrenceAt({ ...monthly, unit: 4, every: 45, dayRule: 6 }, 2).toISOString()).toBe(
      '2026-01-30T14:00:00.000Z',
    )
  })
})

describe('nextOccurrence', () => {
  it('is the next one, or the first still ahead after a downtime', () => {
    expect(nextOccurrence(monthly, 0, new Date('2026-01-30T12:31:00Z'))).toEqual({
      index: 1,
      at: new Date('2026-02-28T12:30:00Z'),
    })
    expect(nextOccurrence(monthly, 0, new Date('2026-04-01T00:00:00Z'))).toEqual({
      index: 3,
      at: new Date('2026-04-30T12:30:00Z'),
    })
  })
})
