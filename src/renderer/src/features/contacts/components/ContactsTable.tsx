import { Button, Caption1, TableCell, Tooltip } from '@fluentui/react-components'
import {
  ChatRegular,
  DeleteRegular,
  EditRegular,
  PersonProhibitedRegular,
  PersonRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ContactDto } from '@shared/contracts/contacts'
import { displayedNumber } from '@shared/contacts/phone'
import { TagChip } from '@renderer/components/TagChip'
import { VirtualTable } from '@renderer/components/VirtualTable'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useContactsTableStyles } from './ContactsTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 48

/**
 * Below this width the e-mail and tag columns would push the row's actions past the screen's
 * edge: the row keeps the name, with the number beneath it, and the actions.
 */
export const CONTACTS_NARROW = '(max-width: 699px)'

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
  const narrow = useMediaQuery(CONTACTS_NARROW)
  return (
    <VirtualTable
      label={t('table.label')}
      columns={
        narrow
          ? [t('table.name'), t('table.actions')]
          : [
              t('table.name'),
              t('table.number'),
              t('table.email'),
              t('table.tags'),
              t('table.actions'),
            ]
      }
      items={contacts}
      keyOf={(contact) => contact.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(contact) => (
        <ContactCells contact={contact} actions={actions} narrow={narrow} />
      )}
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
  narrow: boolean
}

const ContactCells = ({ contact, actions, narrow }: ContactCellsProps) => {
  const { t } = useTranslation('contacts')
  const styles = useContactsTableStyles()
  const { name } = contact
  const blockLabel = t(contact.active ? 'actions.block' : 'actions.unblock', { name })
  return (
    <>
      <TableCell>
        <span className={contact.active ? undefined : styles.blocked}>{name}</span>
        {narrow && <Caption1 className={styles.secondLine}>{displayedNumber(contact)}</Caption1>}
      </TableCell>
      {!narrow && (
        <>
          <TableCell className={styles.nowrap}>{displayedNumber(contact)}</TableCell>
          <TableCell className={styles.nowrap}>{contact.email}</TableCell>
          <TableCell>
            <div className={styles.tags}>
              {contact.tags.map((tag) => (
                <TagChip key={tag.id} name={tag.name} color={tag.color} />
              ))}
            </div>
          </TableCell>
        </>
      )}
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
