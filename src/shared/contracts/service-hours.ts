import { Type, type Static } from '@sinclair/typebox'

/** "HH:MM" on a 24-hour clock; empty means the shift is unused. */
const time = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d)?$' })

/**
 * One weekday of service hours (001 §3): two shifts. The same shape serves the company
 * (scheduleType company), a connection (connection) and a queue (queue).
 */
export const ServiceHoursDay = Type.Object({
  weekday: Type.String({ maxLength: 30 }),
  weekdayEn: Type.String({ maxLength: 30 }),
  startTimeA: time,
  endTimeA: time,
  startTimeB: time,
  endTimeB: time,
})
export type ServiceHoursDay = Static<typeof ServiceHoursDay>

export const ServiceHours = Type.Array(ServiceHoursDay, { maxItems: 7 })
export type ServiceHours = Static<typeof ServiceHours>

/** The seven weekdays in the order the forms show them, as `weekdayEn` stores them. */
export const WEEKDAYS_EN = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const
export type WeekdayEn = (typeof WEEKDAYS_EN)[number]

/**
 * The stored `weekday` label of each day. Stored data keeps the default language's words
 * (pt-BR) whatever the editor's language, so every client reads the same record.
 */
export const WEEKDAY_LABELS: Record<WeekdayEn, string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
}

export const SHIFT_TIME_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const
export type ShiftTimeField = (typeof SHIFT_TIME_FIELDS)[number]

/** A complete "HH:MM" on a 24-hour clock. */
export const isValidTime = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value)

/** 08:00–12:00 and 13:00–18:00 every day (001 §3). */
export const defaultServiceHours = (): ServiceHours =>
  WEEKDAYS_EN.map((weekdayEn) => ({
    weekday: WEEKDAY_LABELS[weekdayEn],
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }))

/** What is wrong with one time of a day: not a time, or half of a shift left empty. */
export type ServiceHoursProblem = 'invalidTime' | 'incompleteShift'

/**
 * The problem of `field` in `day`, if any. A shift is either unused (both times empty) or
 * complete; a shift with only one end would leave the evaluator guessing.
 */
export const serviceHoursProblem = (
  day: ServiceHoursDay,
  field: ShiftTimeField,
): ServiceHoursProblem | undefined => {
  const value = day[field]
  if (value !== '' && !isValidTime(value)) return 'invalidTime'
  const pair: ShiftTimeField =
    field === 'startTimeA'
      ? 'endTimeA'
      : field === 'endTimeA'
        ? 'startTimeA'
        : field === 'startTimeB'
          ? 'endTimeB'
          : 'startTimeB'
  if (value === '' && day[pair] !== '') return 'incompleteShift'
  return undefined
}

/** True when every day is a known weekday, at most once, and every shift is complete or unused. */
export const isValidServiceHours = (value: ServiceHours): boolean => {
  const seen = new Set<string>()
  for (const day of value) {
    if (!(WEEKDAYS_EN as readonly string[]).includes(day.weekdayEn) || seen.has(day.weekdayEn)) {
      return false
    }
    seen.add(day.weekdayEn)
    if (SHIFT_TIME_FIELDS.some((field) => serviceHoursProblem(day, field))) return false
  }
  return true
}
