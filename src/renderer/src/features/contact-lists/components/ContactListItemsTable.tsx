import { Button, Caption1, mergeClasses, TableCell, Tooltip } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ContactListItemDto } from '@shared/contracts/contact-lists'
import { formatPhoneNumber } from '@shared/contacts/phone'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useContactListItemsTableStyles } from './ContactListItemsTable.styles'
import { WhatsappValidityIcon } from './WhatsappValidity'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 44

/** Below this width the number and e-mail columns fold under the name. */
export const CONTACT_LIST_ITEMS_NARROW = '(max-width: 799px)'

export interface ContactListItemActions {
  onEdit: (item: ContactListItemDto) => void
  /** Absent without contacts-page:deleteContact. */
  onDelete?: (item: ContactListItemDto) => void
}

export interface ContactListItemsTableProps extends ContactListItemActions, InfinitePaging {
  items: readonly ContactListItemDto[]
}

/**
 * A list's contacts (002 §2.5: WhatsApp validity, name, number, e-mail, edit and delete): asks
 * for the next page within 100 px of its bottom and draws only the visible rows above 20.
 */
export const ContactListItemsTable = ({
  items,
  onEdit,
  onDelete,
  ...paging
}: ContactListItemsTableProps) => {
  const { t } = useTranslation('contactLists')
  const narrow = useMediaQuery(CONTACT_LIST_ITEMS_NARROW)
  return (
    <VirtualTable
      label={t('items.table.label')}
      columns={
        narrow
          ? [t('items.table.whatsapp'), t('items.table.name'), t('items.table.actions')]
          : [
              t('items.table.whatsapp'),
              t('items.table.name'),
              t('items.table.number'),
              t('items.table.email'),
              t('items.table.actions'),
            ]
      }
      items={items}
      keyOf={(item) => item.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(item) => (
        <ContactListItemCells item={item} narrow={narrow} onEdit={onEdit} onDelete={onDelete} />
      )}
      {...paging}
      loadingMoreLabel={t('items.table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface ContactListItemCellsProps extends ContactListItemActions {
  item: ContactListItemDto
  narrow: boolean
}

const ContactListItemCells = ({ item, narrow, onEdit, onDelete }: ContactListItemCellsProps) => {
  const { t } = useTranslation('contactLists')
  const styles = useContactListItemsTableStyles()
  const { name } = item
  const number = formatPhoneNumber(item.number)
  const handleOpen = () => onEdit(item)
  return (
    <>
      <TableCell className={mergeClasses(styles.opens, styles.validity)} onClick={handleOpen}>
        <WhatsappValidityIcon validity={item.isWhatsappValid} />
      </TableCell>
      <TableCell className={styles.opens} onClick={handleOpen}>
        <div className={styles.name}>
          <span className={styles.strong}>{name}</span>
          {narrow && (
            <>
              <Caption1 className={mergeClasses(styles.detail, styles.nowrap)}>{number}</Caption1>
              {item.email && <Caption1 className={styles.detail}>{item.email}</Caption1>}
            </>
          )}
        </div>
      </TableCell>
      {!narrow && (
        <>
          <TableCell className={mergeClasses(styles.opens, styles.nowrap)} onClick={handleOpen}>
            {number}
          </TableCell>
          <TableCell className={mergeClasses(styles.opens, styles.nowrap)} onClick={handleOpen}>
            {item.email}
          </TableCell>
        </>
      )}
      <TableCell className={styles.actions}>
        <Tooltip content={t('items.actions.edit', { name })} relationship="label">
          <Button appearance="subtle" icon={<EditRegular />} onClick={handleOpen} />
        </Tooltip>
        {onDelete && (
          <Tooltip content={t('items.actions.delete', { name })} relationship="label">
            <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(item)} />
          </Tooltip>
        )}
      </TableCell>
    </>
  )
}
