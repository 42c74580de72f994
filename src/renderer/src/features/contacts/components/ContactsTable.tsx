import { Button, TableCell, Tooltip } from '@fluentui/react-components'
import {
  ChatRegular,
  DeleteRegular,
  EditRegular,
  PersonProhibitedRegular,
  PersonRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ContactDto } from '@shared/contracts/contacts'
import { TagChip } from '@renderer/components/TagChip'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useContactsTableStyles } from './ContactsTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 48

export interface ContactRowActions {
  onOpenChat: (contact: ContactDto) => void
  onEdit: (contact: ContactDto) => void
  onToggleBlock: (contact: ContactDto) => void
  /** Absent without contacts-page:deleteContact. */
  onDelete?: (contact: ContactDto) => void
}

export interface ContactsTableProps extends ContactRowActions, InfinitePaging {
  contacts: ContactDto[]
}

/**
 * The contacts list: asks for the next page within 100 px of its bottom and renders only the
 * visible rows once it holds more than 20.
 */
export const ContactsTable = ({
  contacts,
  hasNextPage,
  isFetchingNextPage,
  loadMoreFailed,
  onLoadMore,
  ...actions
}: ContactsTableProps) => {
  const { t } = useTranslation('contacts')
  return (
    <VirtualTable
      label={t('table.label')}
      columns={[
        t('table.name'),
        t('table.number'),
        t('table.email'),
        t('table.tags'),
        t('table.actions'),
      ]}
      items={contacts}
      keyOf={(contact) => contact.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(contact) => <ContactCells contact={contact} actions={actions} />}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      loadMoreFailed={loadMoreFailed}
      onLoadMore={onLoadMore}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface ContactCellsProps {
  contact: ContactDto
  actions: ContactRowActions
}

const ContactCells = ({ contact, actions }: ContactCellsProps) => {
  const { t } = useTranslation('contacts')
  const styles = useContactsTableStyles()
  const { name } = contact
  const blockLabel = t(contact.active ? 'actions.block' : 'actions.unblock', { name })
  return (
    <>
      <TableCell>
        <span className={contact.active ? undefined : styles.blocked}>{name}</span>
      </TableCell>
      <TableCell className={styles.nowrap}>{contact.number}</TableCell>
      <TableCell className={styles.email}>{contact.email}</TableCell>
      <TableCell>
        <div className={styles.tags}>
          {contact.tags.map((tag) => (
            <TagChip key={tag.id} name={tag.name} color={tag.color} />
          ))}
        </div>
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          <Tooltip content={t('actions.openChat', { name })} relationship="label">
            <Button
              appearance="subtle"
              icon={<ChatRegular />}
              onClick={() => actions.onOpenChat(contact)}
            />
          </Tooltip>
          <Tooltip content={t('actions.edit', { name })} relationship="label">
            <Button
              appearance="subtle"
              icon={<EditRegular />}
              onClick={() => actions.onEdit(contact)}
            />
          </Tooltip>
          <Tooltip content={blockLabel} relationship="label">
            <Button
              appearance="subtle"
              icon={contact.active ? <PersonProhibitedRegular /> : <PersonRegular />}
              onClick={() => actions.onToggleBlock(contact)}
            />
          </Tooltip>
          {actions.onDelete && (
            <Tooltip content={t('actions.delete', { name })} relationship="label">
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                onClick={() => actions.onDelete?.(contact)}
              />
            </Tooltip>
          )}
        </div>
      </TableCell>
    </>
  )
}
