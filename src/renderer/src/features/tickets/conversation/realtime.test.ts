import { describe, expect, it } from 'vitest'
import { buildContact, buildMessage, buildTicket } from '@tests/renderer/tickets.fixtures'
import { windowFromPage } from './message-window'
import { applyMessageEvent } from './realtime'

const ticket = buildTicket()
const window = windowFromPage({
  messages: [buildMessage({ id: 1 }), buildMessage({ id: 2 })],
  hasMore: false,
  nextCursor: null,
})
const created = (message = buildMessage({ id: 3 })) =>
  ({ action: 'create', message, ticket, contact: buildContact() }) as const

describe('applyMessageEvent', () => {
  it('appends a new message of this ticket, matched by uuid or id', () => {
    expect(applyMessageEvent(window, created(), ticket).messages.map((m) => m.id)).toEqual([
      1, 2, 3,
    ])
    const byId = buildMessage({ id: 3, ticket: { ...buildMessage().ticket, uuid: 'other' } })
    expect(applyMessageEvent(window, created(byId), ticket).messages).toHaveLength(3)
  })

  it('ignores messages of other tickets', () => {
    const other = buildMessage({
      id: 3,
      ticketId: 99,
      ticket: { id: 99, uuid: 'x', whatsappId: 1, queueId: null, queue: null },
    })
    expect(applyMessageEvent(window, created(other), ticket)).toBe(window)
  })

  it('replaces an updated message and removes a deleted one', () => {
    const updated = applyMessageEvent(
      window,
      { action: 'update', message: buildMessage({ id: 2, ack: 3 }) },
      ticket,
    )
    expect(updated.messages[1]?.ack).toBe(3)
    const removed = applyMessageEvent(window, { action: 'delete', messageId: 1 }, ticket)
    expect(removed.messages.map((m) => m.id)).toEqual([2])
  })
})
