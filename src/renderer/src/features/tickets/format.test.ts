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
    expect(formatTicketTime(new Date(2025, 2, 10, 9, 5).toISOString(), now)).toBe('09:05')
  })

  it('shows dd/MM/yyyy for another day', () => {
    expect(formatTicketTime(new Date(2025, 2, 9, 23, 59).toISOString(), now)).toBe('09/03/2025')
  })
})

describe('formatCount', () => {
  it('shows N+ at the server’s counting cap', () => {
    expect(formatCount(12)).toBe('12')
    expect(formatCount(TICKET_COUNT_CAP)).toBe(`${TICKET_COUNT_CAP}+`)
  })
})
