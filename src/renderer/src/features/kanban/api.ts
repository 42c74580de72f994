import type { KanbanLanes, KanbanTicketList } from '@shared/contracts/kanban'
import type { TagList } from '@shared/contracts/tags'
import { http } from '@renderer/lib/http'

/** The board's filter: the user's queues and a range of creation days (yyyy-MM-dd). */
export interface KanbanFilters {
  queueIds: number[]
  startDate: string
  endDate: string
}

/** GET /tag/kanban/: the company's lanes, by id. */
export const listKanbanLanes = async (signal?: AbortSignal): Promise<KanbanLanes> =>
  (await http.get<KanbanLanes>('/tag/kanban/', { signal })).data

/** GET /ticket/kanban: the open and pending tickets of the range, newest update first. */
export const listKanbanTickets = async (
  { queueIds, startDate, endDate }: KanbanFilters,
  signal?: AbortSignal,
): Promise<KanbanTicketList> =>
  (
    await http.get<KanbanTicketList>('/ticket/kanban', {
      params: { queueIds: JSON.stringify(queueIds), startDate, endDate },
      signal,
    })
  ).data

/** PUT /ticket-tags/{ticketId}/{tagId}: the ticket's kanban lane; `empty` leaves every lane. */
export const setTicketLane = async (ticketId: number, tagId: number | 'empty'): Promise<void> => {
  await http.put(`/ticket-tags/${ticketId}/${tagId}`)
}

/** GET /tags/?kanban=1: one page of lanes with their ticket counts; `cursor` from `nextCursor`. */
export const listLaneTags = async (cursor: string | null, signal?: AbortSignal): Promise<TagList> =>
  (
    await http.get<TagList>('/tags/', {
      params: { kanban: 1, cursor: cursor ?? undefined },
      signal,
    })
  ).data
