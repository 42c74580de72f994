import { describe, expect, it } from 'vitest'
import { buildMessage } from '@tests/renderer/tickets.fixtures'
import { buildTimeline, groupReactions, localDay } from './timeline'

const at = (year: number, month: number, day: number, hour = 12) =>
  new Date(year, month - 1, day, hour).toISOString()

const otherTicket = {
  id: 41,
  uuid: 'a1b2c3d4-0000-4000-8000-000000000041',
  whatsappId: 1,
  queueId: null,
  queue: null,
}

describe('buildTimeline', () => {
  const now = new Date(2024, 4, 10, 15)

  it('puts a day separator before the first message of each day, marking today', () => {
    const items = buildTimeline(
      [
        buildMessage({ id: 1, createdAt: at(2024, 5, 9, 9) }),
        buildMessage({ id: 2, createdAt: at(2024, 5, 9, 10) }),
        buildMessage({ id: 3, createdAt: at(2024, 5, 10, 8) }),
      ],
      now,
    )
    expect(items.map((item) => item.kind)).toEqual(['day', 'message', 'message', 'day', 'message'])
    expect(items[0]).toMatchObject({ day: '2024-05-09', isToday: false })
    expect(items[3]).toMatchObject({ day: '2024-05-10', isToday: true })
  })

  it('marks where the history passes to another ticket, with its queue or none', () => {
    const items = buildTimeline(
      [
        buildMessage({ id: 1, createdAt: at(2024, 5, 10, 9), ticket: otherTicket, ticketId: 41 }),
        buildMessage({ id: 2, createdAt: at(2024, 5, 10, 10) }),
        buildMessage({ id: 3, createdAt: at(2024, 5, 10, 11) }),
      ],
      now,
    )
    expect(items.map((item) => item.kind)).toEqual([
      'day',
      'message',
      'ticket',
      'message',
      'message',
    ])
    expect(items[2]).toMatchObject({ ticketId: 100, queueName: 'Suporte' })

    const back = buildTimeline(
      [
        buildMessage({ id: 1, createdAt: at(2024, 5, 10, 9) }),
        buildMessage({ id: 2, createdAt: at(2024, 5, 10, 10), ticket: otherTicket }),
      ],
      now,
    )
    expect(back.find((item) => item.kind === 'ticket')).toMatchObject({
      ticketId: 41,
      queueName: null,
    })
  })

  it('leaves reaction rows out: they show under the message they react to', () => {
    const items = buildTimeline(
      [
        buildMessage({ id: 1, createdAt: at(2024, 5, 10, 9) }),
        buildMessage({
          id: 2,
          createdAt: at(2024, 5, 10, 9),
          mediaType: 'reactionMessage',
          body: '👍',
        }),
      ],
      now,
    )
    expect(items.filter((item) => item.kind === 'message')).toHaveLength(1)
  })

  it('uses the local calendar day', () => {
    expect(localDay(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05')
  })
})

describe('groupReactions', () => {
  it('counts each emoji once, in order of first appearance, skipping empty ones', () => {
    expect(
      groupReactions([
        { type: '❤️', userId: 1 },
        { type: '👍', userId: null },
        { type: '❤️', userId: 2 },
        { type: '', userId: 3 },
      ]),
    ).toEqual([
      { type: '❤️', count: 2 },
      { type: '👍', count: 1 },
    ])
  })
})
