import { useDraggable } from '@dnd-kit/core'
import {
  Badge,
  Button,
  Caption1,
  CounterBadge,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  Text,
  Tooltip,
} from '@fluentui/react-components'
import {
  ArrowMoveRegular,
  CameraRegular,
  ChatMultipleRegular,
  ChatRegular,
  OpenRegular,
  PeopleCommunityRegular,
  ReOrderDotsVerticalRegular,
} from '@fluentui/react-icons'
import { memo, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useHref } from 'react-router'
import { displayedNumber } from '@shared/contacts/phone'
import type { Channel } from '@shared/contracts/connections'
import type { TicketDto } from '@shared/contracts/tickets'
import { TagSwatch } from '@renderer/components/TagChip'
import type { CardDragData } from '../board-dnd'
import { cardDragId, formatCardTime, type Lane, type LaneId } from '../lanes'
import { useKanbanCardStyles } from './KanbanCard.styles'

/** Fluent has no brand logos: each channel gets a distinct glyph, named by its label. */
const CHANNEL_ICONS: Record<Channel, ComponentType<{ 'aria-label'?: string; role?: string }>> = {
  whatsapp: ChatRegular,
  whatsappapi: ChatMultipleRegular,
  facebook: PeopleCommunityRegular,
  instagram: CameraRegular,
}

interface CardContentProps {
  ticket: TicketDto
  /** The drag handle, the move menu and the link; absent on the copy that follows the pointer. */
  actions?: ReactNode
}

/** What a card shows (002 §2.21). */
const CardContent = ({ ticket, actions }: CardContentProps) => {
  const { t } = useTranslation('kanban')
  const styles = useKanbanCardStyles()
  const Icon = CHANNEL_ICONS[ticket.channel]
  const channel = t(`channels.${ticket.channel}`)
  return (
    <>
      <div className={styles.top}>
        <Caption1 className={styles.number}>{t('card.number', { id: ticket.id })}</Caption1>
        {ticket.unreadMessages > 0 && (
          <CounterBadge
            size="small"
            color="brand"
            count={ticket.unreadMessages}
            aria-label={t('card.unread', { n: ticket.unreadMessages })}
          />
        )}
        <span className={styles.grow} />
        <Caption1 className={styles.time}>
          <time dateTime={ticket.updatedAt}>{formatCardTime(ticket.updatedAt)}</time>
        </Caption1>
      </div>
      <div className={styles.contact}>
        <Text className={styles.name} title={ticket.contact.name}>
          {ticket.contact.name}
        </Text>
        <Caption1 className={styles.phone}>{displayedNumber(ticket.contact)}</Caption1>
      </div>
      <Caption1 className={styles.lastMessage}>{ticket.lastMessage}</Caption1>
      <div className={styles.meta}>
        <span title={channel}>
          <Icon role="img" aria-label={channel} />
        </span>
        {ticket.whatsapp && (
          <Caption1 className={styles.connection} title={ticket.whatsapp.name}>
            {ticket.whatsapp.name}
          </Caption1>
        )}
        {ticket.user && (
          <Badge appearance="tint" color="informative" shape="rounded" size="small">
            {ticket.user.name}
          </Badge>
        )}
      </div>
      {actions}
    </>
  )
}

/** The card that follows the pointer or the keyboard while a card is dragged. */
export const KanbanCardPreview = ({ ticket }: { ticket: TicketDto }) => {
  const styles = useKanbanCardStyles()
  return (
    <div className={mergeClasses(styles.card, styles.overlay)}>
      <CardContent ticket={ticket} />
    </div>
  )
}

export interface KanbanCardProps {
  ticket: TicketDto
  laneId: LaneId
  /** Every lane, for the move menu (the way to move a card without dragging it). */
  lanes: readonly Lane[]
  onMove: (ticket: TicketDto, to: Lane) => void
}

/**
 * A ticket on the board. It is dragged with the pointer anywhere on it, or picked up with
 * Space on its handle; the move menu does the same in one click.
 */
export const KanbanCard = memo(({ ticket, laneId, lanes, onMove }: KanbanCardProps) => {
  const { t } = useTranslation('kanban')
  const styles = useKanbanCardStyles()
  const href = useHref(`/tickets/${ticket.uuid}`)
  const data: CardDragData = { ticket, laneId }
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: cardDragId(ticket.id),
    data,
    attributes: { roleDescription: t('a11y.roleDescription') },
  })
  const laneName = (lane: Lane) => lane.tag?.name ?? t('lanes.default')
  const others = lanes.filter((lane) => lane.id !== laneId)

  return (
    <article
      ref={setNodeRef}
      className={mergeClasses(styles.card, isDragging && styles.dragging)}
      aria-label={t('card.label', { id: ticket.id, name: ticket.contact.name })}
      {...listeners}
    >
      <CardContent
        ticket={ticket}
        actions={
          <div className={styles.actions}>
            <Tooltip content={t('card.drag', { id: ticket.id })} relationship="label">
              <Button
                ref={setActivatorNodeRef}
                {...attributes}
                className={styles.handle}
                appearance="subtle"
                size="small"
                icon={<ReOrderDotsVerticalRegular />}
              />
            </Tooltip>
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button appearance="subtle" size="small" icon={<ArrowMoveRegular />}>
                  {t('card.moveTo')}
                </Button>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  {others.map((lane) => (
                    <MenuItem
                      key={lane.id}
                      icon={lane.tag ? <TagSwatch color={lane.tag.color} /> : undefined}
                      onClick={() => onMove(ticket, lane)}
                    >
                      {laneName(lane)}
                    </MenuItem>
                  ))}
                </MenuList>
              </MenuPopover>
            </Menu>
            <span className={styles.grow} />
            <Button as="a" href={href} size="small" icon={<OpenRegular />}>
              {t('card.open')}
            </Button>
          </div>
        }
      />
    </article>
  )
})
KanbanCard.displayName = 'KanbanCard'
