import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { TICKET_COUNT_CAP, type TicketDto, type TicketList } from '@shared/contracts/tickets'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { useSocketReconnect } from './hooks/useSocketReconnect'
import {
  keepsLatestPerContact,
  ticketMatchesList,
  type TicketListFilters,
  type TicketListUser,
} from './list-filters'
import { filtersOfListKey, ticketQueries, type TicketListCache } from './queries'

export type TicketEvent = CompanyEventPayloads['ticket']
export type MessageEvent = CompanyEventPayloads['appMessage']

/** A count moved by `delta`; one at the server's cap is a lower bound and stays as it is. */
const shiftCount = (count: number, delta: number) =>
  count >= TICKET_COUNT_CAP ? count : Math.max(0, count + delta)

const withCount = (pages: TicketList[], delta: number): TicketList[] =>
  delta === 0 ? pages : pages.map((page) => ({ ...page, count: shiftCount(page.count, delta) }))

const isIn = (cache: TicketListCache, ticketId: number) =>
  cache.pages.some((page) => page.tickets.some((row) => row.id === ticketId))

/** `tickets` without the rows `drop` selects: the same array when none is dropped. */
const withoutRows = (tickets: TicketDto[], drop: (row: TicketDto) => boolean): TicketDto[] => {
  // Copied only from the first dropped row on: most pages of a long list lose nothing.
  let kept: TicketDto[] | null = null
  for (const [index, row] of tickets.entries()) {
    if (drop(row)) kept ??= tickets.slice(0, index)
    else kept?.push(row)
  }
  return kept ?? tickets
}

/** Drops the rows `drop` selects; untouched pages, and an untouched cache, keep their identity. */
const dropRows = (
  pages: TicketList[],
  drop: (row: TicketDto) => boolean,
): { pages: TicketList[]; removed: number } => {
  let removed = 0
  const next = pages.map((page) => {
    const tickets = withoutRows(page.tickets, drop)
    removed += page.tickets.length - tickets.length
    return tickets === page.tickets ? page : { ...page, tickets }
  })
  return { pages: removed === 0 ? pages : next, removed }
}

/** Whether a row updated at `time` sorts before `row` in a list ordered by update time. */
const sortsBefore = (time: number, row: TicketDto, sort: TicketListFilters['sort']) => {
  const theirs = Date.parse(row.updatedAt)
  return sort === 'DESC' ? time >= theirs : time < theirs
}

/**
 * Puts `ticket` where it now sorts among the loaded rows. When it sorts after every loaded row
 * and more pages remain, it belongs to a page not loaded yet, so it is left out.
 */
const insertSorted = (pages: TicketList[], ticket: TicketDto, sort: TicketListFilters['sort']) => {
  const time = Date.parse(ticket.updatedAt)
  for (const [pageIndex, page] of pages.entries()) {
    const rowIndex = page.tickets.findIndex((row) => sortsBefore(time, row, sort))
    if (rowIndex === -1) continue
    const tickets = [...page.tickets]
    tickets.splice(rowIndex, 0, ticket)
    return pages.map((candidate, index) =>
      index === pageIndex ? { ...candidate, tickets } : candidate,
    )
  }
  const last = pages.at(-1)
  if (!last || last.hasMore) return pages
  return [...pages.slice(0, -1), { ...last, tickets: [...last.tickets, ticket] }]
}

/**
 * Applies a ticket's new state to one cached list (000 §4 List behaviour): it enters, moves to
 * where its update time sorts, or leaves when its status, queue or owner no longer match. A
 * search result never gains rows live: which tickets match is the server's answer to the text.
 */
export const placeTicketInList = (
  cache: TicketListCache | undefined,
  ticket: TicketDto,
  filters: TicketListFilters,
  user: TicketListUser,
): TicketListCache | undefined => {
  if (!cache) return cache
  const present = isIn(cache, ticket.id)
  if (!ticketMatchesList(ticket, filters, user)) {
    if (!present) return cache
    const { pages, removed } = dropRows(cache.pages, (row) => row.id === ticket.id)
    return { ...cache, pages: withCount(pages, -removed) }
  }
  if (!present && filters.status === 'search') return cache
  const latestOnly = keepsLatestPerContact(filters)
  const { pages, removed } = dropRows(
    cache.pages,
    (row) =>
      row.id === ticket.id ||
      (latestOnly && row.contactId === ticket.contactId && row.whatsappId === ticket.whatsappId),
  )
  return { ...cache, pages: withCount(insertSorted(pages, ticket, filters.sort), 1 - removed) }
}

/** Removes a ticket from one cached list. */
export const removeTicketFromList = (
  cache: TicketListCache | undefined,
  ticketId: number,
): TicketListCache | undefined => {
  if (!cache) return cache
  const { pages, removed } = dropRows(cache.pages, (row) => row.id === ticketId)
  return removed === 0 ? cache : { ...cache, pages: withCount(pages, -removed) }
}

/** Zeroes a ticket's unread count in one cached list (someone read it). */
export const markTicketReadInList = (
  cache: TicketListCache | undefined,
  ticketId: number,
): TicketListCache | undefined => {
  if (!cache) return cache
  let touched = false
  const pages = cache.pages.map((page) => {
    if (!page.tickets.some((row) => row.id === ticketId && row.unreadMessages !== 0)) return page
    touched = true
    return {
      ...page,
      tickets: page.tickets.map((row) =>
        row.id === ticketId ? { ...row, unreadMessages: 0 } : row,
      ),
    }
  })
  return touched ? { ...cache, pages } : cache
}

/** One change to the cached lists: an event's, or a write's answer. */
export type ListChange =
  | { kind: 'place'; ticket: TicketDto }
  | { kind: 'remove'; ticketId: number }
  | { kind: 'read'; ticketId: number }

/** Applies one change to one cached list (see `placeTicketInList` for the rules). */
const applyListChange = (
  cache: TicketListCache | undefined,
  change: ListChange,
  filters: TicketListFilters,
  user: TicketListUser,
): TicketListCache | undefined => {
  switch (change.kind) {
    case 'place':
      return placeTicketInList(cache, change.ticket, filters, user)
    case 'remove':
      return removeTicketFromList(cache, change.ticketId)
    case 'read':
      return markTicketReadInList(cache, change.ticketId)
  }
}

/** A change and the user it was received for (the list rules read the user). */
interface QueuedListChange {
  change: ListChange
  user: TicketListUser
}

/** Applies changes in order to one cached list: the same result as one write per change. */
const applyListChanges = (
  cache: TicketListCache | undefined,
  changes: readonly QueuedListChange[],
  filters: TicketListFilters,
): TicketListCache | undefined =>
  changes.reduce((next, { change, user }) => applyListChange(next, change, filters, user), cache)

/** Rewrites every cached list through `apply`, which reads each list's filters. */
const eachList = (
  queryClient: QueryClient,
  apply: (cache: TicketListCache, filters: TicketListFilters) => TicketListCache | undefined,
) => {
  const entries = queryClient.getQueriesData<TicketListCache>({ queryKey: ticketQueries.lists() })
  for (const [key, cache] of entries) {
    const filters = filtersOfListKey(key)
    if (!cache || !filters) continue
    const next = apply(cache, filters)
    if (next !== cache) queryClient.setQueryData(key, next)
  }
}

/** Asks for `run` once, before the next frame is drawn; answers a cancel. */
export type FrameScheduler = (run: () => void) => () => void

/**
 * The window does not draw while hidden (minimised, another tab), so no animation frame comes:
 * the lists then catch up this long after the first waiting event.
 */
const HIDDEN_WINDOW_FLUSH_MS = 250

/** The next animation frame, or `HIDDEN_WINDOW_FLUSH_MS` when that comes first. */
export const nextFrame: FrameScheduler = (run) => {
  let done = false
  const once = () => {
    if (done) return
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    run()
  }
  const frame = requestAnimationFrame(once)
  const timer = setTimeout(once, HIDDEN_WINDOW_FLUSH_MS)
  return () => {
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/** Changes waiting for the next frame. */
export interface ListChangeQueue {
  push: (change: ListChange, user: TicketListUser) => void
  /** Writes the waiting changes now. */
  flush: () => void
  /** Writes the waiting changes and stops queueing: later writes go straight to the cache. */
  stop: () => void
}

/**
 * The queue of each cache while the inbox listens. A write's answer is written at once, after
 * the events received before it, so it is never overtaken by an earlier event.
 */
const listeningQueues = new WeakMap<QueryClient, ListChangeQueue>()

/**
 * Collects the changes that arrive between two frames and writes them with one cache write per
 * list when the frame comes: at 50 events a second, one write (and one render) per event made
 * the list render several times within a frame.
 */
export const startListChangeQueue = (
  queryClient: QueryClient,
  schedule: FrameScheduler = nextFrame,
): ListChangeQueue => {
  let waiting: QueuedListChange[] = []
  let cancel: (() => void) | null = null
  const flush = () => {
    cancel?.()
    cancel = null
    if (waiting.length === 0) return
    const changes = waiting
    waiting = []
    eachList(queryClient, (cache, filters) => applyListChanges(cache, changes, filters))
  }
  const queue: ListChangeQueue = {
    push: (change, user) => {
      waiting.push({ change, user })
      cancel ??= schedule(flush)
    },
    flush,
    stop: () => {
      if (listeningQueues.get(queryClient) === queue) listeningQueues.delete(queryClient)
      flush()
    },
  }
  listeningQueues.set(queryClient, queue)
  return queue
}

const writeNow = (
  queryClient: QueryClient,
  apply: (cache: TicketListCache, filters: TicketListFilters) => TicketListCache | undefined,
) => {
  listeningQueues.get(queryClient)?.flush()
  eachList(queryClient, apply)
}

/** Writes a ticket's current state (a write's answer) into every cached list, now. */
export const writeTicketToLists = (
  queryClient: QueryClient,
  ticket: TicketDto,
  user: TicketListUser,
): void =>
  writeNow(queryClient, (cache, filters) => placeTicketInList(cache, ticket, filters, user))

/** Removes a deleted ticket from every cached list, now. */
export const removeTicketFromLists = (queryClient: QueryClient, ticketId: number): void =>
  writeNow(queryClient, (cache) => removeTicketFromList(cache, ticketId))

/** The list change a `company-{id}-ticket` event makes. */
export const ticketEventChange = (event: TicketEvent): ListChange => {
  switch (event.action) {
    case 'update':
      return { kind: 'place', ticket: event.ticket }
    case 'delete':
      return { kind: 'remove', ticketId: event.ticketId }
    case 'updateUnread':
      return { kind: 'read', ticketId: event.ticketId }
  }
}

/**
 * The list change a `company-{id}-appMessage` event makes: a new message carries its ticket with
 * the new last message, update time and unread count, which moves it to the top of its lists.
 */
const messageEventChange = (event: MessageEvent): ListChange | null =>
  event.action === 'create' ? { kind: 'place', ticket: event.ticket } : null

/** Applies one `company-{id}-ticket` event to the lists, now. */
export const writeTicketEvent = (
  queryClient: QueryClient,
  event: TicketEvent,
  user: TicketListUser,
): void => {
  const change = ticketEventChange(event)
  writeNow(queryClient, (cache, filters) => applyListChange(cache, change, filters, user))
}

/** Applies one `company-{id}-appMessage` event to the lists, now. */
export const writeMessageEvent = (
  queryClient: QueryClient,
  event: MessageEvent,
  user: TicketListUser,
): void => {
  const change = messageEventChange(event)
  if (change)
    writeNow(queryClient, (cache, filters) => applyListChange(cache, change, filters, user))
}

/**
 * Keeps every cached ticket list live while the inbox is mounted, and catches up on reconnect.
 * Events are written once per frame (see `startListChangeQueue`).
 */
export const useTicketsRealtime = (): void => {
  const queryClient = useQueryClient()
  const user = useCurrentUser()
  const queue = useRef<ListChangeQueue | null>(null)
  // Declared before the event listeners, so the queue is there before the first event.
  useEffect(() => {
    const started = startListChangeQueue(queryClient)
    queue.current = started
    return () => {
      queue.current = null
      started.stop()
    }
  }, [queryClient])
  useCompanyEvent('ticket', (event) => queue.current?.push(ticketEventChange(event), user))
  useCompanyEvent('appMessage', (event) => {
    const change = messageEventChange(event)
    if (change) queue.current?.push(change, user)
  })
  // Events sent while the socket was down are lost: read the lists again.
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: ticketQueries.lists() }))
}
