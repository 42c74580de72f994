import type { TagDto } from '@shared/contracts/tags'
import type { TagWithCounts } from './tags.repository'

/** Row → DTO: the same shape in lists, answers and `company{id}-tag` events. */
export const presentTag = (row: TagWithCounts): TagDto => ({
  id: row.id,
  name: row.name,
  color: row.color,
  kanban: row.kanban === 1 ? 1 : 0,
  ticketsCount: row.ticketsCount,
  contactsCount: row.contactsCount,
})
