import {
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import type { TicketDto } from '@shared/contracts/tickets'
import { laneOfDropId, type LaneId } from './lanes'

/** What a dragged card carries, for the drop and the announcements. */
export interface CardDragData {
  ticket: TicketDto
  laneId: LaneId
}

export const isCardDragData = (data: unknown): data is CardDragData =>
  typeof data === 'object' && data !== null && 'ticket' in data && 'laneId' in data

const NEXT = new Set(['ArrowRight', 'ArrowDown'])
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp'])

/**
 * Arrow keys move a picked-up card one lane at a time (right/down: the next lane, left/up: the
 * previous), whatever the lanes' width; the keyboard sensor scrolls the board to follow it.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const step = NEXT.has(event.code) ? 1 : PREVIOUS.has(event.code) ? -1 : 0
  if (step === 0) return undefined
  event.preventDefault()
  const { active, over, droppableRects, collisionRect } = context
  const lanes = [...droppableRects.entries()]
    .filter(([id]) => laneOfDropId(id) !== null)
    .sort(([, a], [, b]) => a.left - b.left)
  const data: unknown = active?.data.current
  const currentId = over?.id ?? (isCardDragData(data) ? `lane:${data.laneId}` : null)
  const index = lanes.findIndex(([id]) => id === currentId)
  const target = index === -1 ? undefined : lanes[index + step]
  if (!target) return undefined
  const [, rect] = target
  const width = collisionRect?.width ?? 0
  const height = collisionRect?.height ?? 0
  return {
    x: rect.left + Math.max(0, (rect.width - width) / 2),
    y: Math.min(Math.max(currentCoordinates.y, rect.top), Math.max(rect.top, rect.bottom - height)),
  }
}

/** The lane under the pointer; with the keyboard (no pointer) the lane the card overlaps most. */
export const laneCollision: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args)
