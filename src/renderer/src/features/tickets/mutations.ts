import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { CreateTicketBody, TicketDto, UpdateTicketBody } from '@shared/contracts/tickets'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorCodeOf } from '@renderer/lib/http'
import { errorMessage, notifyError, notifyWarning } from '@renderer/lib/notify'
import { updateSessionUser } from '@renderer/lib/session'
import { isAxiosError } from 'axios'
import {
  closeAllTickets,
  createTicket,
  deleteTicket,
  readTicketConflict,
  saveTicketsManagerWidth,
  updateTicket,
  type CloseAllTicketsInput,
} from './api'
import { conversationQueries } from './conversation/queries'
import type { TicketListUser } from './list-filters'
import { ticketQueries } from './queries'
import { removeTicketFromLists, writeTicketToLists } from './realtime'

/** A close refused for lack of tags is a warning to act on, not a failure (000 §4). */
const notifyTransitionError = (error: unknown): void => {
  const code = isAxiosError(error) ? errorCodeOf(error.response?.data) : undefined
  if (code === 'ERR_TAG_REQUIRED') notifyWarning(errorMessage(error))
  else notifyError(error)
}

export interface UpdateTicketVariables {
  id: number
  body: UpdateTicketBody
  /**
   * The ticket as it is, and as the server is expected to answer (`expectedAfter`): given, the
   * lists show `after` at once, and `before` again if the request fails.
   */
  optimistic?: { before: TicketDto; after: TicketDto }
}

/** A ticket's state written into the lists and into its cached conversation, if any. */
const showTicket = (queryClient: QueryClient, ticket: TicketDto, user: TicketListUser) => {
  writeTicketToLists(queryClient, ticket, user)
  // A cached conversation of it too: its socket copy may have come while the conversation was
  // not on screen (reopening a ticket just closed), and opening it must not show the old.
  queryClient.setQueryData<TicketDto>(conversationQueries.ticket(ticket.uuid).queryKey, (cached) =>
    cached ? ticket : cached,
  )
}

/**
 * One transition (PUT /tickets/{id}). With `optimistic`, the ticket moves before the server
 * answers (the answer took about a second to show, issue 15); the answer is written over it,
 * and the socket's copy of the same change arrives later and changes nothing, as the lists hold
 * a ticket once by id. A failure puts the ticket back where it was and says why.
 */
export const useUpdateTicketMutation = () => {
  const queryClient = useQueryClient()
  const user = useCurrentUser()
  return useMutation({
    mutationFn: ({ id, body }: UpdateTicketVariables) => updateTicket(id, body),
    onMutate: ({ optimistic }) => {
      if (optimistic) showTicket(queryClient, optimistic.after, user)
    },
    onSuccess: (ticket) => showTicket(queryClient, ticket, user),
    onError: (error, { optimistic }) => {
      if (optimistic) showTicket(queryClient, optimistic.before, user)
      notifyTransitionError(error)
    },
  })
}

/** POST /tickets. A 409 naming the contact's active ticket is the caller's to show. */
export const useCreateTicketMutation = () => {
  const queryClient = useQueryClient()
  const user = useCurrentUser()
  return useMutation({
    mutationFn: (body: CreateTicketBody) => createTicket(body),
    onSuccess: (ticket) => writeTicketToLists(queryClient, ticket, user),
    onError: (error) => {
      if (!readTicketConflict(error)) notifyError(error)
    },
  })
}

export const useDeleteTicketMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteTicket(id),
    onSuccess: (_data, id) => removeTicketFromLists(queryClient, id),
    onError: notifyError,
  })
}

/** The server closes them in the background and emits a delete per ticket; read again anyway. */
export const useCloseAllTicketsMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CloseAllTicketsInput) => closeAllTickets(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketQueries.lists() }),
    onError: notifyError,
  })
}

/** The list's dragged width, remembered on the user; the session keeps it for the next visit. */
export const useSaveTicketsManagerWidthMutation = () => {
  const user = useCurrentUser()
  return useMutation({
    mutationFn: (width: number) => saveTicketsManagerWidth(user.id, width),
    onSuccess: (saved) =>
      updateSessionUser({ defaultTicketsManagerWidth: saved.defaultTicketsManagerWidth }),
    onError: notifyError,
  })
}
