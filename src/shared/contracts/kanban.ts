import { Type, type Static } from '@sinclair/typebox'
import { TagDto } from './tags'
import { JsonIdList, TicketDto } from './tickets'

/** The most tickets the board shows at once (reference §11: paginate or cap). */
export const KANBAN_TICKET_CAP = 400

/** GET /tag/kanban/ (002 §7): the company's lanes (tags with kanban 1), by id. */
export const KanbanLanes = Type.Object({ lista: Type.Array(TagDto) })
export type KanbanLanes = Static<typeof KanbanLanes>

/**
 * GET /ticket/kanban (002 §7): the open and pending tickets the caller sees, of his queues,
 * created between `startDate` and `endDate` (whole days in the company's time zone; both
 * default to today), newest update first, at most KANBAN_TICKET_CAP.
 */
export const KanbanTicketsQuery = Type.Object({
  queueIds: Type.Optional(JsonIdList),
  startDate: Type.Optional(Type.String({ format: 'date' })),
  endDate: Type.Optional(Type.String({ format: 'date' })),
})
export type KanbanTicketsQuery = Static<typeof KanbanTicketsQuery>

export const KanbanTicketList = Type.Object({
  tickets: Type.Array(TicketDto),
  /** How many match, counted up to the cap plus one. */
  count: Type.Integer({ minimum: 0 }),
  /** More match than the board shows. */
  hasMore: Type.Boolean(),
})
export type KanbanTicketList = Static<typeof KanbanTicketList>
