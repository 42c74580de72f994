import type { ContactListDto, ContactListItemDto } from '@shared/contracts/contact-lists'
import type { ContactListWithCounts } from './contact-lists.repository'
import type { ContactListItemRow } from './contact-lists.table'

export const presentContactList = (row: ContactListWithCounts): ContactListDto => ({
  id: row.id,
  name: row.name,
  contactsCount: row.contactsCount,
  validCount: row.validCount,
  invalidCount: row.invalidCount,
  uncheckedCount: row.uncheckedCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export const presentContactListItem = (row: ContactListItemRow): ContactListItemDto => ({
  id: row.id,
  contactListId: row.contactListId,
  name: row.name,
  number: row.number,
  email: row.email,
  isWhatsappValid: row.isWhatsappValid,
  isGroup: row.isGroup,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})
