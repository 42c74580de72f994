import { describe, expect, test } from 'vitest'
import { matchesScope, selectableQueues, type Scope, type TicketViewer } from './visibility'

/** An unread open ticket of user 2 in queue 10, on connection 5. */
const ticket = {
  userId: 2,
  queueId: 10,
  status: 'open' as const,
  whatsappId: 5,
  unreadMessages: 1,
}
const queueless = { ...ticket, userId: null, queueId: null, whatsappId: null, unreadMessages: 0 }

describe('matchesScope reads each leaf as the list repository compiles it', () => {
  test.each<[string, Scope, boolean, boolean]>([
    ['all', { kind: 'all' }, true, true],
    ['none', { kind: 'none' }, false, false],
    ['and of nothing is true', { kind: 'and', of: [] }, true, true],
    ['or of nothing is false', { kind: 'or', of: [] }, false, false],
    ['user', { kind: 'user', userId: 2 }, true, false],
    ['unassigned or user', { kind: 'unassignedOr', userId: 3 }, false, true],
    ['queues', { kind: 'queues', ids: [10], orNull: false }, true, false],
    ['queues or none', { kind: 'queues', ids: [11], orNull: true }, false, true],
    ['no queue selected, or none', { kind: 'queues', ids: [], orNull: true }, false, true],
    ['has a queue', { kind: 'hasQueue' }, true, false],
    ['status', { kind: 'status', in: ['open'] }, true, true],
    ['no status', { kind: 'status', in: [] }, false, false],
    ['connection', { kind: 'connection', id: 5 }, true, false],
    ['unread', { kind: 'unread' }, true, false],
  ])('%s', (_name, scope, onTicket, onQueueless) => {
    expect([matchesScope(scope, ticket), matchesScope(scope, queueless)]).toEqual([
      onTicket,
      onQueueless,
    ])
  })
})

describe('selectableQueues', () => {
  const agent: TicketViewer = {
    id: 1,
    profile: 'user',
    super: false,
    allTicket: 'disable',
    allowGroup: false,
    allHistoric: 'disabled',
    allUserChat: 'enabled',
    userClosePendingTicket: 'disabled',
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    queueIds: [10, 11],
    whatsappId: null,
  }

  test('keeps a profile user to his own queues, even with show-all; admins choose any', () => {
    expect(selectableQueues(agent, [11, 12])).toEqual([11])
    expect(selectableQueues(agent, null)).toEqual([10, 11])
    expect(selectableQueues({ ...agent, profile: 'admin' }, [12])).toEqual([12])
  })
})
