import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '@shared/contracts/tickets'
import { isCardDragData, laneCollision, laneKeyboardCoordinates } from '../board-dnd'
import { laneOfDropId, type Lane, type LaneId } from '../lanes'
import { KanbanCardPreview } from './KanbanCard'
import { KanbanLane } from './KanbanLane'
import { useKanbanBoardStyles } from './KanbanBoard.styles'

export interface KanbanBoardProps {
  lanes: readonly Lane[]
  /** A card dropped on (or moved by its menu to) another lane. */
  onMove: (ticket: TicketDto, to: Lane) => void
}

/** A pointer must travel this far before a press becomes a drag, so clicks stay clicks. */
const DRAG_DISTANCE_PX = 6

/**
 * The lanes side by side, scrolling sideways. Cards move between lanes with the pointer or the
 * keyboard (Space picks up, arrows change lane, Space drops, Escape cancels), each step
 * announced to screen readers in the interface language.
 */
export const KanbanBoard = ({ lanes, onMove }: KanbanBoardProps) => {
  const { t } = useTranslation('kanban')
  const styles = useKanbanBoardStyles()
  const [dragged, setDragged] = useState<TicketDto | null>(null)
  // The lane last announced: the first "over" of a drag is the lane just announced as picked up.
  const announcedLane = useRef<LaneId | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  )

  const accessibility = useMemo(() => {
    const laneName = (id: LaneId | null) => {
      const lane = lanes.find((candidate) => candidate.id === id)
      return lane?.tag?.name ?? t('lanes.default')
    }
    const describe = (data: unknown) =>
      isCardDragData(data)
        ? { ticket: t('card.label', { id: data.ticket.id, name: data.ticket.contact.name }) }
        : { ticket: '' }
    const origin = (data: unknown) => laneName(isCardDragData(data) ? data.laneId : null)
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        const data = active.data.current
        announcedLane.current = isCardDragData(data) ? data.laneId : null
        return t('a11y.pickedUp', { ...describe(data), lane: origin(data) })
      },
      onDragOver: ({ active, over }) => {
        const to = laneOfDropId(over?.id)
        if (to !== null && to === announcedLane.current) return undefined
        announcedLane.current = to
        return to === null
          ? t('a11y.notOver', describe(active.data.current))
          : t('a11y.over', { ...describe(active.data.current), lane: laneName(to) })
      },
      onDragEnd: ({ active, over }) => {
        const to = laneOfDropId(over?.id)
        const data = active.data.current
        if (to === null) return t('a11y.droppedNowhere', describe(data))
        if (isCardDragData(data) && data.laneId === to)
          return t('a11y.droppedSame', { ...describe(data), lane: laneName(to) })
        return t('a11y.dropped', { ...describe(data), lane: laneName(to) })
      },
      onDragCancel: ({ active }) =>
        t('a11y.cancelled', {
          ...describe(active.data.current),
          lane: origin(active.data.current),
        }),
    }
    return { announcements, screenReaderInstructions: { draggable: t('a11y.instructions') } }
  }, [lanes, t])

  const handleDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current
    setDragged(isCardDragData(data) ? data.ticket : null)
  }

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null)
    const data = active.data.current
    const to = laneOfDropId(over?.id)
    if (!isCardDragData(data) || to === null || to === data.laneId) return
    const lane = lanes.find((candidate) => candidate.id === to)
    if (lane) onMove(data.ticket, lane)
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={laneCollision}
      accessibility={accessibility}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      {/* Focusable so that arrow keys scroll the lanes when no card is focused. */}
      <div className={styles.board} role="region" aria-label={t('board.label')} tabIndex={0}>
        {lanes.map((lane) => (
          <KanbanLane key={lane.id} lane={lane} lanes={lanes} onMove={onMove} />
        ))}
      </div>
      <DragOverlay>{dragged && <KanbanCardPreview ticket={dragged} />}</DragOverlay>
    </DndContext>
  )
}

/** Three lanes of placeholder cards while the board loads. */
export const KanbanBoardSkeleton = () => {
  const { t } = useTranslation('kanban')
  const styles = useKanbanBoardStyles()
  return (
    <div className={styles.board} aria-busy="true" aria-label={t('board.loading')} role="status">
      {[0, 1, 2].map((lane) => (
        <div key={lane} className={styles.lane}>
          <div className={styles.header}>
            <Skeleton aria-hidden>
              <SkeletonItem size={16} />
            </Skeleton>
          </div>
          <div className={styles.cards}>
            {[0, 1, 2].map((card) => (
              <Skeleton key={card} aria-hidden className={styles.skeletonCard}>
                <SkeletonItem size={12} />
                <SkeletonItem size={16} />
                <SkeletonItem size={32} />
              </Skeleton>
            ))}
          </div>
        </div>
      ))}
    </div>
  )
}
