import { describe, expect, it } from 'vitest'
import { CAMPAIGN_SETTING_DEFAULTS } from '@shared/contracts/campaigns'
import { gapSeconds, nextSlot, withinWindow } from './campaigns.pacing'

const settings = { ...CAMPAIGN_SETTING_DEFAULTS }
const SP = 'America/Sao_Paulo'

describe('gapSeconds', () => {
  it('switches to the longer gap after longerIntervalAfter messages; 0 never does', () => {
    expect(gapSeconds(settings, 19)).toBe(20)
    expect(gapSeconds(settings, 20)).toBe(60)
    expect(gapSeconds({ ...settings, longerIntervalAfter: 0 }, 500)).toBe(20)
    expect(gapSeconds({ ...settings, greaterInterval: 0 }, 500)).toBe(20)
  })
})

describe('withinWindow (São Paulo, 09:00–18:00, weekdays)', () => {
  it.each([
    // Tuesday 1 December 2026, 10:00 local (13:00 UTC): inside.
    ['2026-12-01T13:00:00Z', '2026-12-01T13:00:00.000Z'],
    // 07:30 local: the same day's 09:00.
    ['2026-12-01T10:30:00Z', '2026-12-01T12:00:00.000Z'],
    // 18:00 local is closed (end exclusive): Wednesday 09:00.
    ['2026-12-01T21:00:00Z', '2026-12-02T12:00:00.000Z'],
    // Friday 20:00 local: Monday 09:00.
    ['2026-12-04T23:00:00Z', '2026-12-07T12:00:00.000Z'],
    // Saturday noon local: Monday 09:00.
    ['2026-12-05T15:00:00Z', '2026-12-07T12:00:00.000Z'],
  ])('%s → %s', (at, expected) => {
    expect(withinWindow(new Date(at), settings, SP).toISOString()).toBe(expected)
  })

  it('sends on Saturday when it is allowed, and reads the hours in the company time zone', () => {
    expect(
      withinWindow(new Date('2026-12-05T15:00:00Z'), { ...settings, sabado: true }, SP),
    ).toEqual(new Date('2026-12-05T15:00:00Z'))
    // 10:00 in Tokyo on Tuesday is 01:00 UTC.
    expect(
      withinWindow(new Date('2026-12-01T00:30:00Z'), settings, 'Asia/Tokyo').toISOString(),
    ).toBe('2026-12-01T00:30:00.000Z')
  })
})

describe('nextSlot', () => {
  const now = new Date('2026-12-01T13:00:00Z')
  const base = { now, sent: 3, settings, timeZone: SP }

  it('is now for the first message inside the window', () => {
    expect(nextSlot({ ...base, lastSentAt: null, random: 0.5 })).toEqual(now)
  })

  it('keeps the gap after the last send, with up to 20% jitter and never less', () => {
    const lastSentAt = new Date('2026-12-01T12:59:55Z')
    expect(nextSlot({ ...base, lastSentAt, random: 0 }).toISOString()).toBe(
      '2026-12-01T13:00:15.000Z',
    )
    expect(nextSlot({ ...base, lastSentAt, random: 0.999999 }).getTime()).toBeLessThan(
      Date.parse('2026-12-01T13:00:19.000Z'),
    )
    expect(nextSlot({ ...base, lastSentAt, random: 0.5 }).toISOString()).toBe(
      '2026-12-01T13:00:17.000Z',
    )
  })

  it('keeps the provider’s floor to the millisecond above, never below', () => {
    const noGap = {
      ...base.settings,
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    }
    const lastSentAt = new Date('2026-12-01T13:00:00.000Z')
    const slot = nextSlot({ ...base, settings: noGap, lastSentAt, random: 0, minGapMs: 12.5 })
    expect(slot.toISOString()).toBe('2026-12-01T13:00:00.013Z')
  })

  it('moves a slot past the window to the next day', () => {
    const lastSentAt = new Date('2026-12-01T20:59:50Z')
    expect(nextSlot({ ...base, now: lastSentAt, lastSentAt, random: 0 }).toISOString()).toBe(
      '2026-12-02T12:00:00.000Z',
    )
  })
})
