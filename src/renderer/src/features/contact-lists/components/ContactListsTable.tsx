import { Button, Link, TableCell, Text, Tooltip } from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  DeleteRegular,
  EditRegular,
  PeopleListRegular,
} from '@fluentui/react-icons'
import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useHref } from 'react-router'
import type { ContactListDto } from '@shared/contracts/contact-lists'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { contactListItemsPath } from '../paths'
import { useContactListsTableStyles } from './ContactListsTable.styles'
import { ValiditySummary } from './WhatsappValidity'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 56

/** Below this width the contacts column folds under the name, leaving room for the actions. */
export const CONTACT_LISTS_NARROW = '(max-width: 599px)'

export interface ContactListActions {
  onOpen: (list: ContactListDto) => void
  onDownloadExample: () => void
  /** The example spreadsheet is being downloaded. */
  downloading: boolean
  onEdit: (list: ContactListDto) => void
  onDelete: (list: ContactListDto) => void
}

export interface ContactListsTableProps extends ContactListActions, InfinitePaging {
  lists: readonly ContactListDto[]
}

/**
 * The contact lists (002 §2.4: name, contacts count, actions): asks for the next page within
 * 100 px of its bottom and draws only the visible rows once it holds more than 20.
 */
export const ContactListsTable = ({
  lists,
  onOpen,
  onDownloadExample,
  downloading,
  onEdit,
  onDelete,
  ...paging
}: ContactListsTableProps) => {
  const { t } = useTranslation('contactLists')
  const narrow = useMediaQuery(CONTACT_LISTS_NARROW)
  const actions = { onOpen, onDownloadExample, downloading, onEdit, onDelete }
  return (
    <VirtualTable
      label={t('table.label')}
      columns={
        narrow
          ? [t('table.name'), t('table.actions')]
          : [t('table.name'), t('table.contacts'), t('table.actions')]
      }
      items={lists}
      keyOf={(list) => list.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(list) => <ContactListCells list={list} narrow={narrow} {...actions} />}
      {...paging}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface ContactListCellsProps extends ContactListActions {
  list: ContactListDto
  narrow: boolean
}

const ContactListCells = ({
  list,
  narrow,
  onOpen,
  onDownloadExample,
  downloading,
  onEdit,
  onDelete,
}: ContactListCellsProps) => {
  const { t } = useTranslation('contactLists')
  const styles = useContactListsTableStyles()
  const href = useHref(contactListItemsPath(list.id))
  const { name } = list
  const handleOpen = () => onOpen(list)
  // The link's own navigation would bypass the router: the row's handler opens the list.
  const handleLinkClick = (event: MouseEvent) => {
    event.preventDefault()
    event.stopPropagation()
    handleOpen()
  }
  const contacts = (
    <>
      <Text className={styles.count}>{t('table.contactCount', { count: list.contactsCount })}</Text>
      <ValiditySummary counts={list} />
    </>
  )
  return (
    <>
      <TableCell className={styles.opens} onClick={handleOpen}>
        <div className={styles.name}>
          <Link className={styles.link} href={href} onClick={handleLinkClick}>
            {name}
          </Link>
          {narrow && contacts}
        </div>
      </TableCell>
      {!narrow && (
        <TableCell className={styles.opens} onClick={handleOpen}>
          <div className={styles.contacts}>{contacts}</div>
        </TableCell>
      )}
      <TableCell className={styles.actions}>
        <Tooltip content={t('actions.downloadExample')} relationship="label">
          <Button
            appearance="subtle"
            icon={<ArrowDownloadRegular />}
            disabledFocusable={downloading}
            onClick={onDownloadExample}
          />
        </Tooltip>
        <Tooltip content={t('actions.open', { name })} relationship="label">
          <Button appearance="subtle" icon={<PeopleListRegular />} onClick={handleOpen} />
        </Tooltip>
        <Tooltip content={t('actions.edit', { name })} relationship="label">
          <Button appearance="subtle" icon={<EditRegular />} onClick={() => onEdit(list)} />
        </Tooltip>
        <Tooltip content={t('actions.delete', { name })} relationship="label">
          <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(list)} />
        </Tooltip>
      </TableCell>
    </>
  )
}
