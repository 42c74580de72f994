import { describe, expect, it } from 'vitest'
import { displayedNumber, formatPhoneNumber, normalizePhoneNumber } from './phone'

describe('formatPhoneNumber', () => {
  it.each([
    ['5531988887777', '+55 31 98888-7777'],
    ['553188887777', '+55 31 8888-7777'],
    ['5511988887777', '+55 11 98888-7777'],
    ['14155550123', '+14155550123'],
    // Masked under LGPD, or not a phone at all: shown untouched.
    ['55319****7777', '55319****7777'],
    ['120363025246125486', '120363025246125486'],
    ['', ''],
  ])('%s reads as %s', (stored, shown) => {
    expect(formatPhoneNumber(stored)).toBe(shown)
  })

  it('shows what the form will store, so the dropped 9th digit is no surprise', () => {
    expect(formatPhoneNumber(normalizePhoneNumber('+55 (31) 98888-7777')!)).toBe('+55 31 8888-7777')
  })
})

describe('displayedNumber', () => {
  it('formats a WhatsApp person and leaves groups, pages and masked numbers as they are', () => {
    const whatsapp = { channel: 'whatsapp', isGroup: false } as const
    expect(displayedNumber({ ...whatsapp, number: '5511987650959' })).toBe('+55 11 98765-0959')
    expect(displayedNumber({ ...whatsapp, number: '55119******00' })).toBe('55119******00')
    expect(displayedNumber({ ...whatsapp, isGroup: true, number: '120363025' })).toBe('120363025')
    expect(displayedNumber({ channel: 'facebook', isGroup: false, number: '2455000000000' })).toBe(
      '2455000000000',
    )
  })
})
