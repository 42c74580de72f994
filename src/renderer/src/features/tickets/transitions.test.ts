import { describe, expect, it } from 'vitest'
import { buildTicket } from '@tests/renderer/tickets.fixtures'
import { holderIfTaken, transitionBodies } from './transitions'

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
