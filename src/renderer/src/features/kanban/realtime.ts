import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { kanbanQueries } from './queries'

/** Bursts of ticket and message events (a busy inbox) refetch the board once. */
export const KANBAN_REFRESH_DEBOUNCE_MS = 500

export interface BoardRefresher {
  /** Refetches the cached boards once no other call came for `delayMs`. */
  schedule: () => void
  cancel: () => void
}

export const createBoardRefresher = (
  queryClient: QueryClient,
  delayMs = KANBAN_REFRESH_DEBOUNCE_MS,
): BoardRefresher => {
  let timer: ReturnType<typeof setTimeout> | null = null
  const cancel = () => {
    if (timer) clearTimeout(timer)
    timer = null
  }
  return {
    schedule: () => {
      cancel()
      timer = setTimeout(() => {
        timer = null
        void queryClient.invalidateQueries({ queryKey: kanbanQueries.boards() })
      }, delayMs)
    },
    cancel,
  }
}

/**
 * Keeps the board live (002 §6): any ticket or message event refetches it, debounced, since
 * whether a ticket belongs to the board's range and queues is the server's call; a tag event
 * refetches the lanes and the lanes table.
 */
export const useKanbanRealtime = (): void => {
  const queryClient = useQueryClient()
  const [refresher] = useState(() => createBoardRefresher(queryClient))
  useEffect(() => refresher.cancel, [refresher])

  useCompanyEvent('ticket', refresher.schedule)
  useCompanyEvent('appMessage', refresher.schedule)
  useCompanyEvent('tag', () => {
    void queryClient.invalidateQueries({ queryKey: kanbanQueries.all() })
  })
}
