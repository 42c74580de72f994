import { describe, expect, it } from 'vitest'
import type { TagDto } from '@shared/contracts/tags'
import { buildTicket } from '@tests/renderer/tickets.fixtures'
import {
  buildLanes,
  DEFAULT_LANE,
  formatCardTime,
  laneDropId,
  laneOf,
  laneOfDropId,
  cardDragId,
  withLane,
} from './lanes'

const lane = (id: number, name: string, color = '#112233'): TagDto => ({
  id,
  name,
  color,
  kanban: 1,
  ticketsCount: 0,
  contactsCount: 0,
})
const plain = { id: 50, name: 'VIP', color: '#FFAA00' }

describe('buildLanes', () => {
  const lanes = [lane(7, 'Negociação'), lane(9, 'Fechado')]

  it('puts the default lane first, then one lane per lane tag in the server order', () => {
    expect(buildLanes(lanes, []).map((built) => [built.id, built.tag?.name ?? null])).toEqual([
      [DEFAULT_LANE, null],
      [7, 'Negociação'],
      [9, 'Fechado'],
    ])
  })

  it('places each ticket in its lane and keeps the server order within a lane', () => {
    const tickets = [
      buildTicket({ id: 1, tags: [{ id: 9, name: 'Fechado', color: '#000000' }] }),
      buildTicket({ id: 2, tags: [] }),
      buildTicket({ id: 3, tags: [plain, { id: 7, name: 'Negociação', color: '#112233' }] }),
      buildTicket({ id: 4, tags: [{ id: 9, name: 'Fechado', color: '#000000' }] }),
    ]
    const built = buildLanes(lanes, tickets)
    expect(built.map((each) => each.tickets.map((ticket) => ticket.id))).toEqual([[2], [3], [1, 4]])
  })

  it('puts tickets without a lane tag, or with a tag that is no lane, in the default lane', () => {
    const tickets = [
      buildTicket({ id: 1, tags: [plain] }),
      buildTicket({ id: 2, tags: [{ id: 99, name: 'Apagada', color: '#000000' }] }),
    ]
    const [first, ...others] = buildLanes(lanes, tickets)
    expect(first?.tickets.map((ticket) => ticket.id)).toEqual([1, 2])
    expect(others.every((each) => each.tickets.length === 0)).toBe(true)
  })

  it('has only the default lane when the company has no lane tags', () => {
    const built = buildLanes([], [buildTicket({ id: 1, tags: [plain] })])
    expect(built).toHaveLength(1)
    expect(built[0]?.tickets).toHaveLength(1)
  })
})

describe('withLane', () => {
  const laneIds = new Set([7, 9])

  it('swaps the lane tag and keeps the other tags', () => {
    const ticket = buildTicket({ tags: [plain, { id: 7, name: 'Negociação', color: '#112233' }] })
    const moved = withLane(ticket, lane(9, 'Fechado', '#445566'), laneIds)
    expect(moved.tags).toEqual([plain, { id: 9, name: 'Fechado', color: '#445566' }])
    expect(laneOf(moved, laneIds)).toBe(9)
    expect(ticket.tags).toHaveLength(2)
  })

  it('takes the ticket out of every lane for the default lane', () => {
    const ticket = buildTicket({ tags: [plain, { id: 7, name: 'Negociação', color: '#112233' }] })
    const moved = withLane(ticket, null, laneIds)
    expect(moved.tags).toEqual([plain])
    expect(laneOf(moved, laneIds)).toBe(DEFAULT_LANE)
  })
})

describe('formatCardTime', () => {
  const now = new Date(2026, 10, 29, 18, 30)

  it('shows the time of day for an update today', () => {
    expect(formatCardTime(new Date(2026, 10, 29, 9, 5).toISOString(), now)).toBe('09:05')
    expect(formatCardTime(new Date(2026, 10, 29, 0, 0).toISOString(), now)).toBe('00:00')
  })

  it('shows dd/MM/yyyy for any other day', () => {
    expect(formatCardTime(new Date(2026, 10, 28, 23, 59).toISOString(), now)).toBe('28/11/2026')
    expect(formatCardTime(new Date(2025, 0, 3, 12, 0).toISOString(), now)).toBe('03/01/2025')
  })

  it('shows nothing for a time it cannot read', () => {
    expect(formatCardTime('never', now)).toBe('')
  })
})

describe('drag ids', () => {
  it('reads lane ids back and nothing else', () => {
    expect(laneOfDropId(laneDropId(7))).toBe(7)
    expect(laneOfDropId(laneDropId(DEFAULT_LANE))).toBe(DEFAULT_LANE)
    expect(laneOfDropId(cardDragId(12))).toBeNull()
    expect(laneOfDropId('lane:abc')).toBeNull()
    expect(laneOfDropId(null)).toBeNull()
  })
})
