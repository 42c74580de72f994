import { describe, expect, it } from 'vitest'
import { TICKET_COUNT_CAP } from '@shared/contracts/tickets'
import { formatCount, formatTicketTime, truncate } from './format'

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('Olá', 40)).toBe('Olá')
    expect(truncate('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}…`)
  })

  it('never splits an emoji', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…')
  })
})

describe('formatTicketTime', () => {
  const now = new Date(2025, 2, 10, 18, 30)

  it('shows HH:mm for today', () => {
    expect(formatTicketTime(new Date(2025, 2, 10, 9, 5).toISOString(), 'pt-BR', now)).toBe('09:05')
  })

  it('shows dd/MM/yyyy for another day', () => {
    const yesterday = new Date(2025, 2, 9, 23, 59).toISOString()
    expect(formatTicketTime(yesterday, 'pt-BR', now)).toBe('09/03/2025')
  })

  it('follows the interface language, on the same clock as the message bubbles', () => {
    expect(formatTicketTime(new Date(2025, 2, 10, 17, 39).toISOString(), 'en', now)).toBe('17:39')
    expect(formatTicketTime(new Date(2025, 2, 9, 9, 0).toISOString(), 'en', now)).toBe('03/09/2025')
    expect(formatTicketTime(new Date(2025, 2, 9, 9, 0).toISOString(), 'tr', now)).toBe('09.03.2025')
  })
})

describe('formatCount', () => {
  it('shows N+ at the server’s counting cap', () => {
    expect(formatCount(12)).toBe('12')
    expect(formatCount(TICKET_COUNT_CAP)).toBe(`${TICKET_COUNT_CAP}+`)
  })
})
