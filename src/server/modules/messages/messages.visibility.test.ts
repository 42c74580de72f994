import { describe, expect, test } from 'vitest'
import {
  canActOnTicket,
  canSeeTicket,
  historyScope,
  readsOnView,
  type TicketViewer,
  type VisibleTicket,
} from './messages.visibility'

const viewer = (overrides: Partial<TicketViewer> = {}): TicketViewer => ({
  id: 1,
  profile: 'user',
  super: false,
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  queueIds: [10],
  whatsappId: null,
  ...overrides,
})

const ticket = (overrides: Partial<VisibleTicket> = {}): VisibleTicket => ({
  userId: null,
  queueId: 10,
  status: 'open',
  isGroup: false,
  whatsappId: 5,
  ...overrides,
})

describe('canSeeTicket and canActOnTicket', () => {
  test.each([
    ['own ticket in another queue', viewer(), ticket({ userId: 1, queueId: 99 }), true, true],
    ['colleague ticket in my queue', viewer(), ticket({ userId: 2 }), true, false],
    ['unassigned ticket in my queue', viewer(), ticket({ status: 'pending' }), true, true],
    ['ticket of another queue', viewer(), ticket({ queueId: 99 }), false, false],
    ['queueless without allTicket', viewer(), ticket({ queueId: null }), false, false],
    [
      'queueless with allTicket',
      viewer({ allTicket: 'enable' }),
      ticket({ queueId: null }),
      true,
      true,
    ],
    [
      'admin on any ticket',
      viewer({ profile: 'admin' }),
      ticket({ userId: 2, queueId: 99 }),
      true,
      true,
    ],
    [
      'allUserChat on any ticket',
      viewer({ allUserChat: 'enabled' }),
      ticket({ userId: 2, queueId: 99 }),
      true,
      true,
    ],
    [
      'closed ticket of another queue with allHistoric',
      viewer({ allHistoric: 'enabled' }),
      ticket({ queueId: 99, status: 'closed', userId: 2 }),
      true,
      false,
    ],
    [
      'group without allowGroup',
      viewer(),
      ticket({ isGroup: true, status: 'group', queueId: null }),
      false,
      false,
    ],
    [
      'group with allowGroup',
      viewer({ allowGroup: true }),
      ticket({ isGroup: true, status: 'group', queueId: null, userId: 2 }),
      true,
      true,
    ],
    [
      'group of another default connection',
      viewer({ allowGroup: true, whatsappId: 6 }),
      ticket({ isGroup: true, status: 'group', queueId: null }),
      false,
      false,
    ],
  ])('%s', (_name, user, target, sees, acts) => {
    expect(canSeeTicket(user, target)).toBe(sees)
    expect(canActOnTicket(user, target)).toBe(acts)
  })
})

describe('readsOnView', () => {
  test.each([
    ['holder of an open ticket', viewer(), ticket({ userId: 1 }), true],
    ['admin on a colleague ticket', viewer({ profile: 'admin' }), ticket({ userId: 2 }), false],
    ['holder of a pending ticket', viewer(), ticket({ userId: 1, status: 'pending' }), false],
    [
      'group viewer',
      viewer({ allowGroup: true }),
      ticket({ status: 'group', isGroup: true }),
      true,
    ],
    ['holder of a closed ticket', viewer(), ticket({ userId: 1, status: 'closed' }), false],
  ])('%s', (_name, user, target, expected) => {
    expect(readsOnView(user, target)).toBe(expected)
  })
})

describe('historyScope', () => {
  test('a plain user keeps to his own queues, even when he selects others', () => {
    expect(historyScope(viewer({ queueIds: [10, 11] }), ticket(), [11, 99])).toEqual({
      all: false,
      queueIds: [11],
      includeNoQueue: false,
    })
  })

  test('defaults to the user queues; admins also see queueless tickets and any selection', () => {
    expect(historyScope(viewer(), ticket(), undefined).queueIds).toEqual([10])
    expect(historyScope(viewer({ profile: 'admin' }), ticket(), [99])).toEqual({
      all: false,
      queueIds: [99],
      includeNoQueue: true,
    })
  })

  test('allHistoric sees everything; allowGroup sees queueless group tickets', () => {
    expect(historyScope(viewer({ allHistoric: 'enabled' }), ticket(), undefined).all).toBe(true)
    expect(
      historyScope(viewer({ allowGroup: true }), ticket({ isGroup: true }), undefined)
        .includeNoQueue,
    ).toBe(true)
  })
})
