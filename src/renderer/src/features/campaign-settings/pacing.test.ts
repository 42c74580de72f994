import { describe, expect, it } from 'vitest'
import { CAMPAIGN_SETTING_DEFAULTS } from '@shared/contracts/campaigns'
import { pacingSummary } from './pacing'

describe('pacingSummary (reference §1 "Pacing")', () => {
  it('the defaults: 180 an hour, then 60 an hour after the first 20', () => {
    expect(pacingSummary(CAMPAIGN_SETTING_DEFAULTS)).toEqual({
      perHour: 180,
      later: { after: 20, perHour: 60 },
    })
  })

  it('rounds down: a gap that does not divide the hour is never reached more often', () => {
    expect(
      pacingSummary({ messageInterval: 70, longerIntervalAfter: 0, greaterInterval: 0 }).perHour,
    ).toBe(51)
  })

  it('no message interval means no ceiling', () => {
    expect(
      pacingSummary({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 60 }),
    ).toEqual({ perHour: null, later: null })
  })

  it('the longer gap counts only when both its count and its seconds are set', () => {
    expect(
      pacingSummary({ messageInterval: 20, longerIntervalAfter: 0, greaterInterval: 60 }).later,
    ).toBeNull()
    expect(
      pacingSummary({ messageInterval: 20, longerIntervalAfter: 10, greaterInterval: 0 }).later,
    ).toBeNull()
    expect(
      pacingSummary({ messageInterval: 0, longerIntervalAfter: 10, greaterInterval: 180 }).later,
    ).toEqual({ after: 10, perHour: 20 })
  })
})
