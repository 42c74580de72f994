import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { listKanbanLanes, listKanbanTickets, listLaneTags, type KanbanFilters } from './api'

/** Query keys and options of the kanban screens; every key starts with `kanban`. */
export const kanbanQueries = {
  all: () => ['kanban'] as const,
  lanes: () =>
    queryOptions({
      queryKey: [...kanbanQueries.all(), 'lanes'] as const,
      queryFn: ({ signal }) => listKanbanLanes(signal),
    }),
  boards: () => [...kanbanQueries.all(), 'tickets'] as const,
  board: (filters: KanbanFilters) =>
    queryOptions({
      queryKey: [...kanbanQueries.boards(), filters] as const,
      queryFn: ({ signal }) => listKanbanTickets(filters, signal),
    }),
  laneTags: () =>
    infiniteQueryOptions({
      queryKey: [...kanbanQueries.all(), 'laneTags'] as const,
      queryFn: ({ pageParam, signal }) => listLaneTags(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.nextCursor : undefined),
    }),
}
