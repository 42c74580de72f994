import { useDroppable } from '@dnd-kit/core'
import { Caption1, mergeClasses } from '@fluentui/react-components'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '@shared/contracts/tickets'
import { readableTextOn } from '@renderer/components/TagChip'
import { laneDropId, type Lane } from '../lanes'
import { KanbanCard } from './KanbanCard'
import { useKanbanBoardStyles } from './KanbanBoard.styles'

export interface KanbanLaneProps {
  lane: Lane
  lanes: readonly Lane[]
  onMove: (ticket: TicketDto, to: Lane) => void
}

/** One lane: its name and count on the tag's colour, then its cards; a drop target. */
export const KanbanLane = memo(({ lane, lanes, onMove }: KanbanLaneProps) => {
  const { t } = useTranslation('kanban')
  const styles = useKanbanBoardStyles()
  const { setNodeRef, isOver } = useDroppable({ id: laneDropId(lane.id) })
  const name = lane.tag?.name ?? t('lanes.default')
  const titleId = `kanban-lane-${lane.id}`
  // The tag's colour is the company's data: an inline style, with text that stays readable on it.
  const colour = lane.tag
    ? { backgroundColor: lane.tag.color, color: readableTextOn(lane.tag.color) }
    : undefined

  return (
    <section
      ref={setNodeRef}
      className={mergeClasses(styles.lane, isOver && styles.laneOver)}
      aria-labelledby={titleId}
      data-lane={lane.id}
    >
      <header className={styles.header} style={colour}>
        <h2 id={titleId} className={styles.title} title={name}>
          {name}
        </h2>
        <span className={styles.count} aria-label={t('lanes.count', { n: lane.tickets.length })}>
          {lane.tickets.length}
        </span>
      </header>
      {lane.tickets.length === 0 ? (
        <Caption1 className={styles.empty}>{t('lanes.empty')}</Caption1>
      ) : (
        <ul className={styles.cards} aria-labelledby={titleId}>
          {lane.tickets.map((ticket) => (
            <li key={ticket.id}>
              <KanbanCard ticket={ticket} laneId={lane.id} lanes={lanes} onMove={onMove} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
})
KanbanLane.displayName = 'KanbanLane'
