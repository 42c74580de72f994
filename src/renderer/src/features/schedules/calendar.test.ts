import { describe, expect, it } from 'vitest'
import { buildSchedule } from '@tests/renderer/schedules.fixtures'
import { toCalendarEvent, visibleRange } from './calendar'

const local = (...parts: [number, number, number, number?, number?, number?, number?]) =>
  new Date(...parts).toISOString()

describe('visibleRange', () => {
  const date = new Date(2026, 2, 18, 10, 0)

  it("asks for the month's whole weeks, from the language's first day of the week", () => {
    expect(visibleRange(date, 'month', 'pt-BR')).toEqual({
      start: local(2026, 2, 1),
      end: local(2026, 3, 4, 23, 59, 59, 999),
    })
    // Spanish weeks start on Monday.
    expect(visibleRange(date, 'month', 'es')).toEqual({
      start: local(2026, 1, 23),
      end: local(2026, 3, 5, 23, 59, 59, 999),
    })
  })

  it('asks for the week, the day, or the agenda’s 30 days from the date', () => {
    expect(visibleRange(date, 'week', 'pt-BR')).toEqual({
      start: local(2026, 2, 15),
      end: local(2026, 2, 21, 23, 59, 59, 999),
    })
    expect(visibleRange(date, 'day', 'tr')).toEqual({
      start: local(2026, 2, 18),
      end: local(2026, 2, 18, 23, 59, 59, 999),
    })
    expect(visibleRange(date, 'agenda', 'en')).toEqual({
      start: local(2026, 2, 18),
      end: local(2026, 3, 17, 23, 59, 59, 999),
    })
  })
})

describe('toCalendarEvent', () => {
  it('sits at the send time, titled with the contact, half an hour tall within its day', () => {
    const morning = toCalendarEvent(buildSchedule(1, { sendAt: local(2026, 2, 18, 9, 0) }))
    expect(morning).toMatchObject({
      id: 1,
      title: 'Maria Souza',
      start: new Date(2026, 2, 18, 9, 0),
      end: new Date(2026, 2, 18, 9, 30),
    })
    const late = toCalendarEvent(buildSchedule(2, { sendAt: local(2026, 2, 18, 23, 50) }))
    expect(late.end).toEqual(new Date(2026, 2, 18, 23, 59, 59, 999))
  })
})
