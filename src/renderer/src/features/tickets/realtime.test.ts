import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TICKET_COUNT_CAP, type TicketDto } from '@shared/contracts/tickets'
import { buildSessionUser } from '@tests/renderer/session'
import {
  buildFilters,
  buildMessage,
  buildPage,
  buildTicket,
} from '@tests/renderer/tickets.fixtures'
import { ticketQueries, type TicketListCache } from './queries'
import {
  markTicketReadInList,
  placeTicketInList,
  removeTicketFromList,
  startListChangeQueue,
  ticketEventChange,
  writeMessageEvent,
  writeTicketEvent,
  writeTicketToLists,
  type FrameScheduler,
  type TicketEvent,
} from './realtime'

const user = buildSessionUser({ id: 1, queueIds: [1] })

const at = (minute: number) => new Date(Date.UTC(2025, 2, 10, 12, minute)).toISOString()

/** Tickets 1..n, newest first, on pages of `perPage`. */
const buildCache = (
  ids: number[][],
  { hasMore = false, count }: { hasMore?: boolean; count?: number } = {},
): TicketListCache => {
  const all = ids.flat()
  return {
    pages: ids.map((page, index) =>
      buildPage(
        page.map((id) => buildTicket({ id, contactId: id, updatedAt: at(50 - all.indexOf(id)) })),
        { count: count ?? all.length, hasMore: index < ids.length - 1 || hasMore },
      ),
    ),
    pageParams: ids.map((_page, index) => ({ pageNumber: index + 1, cursor: null })),
  }
}

const idsOf = (cache: TicketListCache | undefined) =>
  cache?.pages.map((page) => page.tickets.map((ticket) => ticket.id))
const countOf = (cache: TicketListCache | undefined) => cache?.pages[0]?.count

describe('placeTicketInList', () => {
  it('moves an updated ticket to where its update time sorts: the top when newest', () => {
    const cache = buildCache([[1, 2], [3]])
    const next = placeTicketInList(
      cache,
      buildTicket({ id: 3, contactId: 3, updatedAt: at(59) }),
      buildFilters(),
      user,
    )
    expect(idsOf(next)).toEqual([[3, 1, 2], []])
    expect(countOf(next)).toBe(3)
  })

  it('adds a ticket that now matches and counts it', () => {
    const next = placeTicketInList(
      buildCache([[1, 2]]),
      buildTicket({ id: 9, contactId: 9, updatedAt: at(59) }),
      buildFilters(),
      user,
    )
    expect(idsOf(next)).toEqual([[9, 1, 2]])
    expect(countOf(next)).toBe(3)
  })

  it('removes a ticket that no longer matches (returned to the queue) and counts it out', () => {
    const next = placeTicketInList(
      buildCache([[1, 2]]),
      buildTicket({ id: 2, contactId: 2, status: 'pending', userId: null }),
      buildFilters(),
      user,
    )
    expect(idsOf(next)).toEqual([[1]])
    expect(countOf(next)).toBe(1)
  })

  it('leaves a list untouched by a ticket that neither was nor is in it', () => {
    const cache = buildCache([[1, 2]])
    const other = buildTicket({ id: 9, userId: 5 })
    expect(placeTicketInList(cache, other, buildFilters(), user)).toBe(cache)
  })

  it('leaves out a ticket that sorts after the loaded rows while more pages remain', () => {
    const next = placeTicketInList(
      buildCache([[1, 2]], { hasMore: true, count: 50 }),
      buildTicket({ id: 9, contactId: 9, updatedAt: at(0) }),
      buildFilters(),
      user,
    )
    expect(idsOf(next)).toEqual([[1, 2]])
    expect(countOf(next)).toBe(51)
  })

  it('places by ascending time when the list is sorted oldest first', () => {
    const cache: TicketListCache = {
      pages: [
        buildPage([
          buildTicket({ id: 1, contactId: 1, updatedAt: at(1) }),
          buildTicket({ id: 2, contactId: 2, updatedAt: at(2) }),
        ]),
      ],
      pageParams: [{ pageNumber: 1, cursor: null }],
    }
    const next = placeTicketInList(
      cache,
      buildTicket({ id: 1, contactId: 1, updatedAt: at(3) }),
      buildFilters({ sort: 'ASC' }),
      user,
    )
    expect(idsOf(next)).toEqual([[2, 1]])
  })

  it('keeps one closed ticket per contact and connection', () => {
    const closed = buildFilters({ status: 'closed' })
    const cache: TicketListCache = {
      pages: [
        buildPage([
          buildTicket({ id: 1, contactId: 10, status: 'closed', updatedAt: at(5) }),
          buildTicket({ id: 2, contactId: 20, status: 'closed', updatedAt: at(4) }),
        ]),
      ],
      pageParams: [{ pageNumber: 1, cursor: null }],
    }
    const next = placeTicketInList(
      cache,
      buildTicket({ id: 3, contactId: 10, status: 'closed', updatedAt: at(9) }),
      closed,
      user,
    )
    expect(idsOf(next)).toEqual([[3, 2]])
    expect(countOf(next)).toBe(2)
  })

  it('updates a search result in place but never adds one', () => {
    const search = buildFilters({ status: 'search', searchParam: 'maria' })
    const cache = buildCache([[1]])
    const renamed = placeTicketInList(
      cache,
      buildTicket({ id: 1, contactId: 1, updatedAt: at(59), lastMessage: 'novo' }),
      search,
      user,
    )
    expect(renamed?.pages[0]?.tickets[0]?.lastMessage).toBe('novo')
    expect(placeTicketInList(cache, buildTicket({ id: 9, contactId: 9 }), search, user)).toBe(cache)
  })

  it('leaves a count at the server’s cap as it is', () => {
    const next = placeTicketInList(
      buildCache([[1, 2]], { count: TICKET_COUNT_CAP }),
      buildTicket({ id: 2, contactId: 2, status: 'closed' }),
      buildFilters(),
      user,
    )
    expect(countOf(next)).toBe(TICKET_COUNT_CAP)
  })
})

describe('removeTicketFromList and markTicketReadInList', () => {
  it('removes a deleted ticket from whichever page holds it', () => {
    const next = removeTicketFromList(buildCache([[1, 2], [3]]), 3)
    expect(idsOf(next)).toEqual([[1, 2], []])
    expect(next?.pages.map((page) => page.count)).toEqual([2, 2])
  })

  it('zeroes the unread count of one ticket and keeps the rest', () => {
    const cache = buildCache([[1, 2]])
    const unread: TicketListCache = {
      ...cache,
      pages: cache.pages.map((page) => ({
        ...page,
        tickets: page.tickets.map((ticket) => ({ ...ticket, unreadMessages: 4 })),
      })),
    }
    const next = markTicketReadInList(unread, 2)
    expect(next?.pages[0]?.tickets.map((ticket) => ticket.unreadMessages)).toEqual([4, 0])
    expect(markTicketReadInList(next, 2)).toBe(next)
  })
})

describe('writing events into every cached list', () => {
  const seed = () => {
    const queryClient = new QueryClient()
    const openKey = ticketQueries.list(buildFilters(), user).queryKey
    const pendingKey = ticketQueries.list(buildFilters({ status: 'pending' }), user).queryKey
    queryClient.setQueryData(openKey, buildCache([[1, 2]]))
    queryClient.setQueryData<TicketListCache>(pendingKey, {
      pages: [buildPage([buildTicket({ id: 7, contactId: 7, status: 'pending', userId: null })])],
      pageParams: [{ pageNumber: 1, cursor: null }],
    })
    const read = (key: readonly unknown[]) => idsOf(queryClient.getQueryData<TicketListCache>(key))
    return { queryClient, openKey, pendingKey, read }
  }

  it('moves an accepted ticket from the pending list to the open list', () => {
    const { queryClient, openKey, pendingKey, read } = seed()
    const accepted: TicketDto = buildTicket({
      id: 7,
      contactId: 7,
      status: 'open',
      userId: 1,
      updatedAt: at(59),
    })
    writeTicketEvent(queryClient, { action: 'update', ticket: accepted }, user)
    expect(read(openKey)).toEqual([[7, 1, 2]])
    expect(read(pendingKey)).toEqual([[]])
  })

  it('removes a deleted ticket everywhere and resets unread on updateUnread', () => {
    const { queryClient, openKey, read } = seed()
    writeTicketEvent(queryClient, { action: 'delete', ticketId: 1 }, user)
    expect(read(openKey)).toEqual([[2]])
    queryClient.setQueryData<TicketListCache>(
      openKey,
      (cache) =>
        cache && {
          ...cache,
          pages: cache.pages.map((page) => ({
            ...page,
            tickets: page.tickets.map((ticket) => ({ ...ticket, unreadMessages: 3 })),
          })),
        },
    )
    writeTicketEvent(queryClient, { action: 'updateUnread', ticketId: 2 }, user)
    expect(
      queryClient.getQueryData<TicketListCache>(openKey)?.pages[0]?.tickets[0]?.unreadMessages,
    ).toBe(0)
  })

  it('takes a new message’s ticket to the top with its last message and unread count', () => {
    const { queryClient, openKey } = seed()
    const ticket = buildTicket({
      id: 2,
      contactId: 2,
      lastMessage: 'Bom dia',
      unreadMessages: 1,
      updatedAt: at(59),
    })
    writeMessageEvent(
      queryClient,
      { action: 'create', message: buildMessage({ ticketId: 2 }), ticket, contact: ticket.contact },
      user,
    )
    const rows = queryClient.getQueryData<TicketListCache>(openKey)?.pages[0]?.tickets
    expect(rows?.map((row) => [row.id, row.lastMessage, row.unreadMessages])).toEqual([
      [2, 'Bom dia', 1],
      [1, 'Olá', 0],
    ])
  })
})

describe('events queued until the next frame', () => {
  /** A frame scheduler driven by the test: `frame()` draws the next frame. */
  const manualFrames = () => {
    let waiting: (() => void) | null = null
    const schedule: FrameScheduler = (run) => {
      waiting = run
      return () => {
        waiting = null
      }
    }
    const frame = () => {
      const run = waiting
      waiting = null
      run?.()
    }
    return { schedule, frame, scheduled: () => waiting !== null }
  }

  const openKey = ticketQueries.list(buildFilters(), user).queryKey
  const pendingKey = ticketQueries.list(buildFilters({ status: 'pending' }), user).queryKey

  /** An open list of tickets 1..5 and a pending list of 7; writes counted per list. */
  const seed = () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(
      openKey,
      buildCache([
        [1, 2, 3],
        [4, 5],
      ]),
    )
    queryClient.setQueryData<TicketListCache>(pendingKey, {
      pages: [buildPage([buildTicket({ id: 7, contactId: 7, status: 'pending', userId: null })])],
      pageParams: [{ pageNumber: 1, cursor: null }],
    })
    const writes = new Map<string, number>()
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return
      const status = filtersOf(event.query.queryKey)
      writes.set(status, (writes.get(status) ?? 0) + 1)
    })
    const lists = () => ({
      open: queryClient.getQueryData<TicketListCache>(openKey),
      pending: queryClient.getQueryData<TicketListCache>(pendingKey),
    })
    return { queryClient, writes, lists }
  }
  const filtersOf = (key: readonly unknown[]) => (key[2] as { status: string }).status

  /** Moves to the top, leaves for pending, is deleted, is read, arrives from pending. */
  const events: TicketEvent[] = [
    {
      action: 'update',
      ticket: buildTicket({ id: 4, contactId: 4, updatedAt: at(55), lastMessage: 'a' }),
    },
    {
      action: 'update',
      ticket: buildTicket({
        id: 2,
        contactId: 2,
        status: 'pending',
        userId: null,
        updatedAt: at(56),
      }),
    },
    { action: 'delete', ticketId: 5 },
    { action: 'updateUnread', ticketId: 3 },
    { action: 'update', ticket: buildTicket({ id: 7, contactId: 7, updatedAt: at(57) }) },
    {
      action: 'update',
      ticket: buildTicket({ id: 4, contactId: 4, updatedAt: at(58), lastMessage: 'b' }),
    },
  ]

  it('writes nothing before the frame, then one write per list', () => {
    const { queryClient, writes, lists } = seed()
    const before = lists()
    const frames = manualFrames()
    const queue = startListChangeQueue(queryClient, frames.schedule)
    for (const event of events) queue.push(ticketEventChange(event), user)
    expect(lists()).toEqual(before)
    expect(writes.size).toBe(0)
    frames.frame()
    expect(Object.fromEntries(writes)).toEqual({ open: 1, pending: 1 })
    expect(frames.scheduled()).toBe(false)
    queue.stop()
  })

  it('gives the same lists as the events written one by one, in their order', () => {
    const batched = seed()
    const frames = manualFrames()
    const queue = startListChangeQueue(batched.queryClient, frames.schedule)
    for (const event of events) queue.push(ticketEventChange(event), user)
    frames.frame()
    queue.stop()

    const oneByOne = seed()
    for (const event of events) writeTicketEvent(oneByOne.queryClient, event, user)

    expect(batched.lists()).toEqual(oneByOne.lists())
    const { open, pending } = batched.lists()
    expect(idsOf(open)).toEqual([[4, 7, 1, 3], []])
    expect(open?.pages[0]?.tickets[0]?.lastMessage).toBe('b')
    expect(countOf(open)).toBe(4)
    expect(idsOf(pending)).toEqual([[2]])
  })

  it('removes a ticket that leaves a list, and keeps the later of two states of a ticket', () => {
    const { queryClient, lists } = seed()
    const frames = manualFrames()
    const queue = startListChangeQueue(queryClient, frames.schedule)
    const returned = buildTicket({ id: 1, contactId: 1, status: 'pending', userId: null })
    const acceptedAgain = buildTicket({ id: 1, contactId: 1, updatedAt: at(59) })
    queue.push({ kind: 'place', ticket: returned }, user)
    frames.frame()
    expect(idsOf(lists().open)).toEqual([
      [2, 3],
      [4, 5],
    ])
    expect(idsOf(lists().pending)).toEqual([[1, 7]])

    queue.push({ kind: 'place', ticket: returned }, user)
    queue.push({ kind: 'place', ticket: acceptedAgain }, user)
    frames.frame()
    expect(idsOf(lists().open)).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
    expect(idsOf(lists().pending)).toEqual([[7]])
    queue.stop()
  })

  it('writes the waiting events before a write’s answer, so the answer is not overtaken', () => {
    const { queryClient, lists } = seed()
    const frames = manualFrames()
    const queue = startListChangeQueue(queryClient, frames.schedule)
    queue.push(
      {
        kind: 'place',
        ticket: buildTicket({ id: 3, contactId: 3, updatedAt: at(58), lastMessage: 'old' }),
      },
      user,
    )
    writeTicketToLists(
      queryClient,
      buildTicket({ id: 3, contactId: 3, updatedAt: at(59), lastMessage: 'answer' }),
      user,
    )
    expect(lists().open?.pages[0]?.tickets[0]).toMatchObject({ id: 3, lastMessage: 'answer' })
    expect(frames.scheduled()).toBe(false)
    frames.frame()
    expect(lists().open?.pages[0]?.tickets[0]).toMatchObject({ id: 3, lastMessage: 'answer' })
    queue.stop()
  })

  it('writes what is waiting when it stops, and leaves the lists alone when nothing is', () => {
    const { queryClient, writes, lists } = seed()
    const frames = manualFrames()
    const queue = startListChangeQueue(queryClient, frames.schedule)
    frames.frame()
    expect(writes.size).toBe(0)
    queue.push({ kind: 'remove', ticketId: 1 }, user)
    queue.stop()
    expect(idsOf(lists().open)).toEqual([
      [2, 3],
      [4, 5],
    ])
    expect(frames.scheduled()).toBe(false)
  })
})

describe('the frame the queued events wait for', () => {
  /** The window's frames, drawn by the test; timers are faked. */
  const fakeFrames = () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const frames = new Map<number, FrameRequestCallback>()
    let next = 0
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.set(++next, callback)
      return next
    })
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
    const draw = () => {
      const waiting = [...frames.values()]
      frames.clear()
      for (const callback of waiting) callback(performance.now())
    }
    return { draw, waiting: () => frames.size }
  }

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const seed = () => {
    const queryClient = new QueryClient()
    const openKey = ticketQueries.list(buildFilters(), user).queryKey
    queryClient.setQueryData(openKey, buildCache([[1, 2]]))
    const read = () => idsOf(queryClient.getQueryData<TicketListCache>(openKey))
    return { queryClient, read }
  }
  const moveTwoToTop = buildTicket({ id: 2, contactId: 2, updatedAt: at(59) })

  it('is the next animation frame, asked for once however many events wait', () => {
    const frames = fakeFrames()
    const { queryClient, read } = seed()
    const queue = startListChangeQueue(queryClient)
    queue.push({ kind: 'place', ticket: moveTwoToTop }, user)
    queue.push({ kind: 'read', ticketId: 1 }, user)
    expect(frames.waiting()).toBe(1)
    expect(read()).toEqual([[1, 2]])
    frames.draw()
    expect(read()).toEqual([[2, 1]])
    expect(vi.getTimerCount()).toBe(0)
    queue.stop()
  })

  it('comes after a short wait when the window draws no frames (hidden)', () => {
    const frames = fakeFrames()
    const { queryClient, read } = seed()
    const queue = startListChangeQueue(queryClient)
    queue.push({ kind: 'place', ticket: moveTwoToTop }, user)
    vi.advanceTimersByTime(100)
    expect(read()).toEqual([[1, 2]])
    vi.advanceTimersByTime(200)
    expect(read()).toEqual([[2, 1]])
    expect(frames.waiting()).toBe(0)
    queue.stop()
  })
})
