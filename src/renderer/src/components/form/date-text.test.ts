import { describe, expect, it } from 'vitest'
import { dateOrder, parseDayText, parseTimeText, readDateText, stepDateValue } from './date-text'

describe('dateOrder', () => {
  it.each([
    ['pt-BR', ['day', 'month', 'year'], '/'],
    ['en', ['month', 'day', 'year'], '/'],
    ['es', ['day', 'month', 'year'], '/'],
    ['tr', ['day', 'month', 'year'], '.'],
  ])('%s', (locale, order, separator) => {
    expect(dateOrder(locale)).toEqual({ order, separator })
  })
})

describe('parseDayText', () => {
  it('reads the language’s order, one-digit parts and YYYY-MM-DD', () => {
    expect(parseDayText('26/12/2026', 'pt-BR')).toBe('2026-12-26')
    expect(parseDayText('12/26/2026', 'en')).toBe('2026-12-26')
    expect(parseDayText('1.2.2026', 'tr')).toBe('2026-02-01')
    expect(parseDayText(' 2026-12-26 ', 'en')).toBe('2026-12-26')
  })

  it('refuses what is no day of the calendar, or a year not yet typed in full', () => {
    for (const text of ['31/02/2026', '12/26/2026', '26/12/26', '26/12', '', 'amanhã']) {
      expect(parseDayText(text, 'pt-BR')).toBeNull()
    }
  })
})

describe('parseTimeText', () => {
  it('reads 24-hour times with a colon or four digits', () => {
    expect(parseTimeText('17:39')).toBe('17:39')
    expect(parseTimeText('9:05')).toBe('09:05')
    expect(parseTimeText('0905')).toBe('09:05')
  })

  it('waits for the whole time and refuses what is no time of day', () => {
    for (const text of ['123', '1', '24:00', '12:60', '5:29 PM', '']) {
      expect(parseTimeText(text)).toBeNull()
    }
  })
})

describe('readDateText', () => {
  it('keeps unreadable text for the schema to refuse', () => {
    expect(readDateText('date', '26/12', 'pt-BR')).toBe('26/12')
    expect(readDateText('time', '8:3', 'pt-BR')).toBe('8:3')
  })
})

describe('stepDateValue', () => {
  it('steps a day within min and max', () => {
    expect(stepDateValue('date', '2026-12-31', 1)).toBe('2027-01-01')
    expect(stepDateValue('date', '2026-12-20', -1, { min: '2026-12-20' })).toBe('2026-12-20')
    expect(stepDateValue('date', '26/12', 1)).toBeNull()
  })

  it('steps a time by its step around the clock', () => {
    expect(stepDateValue('time', '23:50', 1, { step: 600 })).toBe('00:00')
    expect(stepDateValue('time', '00:00', -1, { step: 600 })).toBe('23:50')
    expect(stepDateValue('time', '08:00', 1)).toBe('08:01')
  })
})
