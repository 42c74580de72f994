import { describe, expect, it } from 'vitest'
import { buildTicket } from '@tests/renderer/tickets.fixtures'
import { expectedAfter, holderIfTaken, transitionBodies } from './transitions'

describe('transitionBodies (reference §8.3)', () => {
  it('builds each PUT /tickets/{id} body', () => {
    expect(transitionBodies.accept(1, 4)).toEqual({ status: 'open', userId: 1, queueId: 4 })
    expect(transitionBodies.returnToQueue()).toEqual({ status: 'pending', userId: null })
    expect(transitionBodies.close(true)).toEqual({ status: 'closed', sendFarewellMessage: true })
    expect(transitionBodies.ignore()).toEqual({
      status: 'closed',
      sendFarewellMessage: false,
      amountUsedBotQueues: 0,
    })
    expect(transitionBodies.reopen(1)).toEqual({ status: 'open', userId: 1 })
    expect(transitionBodies.reopen(1, 4)).toEqual({ status: 'open', userId: 1, queueId: 4 })
  })

  it('transfers to a user as open, and to a queue alone as pending', () => {
    expect(transitionBodies.transfer({ queueId: 2, userId: 5, message: ' veja isto ' })).toEqual({
      queueId: 2,
      userId: 5,
      status: 'open',
      isTransfered: true,
      msgTransfer: 'veja isto',
    })
    expect(transitionBodies.transfer({ queueId: 2, userId: null, message: '' })).toMatchObject({
      userId: null,
      status: 'pending',
    })
  })
})

describe('holderIfTaken', () => {
  it('is null when the answer is mine, and names the holder otherwise', () => {
    expect(holderIfTaken(buildTicket({ userId: 1 }), 1)).toBeNull()
    const taken = buildTicket({ userId: 9, user: { id: 9, name: 'Bia' } })
    expect(holderIfTaken(taken, 1)).toEqual({ user: taken.user, queue: taken.queue })
    const waiting = buildTicket({ userId: null, user: null })
    expect(holderIfTaken(waiting, 1)).toEqual({ user: null, queue: waiting.queue })
  })
})

describe('expectedAfter', () => {
  const sales = { id: 2, name: 'Vendas', color: '#aa3300' }
  const refs = {
    user: (id: number) => (id === 5 ? { id, name: 'Bia' } : null),
    queue: (id: number) => (id === 2 ? sales : null),
  }
  const now = new Date('2026-11-27T13:00:00.000Z')

  it('draws a transfer with the names the client knows, updated now', () => {
    const ticket = buildTicket({ unreadMessages: 2 })
    const body = transitionBodies.transfer({ queueId: 2, userId: 5, message: '' })
    expect(expectedAfter(ticket, body, refs, now)).toEqual({
      ...ticket,
      status: 'open',
      userId: 5,
      user: { id: 5, name: 'Bia' },
      queueId: 2,
      queue: sales,
      updatedAt: now.toISOString(),
    })
  })

  it('keeps what the body leaves out, and the ticket’s own references', () => {
    const ticket = buildTicket()
    const after = expectedAfter(ticket, transitionBodies.close(true), refs, now)
    expect(after).toMatchObject({ status: 'closed', user: ticket.user, queue: ticket.queue })
    expect(expectedAfter(ticket, transitionBodies.returnToQueue(), refs, now)).toMatchObject({
      status: 'pending',
      userId: null,
      user: null,
    })
  })
})
