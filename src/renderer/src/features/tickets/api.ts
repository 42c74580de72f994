import { isAxiosError } from 'axios'
import type { Channel, ConnectionDto } from '@shared/contracts/connections'
import type { ContactDto, TagRef } from '@shared/contracts/contacts'
import type {
  CreateTicketBody,
  ListTicketsQuery,
  TicketConflict,
  TicketDto,
  TicketList,
  TicketLogDto,
  UpdateTicketBody,
} from '@shared/contracts/tickets'
import type { QueueSummary, UserDto, UserPickerList } from '@shared/contracts/users'
import { http } from '@renderer/lib/http'

/** GET /tickets: one page of a list view. */
export const listTickets = async (
  params: ListTicketsQuery,
  signal?: AbortSignal,
): Promise<TicketList> => (await http.get<TicketList>('/tickets', { params, signal })).data

/** POST /tickets: a 409 carries the contact's active ticket (see `readTicketConflict`). */
export const createTicket = async (body: CreateTicketBody): Promise<TicketDto> =>
  (await http.post<TicketDto>('/tickets', body)).data

/**
 * PUT /tickets/{id}: one transition. The answer may be another user's ticket when the accept
 * or reopen lost a race (reference §8 Build it right).
 */
export const updateTicket = async (id: number, body: UpdateTicketBody): Promise<TicketDto> =>
  (await http.put<TicketDto>(`/tickets/${id}`, body)).data

/** DELETE /tickets/{id}. */
export const deleteTicket = async (id: number): Promise<void> => {
  await http.delete(`/tickets/${id}`)
}

export interface CloseAllTicketsInput {
  status: 'open' | 'pending'
  selectedQueueIds: number[]
}

/** GET /tickets/closeAll: how many tickets the POST would close now. */
export const countCloseAllTickets = async (
  input: CloseAllTicketsInput,
  signal?: AbortSignal,
): Promise<number> => {
  const params = { status: input.status, selectedQueueIds: JSON.stringify(input.selectedQueueIds) }
  return (await http.get<{ count: number }>('/tickets/closeAll', { params, signal })).data.count
}

/** POST /tickets/closeAll: the server closes them in the background. */
export const closeAllTickets = async (body: CloseAllTicketsInput): Promise<void> => {
  await http.post('/tickets/closeAll', body)
}

/** GET /tickets-log/{ticketId}: newest first. */
export const listTicketLogs = async (
  ticketId: number,
  signal?: AbortSignal,
): Promise<TicketLogDto[]> =>
  (await http.get<TicketLogDto[]>(`/tickets-log/${ticketId}`, { signal })).data

/** GET /queue: the company's queues. */
export const listQueues = async (signal?: AbortSignal): Promise<QueueSummary[]> =>
  (await http.get<QueueSummary[]>('/queue', { signal })).data

/** A connection as the inbox pickers show it. */
export interface ConnectionOption {
  id: number
  name: string
  channel: Channel
}

/** GET /whatsapp?session=0: the company's connections, reduced to what a picker shows. */
export const listConnections = async (signal?: AbortSignal): Promise<ConnectionOption[]> => {
  const { data } = await http.get<ConnectionDto[]>('/whatsapp', { params: { session: 0 }, signal })
  return data.map(({ id, name, channel }) => ({ id, name, channel }))
}

/** GET /tags/list. A server without the tags module yet answers 404: no tags to filter by. */
export const listTags = async (signal?: AbortSignal): Promise<TagRef[]> => {
  try {
    return (await http.get<TagRef[]>('/tags/list', { signal })).data
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return []
    throw error
  }
}

/** GET /users/list: every user of the company, for the user filter and the transfer picker. */
export const listUsers = async (signal?: AbortSignal): Promise<UserPickerList> =>
  (await http.get<UserPickerList>('/users/list', { signal })).data

/** GET /contacts answers `{contacts, count, hasMore}` (000 §7 Contacts). */
export interface ContactPage {
  contacts: ContactDto[]
  count: number
  hasMore: boolean
}

/** GET /contacts?searchParam=: the first page of contacts matching a name or number. */
export const searchContacts = async (
  searchParam: string,
  signal?: AbortSignal,
): Promise<ContactDto[]> =>
  (await http.get<ContactPage>('/contacts', { params: { searchParam, pageNumber: 1 }, signal }))
    .data.contacts

/** PUT /users/toggleChangeWidht/{userId} (the spec's spelling): the list width, 404..700. */
export const saveTicketsManagerWidth = async (
  userId: number,
  defaultTicketsManagerWidth: number,
): Promise<UserDto> =>
  (await http.put<UserDto>(`/users/toggleChangeWidht/${userId}`, { defaultTicketsManagerWidth }))
    .data

const isConflict = (value: unknown): value is TicketConflict =>
  typeof value === 'object' &&
  value !== null &&
  'uuid' in value &&
  typeof value.uuid === 'string' &&
  'userId' in value

/**
 * The active ticket a 409 from POST /tickets or POST /message/forward names: its `error` is a
 * JSON string (000 §7). Null for any other failure, including a 409 whose error is a plain code.
 */
export const readTicketConflict = (error: unknown): TicketConflict | null => {
  if (!isAxiosError(error) || error.response?.status !== 409) return null
  const body: unknown = error.response.data
  if (typeof body !== 'object' || body === null || !('error' in body)) return null
  if (typeof body.error !== 'string') return null
  try {
    const parsed: unknown = JSON.parse(body.error)
    return isConflict(parsed) ? parsed : null
  } catch {
    return null
  }
}
