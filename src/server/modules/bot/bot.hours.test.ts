import { describe, expect, test } from 'vitest'
import {
  WEEKDAY_LABELS,
  WEEKDAYS_EN,
  type ServiceHours,
  type ServiceHoursDay,
  type WeekdayEn,
} from '@shared/contracts/service-hours'
import { isOpen, type MissingDay } from '@server/lib/service-hours'
import { vacationActive, type CollectiveVacation } from './bot.hours'

// Calendar used below: 2024-03-08 is a Friday, 03-09 a Saturday, 03-10 a Sunday (the US switch
// to daylight time), 03-11 a Monday. São Paulo is UTC-3 all year; Tokyo UTC+9.

type ShiftTimes = [start: string, end: string]

const day = (
  weekdayEn: WeekdayEn,
  [startTimeA, endTimeA]: ShiftTimes = ['', ''],
  [startTimeB, endTimeB]: ShiftTimes = ['', ''],
): ServiceHoursDay => ({
  weekday: WEEKDAY_LABELS[weekdayEn],
  weekdayEn,
  startTimeA,
  endTimeA,
  startTimeB,
  endTimeB,
})

const businessFriday = [day('friday', ['08:00', '12:00'], ['13:00', '18:00'])]
const everyDay8to18 = WEEKDAYS_EN.map((weekday) => day(weekday, ['08:00', '18:00']))
// Saturday has its own morning shift, which does not cover 00:00–02:00.
const overnightFriday = [
  day('friday', ['08:00', '12:00'], ['22:00', '02:00']),
  day('saturday', ['08:00', '12:00']),
]

interface OpenRow {
  name: string
  hours: ServiceHours
  /** An instant with its offset; the wall time in `timeZone` is what the rules read. */
  at: string
  timeZone?: string
  missingDay?: MissingDay
  open: boolean
}

const checkOpen = ({ hours, at, timeZone, missingDay, open }: OpenRow) => {
  const options = { missingDay: missingDay ?? 'open' }
  expect(isOpen(hours, new Date(at), timeZone ?? 'America/Sao_Paulo', options)).toBe(open)
}

describe('isOpen', () => {
  test.each<OpenRow>([
    { name: 'no entries: open', hours: [], at: '2024-03-08T03:00:00-03:00', open: true },
    {
      name: 'no entries: open even where a missing day is closed',
      hours: [],
      at: '2024-03-08T03:00:00-03:00',
      missingDay: 'closed',
      open: true,
    },
    {
      name: 'no entry for today, missing day open',
      hours: [day('monday', ['08:00', '18:00'])],
      at: '2024-03-08T03:00:00-03:00',
      missingDay: 'open',
      open: true,
    },
    {
      name: 'no entry for today, missing day closed (queues)',
      hours: [day('monday', ['08:00', '18:00'])],
      at: '2024-03-08T10:00:00-03:00',
      missingDay: 'closed',
      open: false,
    },
    {
      name: 'both shifts empty: closed all day',
      hours: [day('friday')],
      at: '2024-03-08T10:00:00-03:00',
      open: false,
    },
    {
      name: 'both shifts empty: closed whatever the missing-day rule',
      hours: [day('friday')],
      at: '2024-03-08T10:00:00-03:00',
      missingDay: 'closed',
      open: false,
    },
    {
      name: 'weekdayEn in another case still matches (closed at 20:00, not a missing day)',
      hours: [{ ...day('friday', ['08:00', '18:00']), weekdayEn: 'Friday' }],
      at: '2024-03-08T20:00:00-03:00',
      open: false,
    },
  ])('entries and missing days: $name', checkOpen)

  test.each<OpenRow>([
    { name: 'inside shift A', hours: businessFriday, at: '2024-03-08T10:00:00-03:00', open: true },
    { name: 'inside shift B', hours: businessFriday, at: '2024-03-08T15:30:00-03:00', open: true },
    { name: 'lunch break', hours: businessFriday, at: '2024-03-08T12:30:00-03:00', open: false },
    {
      name: 'exactly at start',
      hours: businessFriday,
      at: '2024-03-08T08:00:00-03:00',
      open: true,
    },
    {
      name: 'a second before start',
      hours: businessFriday,
      at: '2024-03-08T07:59:59-03:00',
      open: false,
    },
    {
      name: 'last second of A',
      hours: businessFriday,
      at: '2024-03-08T11:59:59-03:00',
      open: true,
    },
    {
      name: 'exactly at end of A',
      hours: businessFriday,
      at: '2024-03-08T12:00:00-03:00',
      open: false,
    },
    {
      name: 'exactly at start of B',
      hours: businessFriday,
      at: '2024-03-08T13:00:00-03:00',
      open: true,
    },
    {
      name: 'exactly at end of B',
      hours: businessFriday,
      at: '2024-03-08T18:00:00-03:00',
      open: false,
    },
  ])('one day: $name', checkOpen)

  test.each<OpenRow>([
    {
      name: 'end 23:59 covers 23:59:30',
      hours: [day('friday', ['18:00', '23:59']), day('saturday')],
      at: '2024-03-08T23:59:30-03:00',
      open: true,
    },
    {
      name: 'end 23:59 covers the last millisecond',
      hours: [day('friday', ['18:00', '23:59']), day('saturday')],
      at: '2024-03-08T23:59:59.999-03:00',
      open: true,
    },
    {
      name: 'end 00:00 covers 23:59:30',
      hours: [day('friday', ['18:00', '00:00']), day('saturday')],
      at: '2024-03-08T23:59:30-03:00',
      open: true,
    },
    {
      name: 'end 00:00 does not run into the next day',
      hours: [day('friday', ['18:00', '00:00']), day('saturday')],
      at: '2024-03-09T00:00:00-03:00',
      open: false,
    },
    {
      name: 'a shift from 00:00 is open at midnight',
      hours: [day('friday', ['08:00', '18:00']), day('saturday', ['00:00', '08:00'])],
      at: '2024-03-09T00:00:00-03:00',
      open: true,
    },
    {
      name: "the day before's last second follows its own hours",
      hours: [day('friday', ['08:00', '18:00']), day('saturday', ['00:00', '08:00'])],
      at: '2024-03-08T23:59:59-03:00',
      open: false,
    },
    {
      name: '00:00–00:00 is the whole day, at its first minute',
      hours: [day('friday', ['00:00', '00:00'])],
      at: '2024-03-08T00:00:00-03:00',
      open: true,
    },
    {
      name: '00:00–00:00 is the whole day, at its last second',
      hours: [day('friday', ['00:00', '00:00']), day('saturday')],
      at: '2024-03-08T23:59:59-03:00',
      open: true,
    },
  ])('end of day and midnight: $name', checkOpen)

  test.each<OpenRow>([
    { name: 'Friday 23:00', hours: overnightFriday, at: '2024-03-08T23:00:00-03:00', open: true },
    { name: 'Friday 21:59', hours: overnightFriday, at: '2024-03-08T21:59:00-03:00', open: false },
    { name: 'Saturday 00:00', hours: overnightFriday, at: '2024-03-09T00:00:00-03:00', open: true },
    { name: 'Saturday 01:59', hours: overnightFriday, at: '2024-03-09T01:59:59-03:00', open: true },
    {
      name: 'Saturday 02:00',
      hours: overnightFriday,
      at: '2024-03-09T02:00:00-03:00',
      open: false,
    },
    {
      name: "Saturday's own shift still counts",
      hours: overnightFriday,
      at: '2024-03-09T09:00:00-03:00',
      open: true,
    },
    {
      name: 'Friday 01:00 (the tail belongs to Friday night, not Friday morning)',
      hours: overnightFriday,
      at: '2024-03-08T01:00:00-03:00',
      open: false,
    },
    {
      name: 'Saturday 01:00 with Saturday closed all day',
      hours: [day('friday', ['22:00', '02:00']), day('saturday')],
      at: '2024-03-09T01:00:00-03:00',
      open: true,
    },
    {
      name: 'Saturday 01:00 with no Saturday entry and missing days closed',
      hours: [day('friday', ['22:00', '02:00'])],
      at: '2024-03-09T01:00:00-03:00',
      missingDay: 'closed',
      open: true,
    },
    {
      name: 'Sunday night into Monday wraps the week',
      hours: [day('sunday', ['22:00', '02:00']), day('monday')],
      at: '2024-03-11T01:30:00-03:00',
      open: true,
    },
  ])('past midnight, 22:00–02:00 on Friday: $name', checkOpen)

  test.each<OpenRow>([
    {
      name: 'start equal to end is never open',
      hours: [day('friday', ['10:00', '10:00'])],
      at: '2024-03-08T10:00:00-03:00',
      open: false,
    },
    {
      name: 'only a start set never matches',
      hours: [day('friday', ['08:00', ''])],
      at: '2024-03-08T10:00:00-03:00',
      open: false,
    },
    {
      name: 'only an end set never matches',
      hours: [day('friday', ['', '18:00'])],
      at: '2024-03-08T10:00:00-03:00',
      open: false,
    },
    {
      name: 'a late start without end does not run past midnight',
      hours: [day('friday', ['22:00', '']), day('saturday')],
      at: '2024-03-09T01:00:00-03:00',
      open: false,
    },
    {
      name: 'a half-set shift A leaves a complete shift B working',
      hours: [day('friday', ['08:00', ''], ['13:00', '18:00'])],
      at: '2024-03-08T14:00:00-03:00',
      open: true,
    },
  ])('stored oddities: $name', checkOpen)

  test.each<OpenRow>([
    {
      name: '13:00 UTC is 10:00 in São Paulo: open',
      hours: everyDay8to18,
      at: '2024-03-08T13:00:00Z',
      timeZone: 'America/Sao_Paulo',
      open: true,
    },
    {
      name: '13:00 UTC is 22:00 in Tokyo: closed',
      hours: everyDay8to18,
      at: '2024-03-08T13:00:00Z',
      timeZone: 'Asia/Tokyo',
      open: false,
    },
    {
      name: 'New York on its spring-forward day at local 09:00 (EDT)',
      hours: [day('sunday', ['09:00', '12:00'])],
      at: '2024-03-10T13:00:00Z',
      timeZone: 'America/New_York',
      open: true,
    },
    {
      name: 'New York on its spring-forward day at local 08:59 (EDT)',
      hours: [day('sunday', ['09:00', '12:00'])],
      at: '2024-03-10T12:59:00Z',
      timeZone: 'America/New_York',
      open: false,
    },
    {
      name: 'New York on its fall-back day at local 09:00 (EST)',
      hours: [day('sunday', ['09:00', '12:00'])],
      at: '2024-11-03T14:00:00Z',
      timeZone: 'America/New_York',
      open: true,
    },
  ])('time zones: $name', checkOpen)
})

describe('vacationActive', () => {
  const vacation: CollectiveVacation = {
    start: '2024-12-20',
    end: '2025-01-05',
    message: 'Estamos em férias coletivas até 05/01.',
  }

  test.each<{
    name: string
    changes?: Partial<CollectiveVacation>
    at: string
    timeZone?: string
    active: string | null
  }>([
    { name: 'first day at 00:00 local', at: '2024-12-20T00:00:00-03:00', active: '2024-12-20' },
    { name: 'the day before, last second', at: '2024-12-19T23:59:59-03:00', active: null },
    { name: 'a day in the middle', at: '2024-12-31T12:00:00-03:00', active: '2024-12-20' },
    { name: 'last day at 23:59 local', at: '2025-01-05T23:59:59-03:00', active: '2024-12-20' },
    { name: 'the day after, 00:00 local', at: '2025-01-06T00:00:00-03:00', active: null },
    {
      name: 'still the last day in São Paulo, already the next day in UTC',
      at: '2025-01-06T02:30:00Z',
      active: '2024-12-20',
    },
    {
      name: 'the same instant read in UTC is past the vacation',
      at: '2025-01-06T02:30:00Z',
      timeZone: 'UTC',
      active: null,
    },
    {
      name: 'the first day has begun in Tokyo while São Paulo is still on the day before',
      at: '2024-12-19T15:00:00Z',
      timeZone: 'Asia/Tokyo',
      active: '2024-12-20',
    },
    {
      name: 'a one-day vacation',
      changes: { start: '2024-12-25', end: '2024-12-25' },
      at: '2024-12-25T12:00:00-03:00',
      active: '2024-12-25',
    },
    {
      name: 'no message',
      changes: { message: '' },
      at: '2024-12-31T12:00:00-03:00',
      active: null,
    },
    {
      name: 'a message of blanks',
      changes: { message: '  \n ' },
      at: '2024-12-31T12:00:00-03:00',
      active: null,
    },
    {
      name: 'no start',
      changes: { start: null },
      at: '2024-12-31T12:00:00-03:00',
      active: null,
    },
    { name: 'no end', changes: { end: null }, at: '2024-12-31T12:00:00-03:00', active: null },
    { name: 'an empty end', changes: { end: '' }, at: '2024-12-31T12:00:00-03:00', active: null },
    {
      name: 'end before start',
      changes: { start: '2025-01-05', end: '2024-12-20' },
      at: '2024-12-31T12:00:00-03:00',
      active: null,
    },
  ])('$name', ({ changes, at, timeZone, active }) => {
    const answer = vacationActive(
      { ...vacation, ...changes },
      new Date(at),
      timeZone ?? 'America/Sao_Paulo',
    )
    expect(answer).toBe(active)
  })
})
