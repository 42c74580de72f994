import { describe, expect, it } from 'vitest'
import {
  defaultServiceHours,
  isValidServiceHours,
  serviceHoursProblem,
  type ServiceHours,
  type ServiceHoursDay,
} from '@shared/contracts/service-hours'
import { isOpen, weekdayIn } from './service-hours'

const SP = 'America/Sao_Paulo' // UTC−3 all year
/** These cases predate the company and connection modes: a missing day is closed. */
const queueMode = { missingDay: 'closed' } as const
/** A moment given as São Paulo wall time; 2026-11-23 is a Monday. */
const sp = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`)
const MONDAY = '2026-11-23'
const TUESDAY = '2026-11-24'
const SUNDAY = '2026-11-22'

/** Every day closed except the given ones. */
const week = (days: Partial<Record<string, Partial<ServiceHoursDay>>>): ServiceHours =>
  defaultServiceHours().map((day) => ({
    ...day,
    startTimeA: '',
    endTimeA: '',
    startTimeB: '',
    endTimeB: '',
    ...days[day.weekdayEn],
  }))

describe('isOpen', () => {
  it('is always open without service hours', () => {
    expect(isOpen([], sp(MONDAY, '03:00'), SP, queueMode)).toBe(true)
  })

  it('follows the two default shifts, start included and end excluded', () => {
    const hours = defaultServiceHours()
    expect(isOpen(hours, sp(MONDAY, '07:59'), SP, queueMode)).toBe(false)
    expect(isOpen(hours, sp(MONDAY, '08:00'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '11:59'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '12:00'), SP, queueMode)).toBe(false)
    expect(isOpen(hours, sp(MONDAY, '12:30'), SP, queueMode)).toBe(false)
    expect(isOpen(hours, sp(MONDAY, '13:00'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '17:59'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '18:00'), SP, queueMode)).toBe(false)
  })

  it('reads the clock of the company time zone, not the server', () => {
    const hours = week({ monday: { startTimeA: '08:00', endTimeA: '12:00' } })
    // 09:00 in São Paulo is 12:00 UTC and 21:00 in Tokyo.
    const at = sp(MONDAY, '09:00')
    expect(isOpen(hours, at, SP, queueMode)).toBe(true)
    expect(isOpen(hours, at, 'UTC', queueMode)).toBe(false)
    expect(isOpen(hours, at, 'Asia/Tokyo', queueMode)).toBe(false)
    // 23:30 on Sunday in São Paulo is already Monday 08:30 in Tokyo.
    expect(isOpen(hours, sp(SUNDAY, '20:30'), 'Asia/Tokyo', queueMode)).toBe(true)
  })

  it('follows daylight saving time of the zone', () => {
    const hours = week({ monday: { startTimeA: '09:00', endTimeA: '10:00' } })
    // Lisbon is UTC+1 in summer, UTC+0 in winter.
    expect(isOpen(hours, new Date('2026-07-06T08:30:00Z'), 'Europe/Lisbon', queueMode)).toBe(true)
    expect(isOpen(hours, new Date('2026-11-23T08:30:00Z'), 'Europe/Lisbon', queueMode)).toBe(false)
    expect(isOpen(hours, new Date('2026-11-23T09:30:00Z'), 'Europe/Lisbon', queueMode)).toBe(true)
  })

  it('uses the day of the week in the zone', () => {
    expect(weekdayIn(SP, sp(MONDAY, '00:30'))).toBe('monday')
    expect(weekdayIn('UTC', sp(SUNDAY, '22:00'))).toBe('monday')
  })

  it('is closed all day on a day whose two shifts are empty', () => {
    const hours = week({ monday: { startTimeA: '08:00', endTimeA: '18:00' } })
    expect(isOpen(hours, sp(TUESDAY, '10:00'), SP, queueMode)).toBe(false)
    expect(isOpen(hours, sp(SUNDAY, '10:00'), SP, queueMode)).toBe(false)
  })

  it('is closed on a day missing from a non-empty list', () => {
    const hours = defaultServiceHours().filter((day) => day.weekdayEn !== 'monday')
    expect(isOpen(hours, sp(MONDAY, '10:00'), SP, queueMode)).toBe(false)
    expect(isOpen(hours, sp(TUESDAY, '10:00'), SP, queueMode)).toBe(true)
  })

  it('opens a day with only its second shift', () => {
    const hours = week({ monday: { startTimeB: '14:00', endTimeB: '16:00' } })
    expect(isOpen(hours, sp(MONDAY, '10:00'), SP, queueMode)).toBe(false)
    expect(isOpen(hours, sp(MONDAY, '15:00'), SP, queueMode)).toBe(true)
  })

  it.each(['00:00', '23:59'])('reads an end of %s as the end of the day', (end) => {
    const hours = week({ monday: { startTimeA: '20:00', endTimeA: end } })
    expect(isOpen(hours, sp(MONDAY, '19:59'), SP, queueMode)).toBe(false)
    expect(isOpen(hours, sp(MONDAY, '20:00'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '23:59'), SP, queueMode)).toBe(true)
    // The day ends there: Tuesday is closed.
    expect(isOpen(hours, sp(TUESDAY, '00:00'), SP, queueMode)).toBe(false)
  })

  it('opens the whole day from 00:00 to 00:00', () => {
    const hours = week({ monday: { startTimeA: '00:00', endTimeA: '00:00' } })
    expect(isOpen(hours, sp(MONDAY, '00:00'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '12:00'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '23:59'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(TUESDAY, '00:00'), SP, queueMode)).toBe(false)
  })

  it('runs a shift whose end is before its start past midnight', () => {
    const hours = week({ monday: { startTimeA: '22:00', endTimeA: '02:00' } })
    expect(isOpen(hours, sp(MONDAY, '21:59'), SP, queueMode)).toBe(false)
    expect(isOpen(hours, sp(MONDAY, '22:00'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '23:59'), SP, queueMode)).toBe(true)
    // Tuesday has no shifts of its own, but Monday's night shift reaches into it.
    expect(isOpen(hours, sp(TUESDAY, '00:00'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(TUESDAY, '01:59'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(TUESDAY, '02:00'), SP, queueMode)).toBe(false)
    // Monday morning is not covered by Monday's own night shift.
    expect(isOpen(hours, sp(MONDAY, '01:00'), SP, queueMode)).toBe(false)
  })

  it("carries Sunday's night shift into Monday", () => {
    const hours = week({ sunday: { startTimeB: '23:00', endTimeB: '01:00' } })
    expect(isOpen(hours, sp(MONDAY, '00:30'), SP, queueMode)).toBe(true)
    expect(isOpen(hours, sp(MONDAY, '01:00'), SP, queueMode)).toBe(false)
  })

  it('ignores a half-filled or malformed shift', () => {
    const hours = week({
      monday: { startTimeA: '08:00', endTimeA: '', startTimeB: '25:00', endTimeB: '26:00' },
    })
    expect(isOpen(hours, sp(MONDAY, '09:00'), SP, queueMode)).toBe(false)
  })

  it('matches weekday names whatever their case', () => {
    const hours = week({}).map((day) =>
      day.weekdayEn === 'monday'
        ? { ...day, weekdayEn: 'Monday', startTimeA: '08:00', endTimeA: '12:00' }
        : day,
    )
    expect(isOpen(hours, sp(MONDAY, '09:00'), SP, queueMode)).toBe(true)
  })

  it('refuses an unknown time zone', () => {
    expect(() =>
      isOpen(defaultServiceHours(), sp(MONDAY, '09:00'), 'Mars/Olympus', queueMode),
    ).toThrow(RangeError)
  })
})

describe('service hours validation', () => {
  it('accepts the defaults, empty days and no days', () => {
    expect(isValidServiceHours(defaultServiceHours())).toBe(true)
    expect(isValidServiceHours(week({}))).toBe(true)
    expect(isValidServiceHours([])).toBe(true)
  })

  it('flags a half-filled shift on its empty side', () => {
    const day = { ...defaultServiceHours()[0]!, endTimeA: '' }
    expect(serviceHoursProblem(day, 'endTimeA')).toBe('incompleteShift')
    expect(serviceHoursProblem(day, 'startTimeA')).toBeUndefined()
    expect(isValidServiceHours([day])).toBe(false)
  })

  it.each(['24:00', '8:00', '08:60', '0800', 'ab:cd'])('flags %j as a bad time', (value) => {
    const day = { ...defaultServiceHours()[0]!, startTimeB: value }
    expect(serviceHoursProblem(day, 'startTimeB')).toBe('invalidTime')
    expect(isValidServiceHours([day])).toBe(false)
  })

  it('refuses unknown or repeated weekdays', () => {
    const [monday] = defaultServiceHours()
    expect(isValidServiceHours([{ ...monday!, weekdayEn: 'funday' }])).toBe(false)
    expect(isValidServiceHours([monday!, monday!])).toBe(false)
  })
})
