import { format, isSameDay, isValid } from 'date-fns'
import type { TagRef } from '@shared/contracts/contacts'
import type { TagDto } from '@shared/contracts/tags'
import type { TicketDto } from '@shared/contracts/tickets'

/** The lane of tickets without a lane tag; PUT /ticket-tags/{id}/empty moves a ticket there. */
export const DEFAULT_LANE = 'empty'

/** A lane's id: a lane tag's id, or DEFAULT_LANE. It is also the lane's droppable id. */
export type LaneId = number | typeof DEFAULT_LANE

export interface Lane {
  id: LaneId
  /** The lane tag; null for the default lane. */
  tag: TagDto | null
  /** In the server's order: newest update first. */
  tickets: TicketDto[]
}

/** The lane `ticket` is in: its first tag that is one of `laneIds`, else the default lane. */
export const laneOf = (ticket: TicketDto, laneIds: ReadonlySet<number>): LaneId =>
  ticket.tags.find((tag) => laneIds.has(tag.id))?.id ?? DEFAULT_LANE

/**
 * The board: the default lane first, then one per lane tag in the server's order, each with
 * its tickets. A ticket whose lane tag is not (or no longer) a lane is in the default lane.
 */
export const buildLanes = (laneTags: readonly TagDto[], tickets: readonly TicketDto[]): Lane[] => {
  const lanes: Lane[] = [
    { id: DEFAULT_LANE, tag: null, tickets: [] },
    ...laneTags.map((tag) => ({ id: tag.id, tag, tickets: [] })),
  ]
  const byId = new Map<LaneId, Lane>(lanes.map((lane) => [lane.id, lane]))
  const laneIds = new Set(laneTags.map((tag) => tag.id))
  for (const ticket of tickets) byId.get(laneOf(ticket, laneIds))?.tickets.push(ticket)
  return lanes
}

/** `ticket` moved to `lane`: its lane tags dropped, the lane's tag added; other tags kept. */
export const withLane = (
  ticket: TicketDto,
  lane: TagDto | null,
  laneIds: ReadonlySet<number>,
): TicketDto => {
  const kept = ticket.tags.filter((tag) => !laneIds.has(tag.id))
  const added: TagRef[] = lane ? [{ id: lane.id, name: lane.name, color: lane.color }] : []
  return { ...ticket, tags: [...kept, ...added] }
}

/** A card's time (002 §2.21): HH:mm when it is today where the user is, else dd/MM/yyyy. */
export const formatCardTime = (iso: string, now: Date = new Date()): string => {
  const date = new Date(iso)
  if (!isValid(date)) return ''
  return format(date, isSameDay(date, now) ? 'HH:mm' : 'dd/MM/yyyy')
}

/** A calendar day as the board's date fields and GET /ticket/kanban take it. */
export const toDay = (date: Date): string => format(date, 'yyyy-MM-dd')

/** The droppable id of a lane and the draggable id of a card, as dnd-kit sees them. */
export const laneDropId = (id: LaneId): string => `lane:${id}`
export const cardDragId = (ticketId: number): string => `ticket:${ticketId}`

/** The lane a droppable id names, or null for anything else. */
export const laneOfDropId = (id: string | number | null | undefined): LaneId | null => {
  if (typeof id !== 'string' || !id.startsWith('lane:')) return null
  const rest = id.slice('lane:'.length)
  if (rest === DEFAULT_LANE) return DEFAULT_LANE
  const value = Number(rest)
  return Number.isInteger(value) && value > 0 ? value : null
}
