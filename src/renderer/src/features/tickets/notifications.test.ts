import { describe, expect, it } from 'vitest'
import type { TicketList } from '@shared/contracts/tickets'
import { buildSessionUser } from '@tests/renderer/session'
import { buildMessage, buildPage, buildTicket } from '@tests/renderer/tickets.fixtures'
import {
  dropFromNotifications,
  placeInNotifications,
  readSwitch,
  shouldNotifyMessage,
  startNotificationWrites,
  ticketConcernsUser,
  type NotificationContext,
} from './notifications'

const context = (overrides: Partial<NotificationContext> = {}): NotificationContext => ({
  user: buildSessionUser({ id: 1, queueIds: [1] }),
  showNotificationPending: false,
  visibleTicketUuid: null,
  ...overrides,
})

const inbound = buildMessage()
const mine = buildTicket({ userId: 1, queueId: 1 })

describe('shouldNotifyMessage', () => {
  it('notifies an incoming unread message of my ticket in my queue', () => {
    expect(shouldNotifyMessage(inbound, mine, context())).toBe(true)
  })

  it('stays quiet for my own, already read or private messages', () => {
    expect(shouldNotifyMessage({ ...inbound, fromMe: true }, mine, context())).toBe(false)
    expect(shouldNotifyMessage({ ...inbound, read: true }, mine, context())).toBe(false)
    expect(shouldNotifyMessage({ ...inbound, isPrivate: true }, mine, context())).toBe(false)
  })

  it('stays quiet for the ticket on screen', () => {
    expect(shouldNotifyMessage(inbound, mine, context({ visibleTicketUuid: mine.uuid }))).toBe(
      false,
    )
  })

  it('notifies pending tickets only when the company shows pending notifications', () => {
    const pending = buildTicket({ status: 'pending', userId: null })
    expect(shouldNotifyMessage(inbound, pending, context())).toBe(false)
    expect(shouldNotifyMessage(inbound, pending, context({ showNotificationPending: true }))).toBe(
      true,
    )
  })

  it('stays quiet outside my queues; a waiting one without queue only with allTicket enabled', () => {
    expect(shouldNotifyMessage(inbound, buildTicket({ userId: 1, queueId: 2 }), context())).toBe(
      false,
    )
    const waiting = { showNotificationPending: true }
    const noQueue = buildTicket({ status: 'pending', userId: null, queueId: null, queue: null })
    expect(shouldNotifyMessage(inbound, noQueue, context(waiting))).toBe(false)
    const seesNoQueue = context({ ...waiting, user: buildSessionUser({ allTicket: 'enable' }) })
    expect(shouldNotifyMessage(inbound, noQueue, seesNoQueue)).toBe(true)
    const mineWithoutQueue = buildTicket({ userId: 1, queueId: null, queue: null })
    expect(shouldNotifyMessage(inbound, mineWithoutQueue, context())).toBe(true)
  })

  it('covers every queue for an admin without queues of his own', () => {
    const admin = context({ user: buildSessionUser({ profile: 'admin', queueIds: [] }) })
    expect(shouldNotifyMessage(inbound, buildTicket({ userId: 1, queueId: 7 }), admin)).toBe(true)
    const withQueues = context({ user: buildSessionUser({ profile: 'admin', queueIds: [1] }) })
    expect(shouldNotifyMessage(inbound, buildTicket({ userId: 1, queueId: 7 }), withQueues)).toBe(
      false,
    )
  })

  it('stays quiet for someone else’s ticket, a closed one, and groups without allowGroup', () => {
    expect(shouldNotifyMessage(inbound, buildTicket({ userId: 2 }), context())).toBe(false)
    expect(shouldNotifyMessage(inbound, buildTicket({ status: 'closed' }), context())).toBe(false)
    const group = buildTicket({ status: 'group', isGroup: true, userId: null })
    expect(shouldNotifyMessage(inbound, group, context())).toBe(false)
    const groupsAllowed = context({ user: buildSessionUser({ allowGroup: true }) })
    expect(shouldNotifyMessage(inbound, group, groupsAllowed)).toBe(true)
  })
})

describe('the bell list', () => {
  it('puts a ticket with unread messages that concerns me on top, and counts it once', () => {
    const list = buildPage([buildTicket({ id: 1, unreadMessages: 2 })])
    const first = placeInNotifications(list, buildTicket({ id: 2, unreadMessages: 1 }), context())
    expect(first?.tickets.map((ticket) => ticket.id)).toEqual([2, 1])
    expect(first?.count).toBe(2)
    const again = placeInNotifications(first, buildTicket({ id: 1, unreadMessages: 3 }), context())
    expect(again?.tickets.map((ticket) => ticket.id)).toEqual([1, 2])
    expect(again?.count).toBe(2)
  })

  it('drops a ticket once read, or once it no longer concerns me', () => {
    const list = buildPage([buildTicket({ id: 1, unreadMessages: 2 })])
    expect(
      placeInNotifications(list, buildTicket({ id: 1, unreadMessages: 0 }), context()),
    ).toEqual(buildPage([]))
    expect(
      placeInNotifications(list, buildTicket({ id: 1, unreadMessages: 2, userId: 2 }), context())
        ?.count,
    ).toBe(0)
    expect(dropFromNotifications(list, 1)?.tickets).toEqual([])
    expect(dropFromNotifications(list, 9)).toBe(list)
  })

  it('ignores what never concerned me', () => {
    const list = buildPage([])
    expect(
      placeInNotifications(list, buildTicket({ id: 3, unreadMessages: 1, queueId: 9 }), context()),
    ).toBe(list)
  })
})

describe('ticketConcernsUser and readSwitch', () => {
  it('reads the company switch whichever way it is spelled', () => {
    expect([true, 'true', 'enabled'].map(readSwitch)).toEqual([true, true, true])
    expect([false, 'false', 'disabled', undefined].map(readSwitch)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  it('takes unassigned tickets of my queues as mine to see', () => {
    expect(ticketConcernsUser(buildTicket({ userId: null }), context())).toBe(true)
  })
})

describe('startNotificationWrites', () => {
  it('writes the updates of one frame at once, in arrival order', () => {
    let frame: (() => void) | null = null
    const writes: Array<(list: TicketList | undefined) => TicketList | undefined> = []
    const queue = startNotificationWrites(
      (update) => writes.push(update),
      (run) => {
        frame = run
        return () => undefined
      },
    )
    const first = buildTicket({ id: 1, userId: 1, queueId: 1, unreadMessages: 1 })
    const second = buildTicket({ id: 2, userId: 1, queueId: 1, unreadMessages: 1 })
    queue.push((list) => placeInNotifications(list, first, context()))
    queue.push((list) => placeInNotifications(list, second, context()))
    queue.push((list) => dropFromNotifications(list, 1))
    expect(writes).toHaveLength(0)

    frame!()
    expect(writes).toHaveLength(1)
    expect(writes[0]!(buildPage([]))).toMatchObject({ count: 1, tickets: [{ id: 2 }] })
    queue.stop()
    expect(writes).toHaveLength(1)
  })
})
