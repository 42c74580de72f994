import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KanbanTicketList } from '@shared/contracts/kanban'
import { kanbanQueries } from './queries'
import { createBoardRefresher, KANBAN_REFRESH_DEBOUNCE_MS } from './realtime'

const filters = { queueIds: [1], startDate: '2026-11-29', endDate: '2026-11-29' }
const board: KanbanTicketList = { tickets: [], count: 0, hasMore: false }

const seeded = () => {
  const client = new QueryClient()
  client.setQueryData(kanbanQueries.board(filters).queryKey, board)
  client.setQueryData(kanbanQueries.lanes().queryKey, { lista: [] })
  return client
}
const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false

afterEach(() => {
  vi.useRealTimers()
})

describe('kanban realtime (company-{id}-ticket, company-{id}-appMessage)', () => {
  it('refetches the board once a burst of events has been quiet for the debounce', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const client = seeded()
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    const refresher = createBoardRefresher(client)
    refresher.schedule()
    vi.advanceTimersByTime(KANBAN_REFRESH_DEBOUNCE_MS - 1)
    refresher.schedule()
    vi.advanceTimersByTime(KANBAN_REFRESH_DEBOUNCE_MS - 1)
    expect(invalidate).not.toHaveBeenCalled()

    vi.advanceTimersByTime(1)
    expect(invalidate).toHaveBeenCalledTimes(1)
    expect(invalidated(client, kanbanQueries.board(filters).queryKey)).toBe(true)
    // The lanes are not the tickets' business.
    expect(invalidated(client, kanbanQueries.lanes().queryKey)).toBe(false)
  })

  it('does nothing once cancelled (the board left the screen)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const client = seeded()
    const refresher = createBoardRefresher(client)
    refresher.schedule()
    refresher.cancel()
    vi.advanceTimersByTime(KANBAN_REFRESH_DEBOUNCE_MS * 2)
    expect(invalidated(client, kanbanQueries.board(filters).queryKey)).toBe(false)
  })
})
