import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { KanbanTicketList } from '@shared/contracts/kanban'
import type { TagDto } from '@shared/contracts/tags'
import { notifyError } from '@renderer/lib/notify'
import { setTicketLane, type KanbanFilters } from './api'
import { withLane } from './lanes'
import { kanbanQueries } from './queries'

export interface MoveTicket {
  ticketId: number
  /** The target lane's tag; null for the default lane. */
  to: TagDto | null
}

/**
 * Moves a card to another lane with one PUT /ticket-tags (the server leaves the old lane in the
 * same operation). The card moves at once; a failure puts it back and says why.
 */
export const useMoveTicketMutation = (filters: KanbanFilters) => {
  const queryClient = useQueryClient()
  const boardKey = kanbanQueries.board(filters).queryKey
  return useMutation({
    mutationKey: [...kanbanQueries.all(), 'move'],
    mutationFn: ({ ticketId, to }: MoveTicket) => setTicketLane(ticketId, to?.id ?? 'empty'),
    onMutate: async ({ ticketId, to }) => {
      // A refetch in flight would answer the board as it was before the move.
      await queryClient.cancelQueries({ queryKey: boardKey })
      const previous = queryClient.getQueryData<KanbanTicketList>(boardKey)
      const laneIds = new Set(
        queryClient.getQueryData(kanbanQueries.lanes().queryKey)?.lista.map((tag) => tag.id),
      )
      if (previous) {
        queryClient.setQueryData<KanbanTicketList>(boardKey, {
          ...previous,
          tickets: previous.tickets.map((ticket) =>
            ticket.id === ticketId ? withLane(ticket, to, laneIds) : ticket,
          ),
        })
      }
      return { previous }
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(boardKey, context.previous)
      notifyError(error)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: kanbanQueries.all() }),
  })
}
