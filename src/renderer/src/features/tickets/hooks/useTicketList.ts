import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { TicketDto } from '@shared/contracts/tickets'
import { useCurrentUser } from '@renderer/hooks/useSession'
import type { TicketListFilters } from '../list-filters'
import { ticketQueries } from '../queries'

export interface TicketListState {
  tickets: TicketDto[]
  /** The first page's count (the tab badge), once known. */
  count: number | undefined
  isPending: boolean
  error: Error | null
  hasNextPage: boolean
  isFetchingNextPage: boolean
  loadMoreFailed: boolean
  loadMore: () => void
  retry: () => void
}

/**
 * One list view. Kept live by the socket while the inbox is open, so it is read again only when
 * the inbox mounts (events were missed meanwhile), not on every tab switch.
 */
export const useTicketList = (filters: TicketListFilters, enabled: boolean): TicketListState => {
  const user = useCurrentUser()
  const query = useInfiniteQuery({
    ...ticketQueries.list(filters, user),
    enabled,
    refetchOnMount: 'always',
    // A new search keeps showing the previous results until its own arrive.
    placeholderData: filters.status === 'search' ? keepPreviousData : undefined,
  })
  const { data, fetchNextPage, isFetching, refetch } = query
  const tickets = useMemo(() => data?.pages.flatMap((page) => page.tickets) ?? [], [data])
  const loadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage()
  }, [fetchNextPage, isFetching])
  const retry = useCallback(() => void refetch(), [refetch])

  return {
    tickets,
    count: data?.pages[0]?.count,
    isPending: enabled && query.isPending,
    error: query.error,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore,
    retry,
  }
}
