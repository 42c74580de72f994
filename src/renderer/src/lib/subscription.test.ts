import { describe, expect, it } from 'vitest'
import { subscriptionState } from './subscription'

const noon = new Date('2025-03-10T15:00:00Z')
const company = (dueDate: string, id = 7) => ({ id, dueDate, timezone: 'America/Sao_Paulo' })

describe('subscriptionState', () => {
  it.each([
    ['2025-03-20', { expired: false, daysLeft: 10, warn: false }],
    ['2025-03-15', { expired: false, daysLeft: 5, warn: false }],
    ['2025-03-14', { expired: false, daysLeft: 4, warn: true }],
    ['2025-03-10', { expired: false, daysLeft: 0, warn: true }],
    ['2025-03-09', { expired: true, daysLeft: -1, warn: false }],
  ])('due %s', (dueDate, expected) => {
    expect(subscriptionState(company(dueDate), noon)).toEqual(expected)
  })

  it('never expires the platform company', () => {
    expect(subscriptionState(company('2000-01-01', 1), noon)).toEqual({
      expired: false,
      daysLeft: null,
      warn: false,
    })
  })

  it('counts days in the company time zone', () => {
    const lateEvening = new Date('2025-03-11T01:00:00Z')
    expect(subscriptionState(company('2025-03-10'), lateEvening).daysLeft).toBe(0)
    expect(
      subscriptionState({ ...company('2025-03-10'), timezone: 'Europe/Istanbul' }, lateEvening)
        .daysLeft,
    ).toBe(-1)
  })
})
