import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { quickMessageQueries } from '@renderer/features/quick-messages'
import { getTicketByUuid, listMessages, listQuickReplies, responseStatus } from './api'
import { MESSAGE_WINDOW_MAX, TICKET_LOAD_DELAY_MS } from './constants'
import {
  addsOlder,
  mergeNewestPages,
  prependPage,
  reachesWindow,
  type MessagePage,
  type MessageWindow,
} from './message-window'

/** Resolves after `ms`, or rejects when `signal` aborts first. */
const delay = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error)
      return
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })

/** A missing ticket is not worth asking again; anything else gets the usual one retry. */
const retryUnlessMissing = (failures: number, error: unknown) =>
  failures < 1 && responseStatus(error) !== 404

/**
 * Fetches the newest pages until they reach what the window already holds, or fill it: after
 * a reconnection no message in between is missing.
 */
const fetchNewest = async (
  ticketId: number,
  window: MessageWindow | undefined,
  signal: AbortSignal,
): Promise<{ page: MessagePage; cursor: string | null }[]> => {
  const pages: { page: MessagePage; cursor: string | null }[] = []
  let cursor: string | null = null
  let loaded = 0
  for (;;) {
    const page = await listMessages(ticketId, cursor, signal)
    pages.push({ page, cursor })
    loaded += page.messages.length
    const reached =
      !window ||
      reachesWindow(
        window,
        pages.map((entry) => entry.page),
      )
    if (reached || !page.hasMore || page.nextCursor === null || loaded >= MESSAGE_WINDOW_MAX) {
      return pages
    }
    cursor = page.nextCursor
  }
}

export const conversationQueries = {
  /** Every conversation's ticket, keyed by uuid below this prefix. */
  tickets: () => ['tickets', 'conversation'] as const,
  ticket: (uuid: string) =>
    queryOptions({
      queryKey: [...conversationQueries.tickets(), uuid] as const,
      queryFn: async ({ signal }) => {
        await delay(TICKET_LOAD_DELAY_MS, signal)
        return getTicketByUuid(uuid, signal)
      },
      retry: retryUnlessMissing,
    }),
  /**
   * The message window of a ticket. Socket events keep it current, so it never goes stale by
   * time; a refetch after a reconnection merges the newest pages into what is loaded.
   */
  window: (ticketId: number) =>
    queryOptions({
      queryKey: ['messages', 'window', ticketId] as const,
      queryFn: async ({ client, queryKey, signal }) => {
        const before = client.getQueryData<MessageWindow>(queryKey)
        const pages = await fetchNewest(ticketId, before, signal)
        // Events may have changed the window while the pages loaded: merge into the latest.
        return mergeNewestPages(client.getQueryData<MessageWindow>(queryKey), pages)
      },
      staleTime: Infinity,
      // Unseen while closed, the window would come back with stale acks: reopening starts afresh.
      gcTime: 0,
      retry: retryUnlessMissing,
    }),
  /**
   * The quick replies the composer offers after a slash, under the quick messages' `offered`
   * key: every change to a quick message (its screen, or a `quickemessage` event) reads them again.
   */
  quickReplies: (companyId: number, userId: number) =>
    queryOptions({
      queryKey: [...quickMessageQueries.offered(), { companyId, userId }] as const,
      queryFn: ({ signal }) => listQuickReplies({ companyId, userId }, signal),
      staleTime: 5 * 60_000,
    }),
}

/**
 * Loads the page above the window. A page that adds nothing older (trimming sent the cursor
 * back to messages still in memory) is followed at once by the next one.
 */
export const loadOlderMessages = async (client: QueryClient, ticketId: number): Promise<void> => {
  const key = conversationQueries.window(ticketId).queryKey
  for (;;) {
    const window = client.getQueryData<MessageWindow>(key)
    if (!window?.hasOlder) return
    const cursor = window.olderCursor
    const page = await listMessages(ticketId, cursor)
    const latest = client.getQueryData<MessageWindow>(key)
    if (!latest) return
    const next = prependPage(latest, page, cursor)
    client.setQueryData<MessageWindow>(key, next)
    if (addsOlder(latest, page) || !next.hasOlder) return
  }
}
