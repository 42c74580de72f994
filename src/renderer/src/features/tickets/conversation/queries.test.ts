import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MessageList } from '@shared/contracts/messages'
import { buildMessage, buildTicket } from '@tests/renderer/tickets.fixtures'
import * as api from './api'
import { trimOldest, windowFromPage, type MessageWindow } from './message-window'
import { conversationQueries, loadOlderMessages } from './queries'

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listMessages: vi.fn(),
}))

const listMessages = vi.mocked(api.listMessages)
const ticket = buildTicket()

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => buildMessage({ id: from + index }))

/** Pages of 20 going back from `newest`, keyed by the cursor that asks for them. */
const serveHistory = (newest: number) => {
  listMessages.mockImplementation(async (_ticketId, cursor) => {
    const end = cursor === null ? newest : Number(cursor)
    const start = Math.max(1, end - 19)
    const page: MessageList = {
      messages: range(start, end),
      ticket,
      count: newest,
      hasMore: start > 1,
      nextCursor: start > 1 ? String(start - 1) : null,
    }
    return page
  })
}

const ids = (window: MessageWindow | undefined) => window?.messages.map((message) => message.id)
const key = conversationQueries.window(42).queryKey

afterEach(() => {
  vi.clearAllMocks()
})

describe('conversation history loading', () => {
  it('loads the newest page first', async () => {
    serveHistory(100)
    const client = new QueryClient()
    const window = await client.fetchQuery(conversationQueries.window(42))
    expect(ids(window)).toEqual(range(81, 100).map((message) => message.id))
    expect(listMessages).toHaveBeenCalledTimes(1)
  })

  it('after a reconnection fetches back until nothing in between is missing', async () => {
    serveHistory(100)
    const client = new QueryClient()
    await client.fetchQuery(conversationQueries.window(42))
    serveHistory(135)
    listMessages.mockClear()

    await client.fetchQuery({ ...conversationQueries.window(42), staleTime: 0 })

    expect(ids(client.getQueryData(key))).toEqual(range(81, 135).map((message) => message.id))
    expect(listMessages.mock.calls.map(([, cursor]) => cursor)).toEqual([null, '115'])
  })

  it('refetches a page that trimming dropped, then continues past it', async () => {
    serveHistory(60)
    const client = new QueryClient()
    const first = windowFromPage(await api.listMessages(42, null))
    // Ten messages of the newest page were trimmed away: its own cursor (null) comes back.
    client.setQueryData(key, trimOldest(first, 10))
    listMessages.mockClear()

    await loadOlderMessages(client, 42)

    expect(listMessages.mock.calls.map(([, cursor]) => cursor)).toEqual([null])
    expect(ids(client.getQueryData(key))).toEqual(range(41, 60).map((message) => message.id))

    await loadOlderMessages(client, 42)
    expect(ids(client.getQueryData(key))?.[0]).toBe(21)
  })
})
