import {
  Button,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from '@fluentui/react-components'
import {
  ChatRegular,
  DeleteRegular,
  EditRegular,
  PersonProhibitedRegular,
  PersonRegular,
} from '@fluentui/react-icons'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useRef, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { ContactDto } from '@shared/contracts/contacts'
import { INFINITE_SCROLL_THRESHOLD_PX, VIRTUALIZE_ABOVE } from '@shared/constants'
import { TagChip } from '@renderer/components/TagChip'
import { useContactsTableStyles } from './ContactsTable.styles'

const ESTIMATED_ROW_HEIGHT = 48
const OVERSCAN = 5
const COLUMN_COUNT = 5

export interface ContactRowActions {
  onOpenChat: (contact: ContactDto) => void
  onEdit: (contact: ContactDto) => void
  onToggleBlock: (contact: ContactDto) => void
  /** Absent without contacts-page:deleteContact. */
  onDelete?: (contact: ContactDto) => void
}

export interface ContactsTableProps extends ContactRowActions {
  contacts: ContactDto[]
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** The last page failed: stop asking on scroll (it would loop) and offer a retry instead. */
  loadMoreFailed: boolean
  onLoadMore: () => void
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
  const styles = useContactsTableStyles()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualized = contacts.length > VIRTUALIZE_ABOVE

  const virtualizer = useVirtualizer({
    count: contacts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN,
    enabled: virtualized,
    getItemKey: (index) => contacts[index]?.id ?? index,
  })

  const loadMoreIfNearBottom = useCallback(() => {
    const element = scrollRef.current
    if (!element || !hasNextPage || isFetchingNextPage || loadMoreFailed) return
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight
    if (distance <= INFINITE_SCROLL_THRESHOLD_PX) onLoadMore()
  }, [hasNextPage, isFetchingNextPage, loadMoreFailed, onLoadMore])

  // A viewport taller than the loaded rows never scrolls, so check again after every page.
  useEffect(() => loadMoreIfNearBottom(), [loadMoreIfNearBottom, contacts.length])

  const virtualItems = virtualized ? virtualizer.getVirtualItems() : []
  const rows = virtualized
    ? virtualItems.flatMap((item) => {
        const contact = contacts[item.index]
        return contact ? [{ contact, index: item.index }] : []
      })
    : contacts.map((contact, index) => ({ contact, index }))
  const paddingTop = virtualItems[0]?.start ?? 0
  const paddingBottom = virtualized
    ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0)
    : 0

  return (
    <div ref={scrollRef} className={styles.scroller} onScroll={loadMoreIfNearBottom}>
      <Table
        className={styles.table}
        aria-label={t('table.label')}
        aria-rowcount={contacts.length + 1}
        size="small"
      >
        <TableHeader className={styles.header}>
          <TableRow>
            <TableHeaderCell>{t('table.name')}</TableHeaderCell>
            <TableHeaderCell>{t('table.number')}</TableHeaderCell>
            <TableHeaderCell>{t('table.email')}</TableHeaderCell>
            <TableHeaderCell>{t('table.tags')}</TableHeaderCell>
            <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {paddingTop > 0 && <SpacerRow height={paddingTop} className={styles.spacer} />}
          {rows.map(({ contact, index }) => (
            <ContactRow
              key={contact.id}
              ref={virtualized ? virtualizer.measureElement : undefined}
              index={index}
              contact={contact}
              actions={actions}
            />
          ))}
          {paddingBottom > 0 && <SpacerRow height={paddingBottom} className={styles.spacer} />}
        </TableBody>
      </Table>
      {isFetchingNextPage && (
        <div className={styles.footer}>
          <Spinner size="tiny" label={t('table.loadingMore')} />
        </div>
      )}
      {loadMoreFailed && !isFetchingNextPage && (
        <div className={styles.footer}>
          <Button appearance="secondary" onClick={onLoadMore}>
            {t('actions.retry')}
          </Button>
        </div>
      )}
    </div>
  )
}

/** Stands in for the rows scrolled out of view, so the scrollbar keeps the whole list's size. */
const SpacerRow = ({ height, className }: { height: number; className: string }) => (
  // The height is computed by the virtualizer at run time, so it cannot be a static style.
  <tr aria-hidden style={{ height }}>
    <td className={className} colSpan={COLUMN_COUNT} />
  </tr>
)

interface ContactRowProps {
  ref?: Ref<HTMLTableRowElement>
  index: number
  contact: ContactDto
  actions: ContactRowActions
}

const ContactRow = ({ ref, index, contact, actions }: ContactRowProps) => {
  const { t } = useTranslation('contacts')
  const styles = useContactsTableStyles()
  const { name } = contact
  const blockLabel = t(contact.active ? 'actions.block' : 'actions.unblock', { name })
  return (
    <TableRow ref={ref} data-index={index} aria-rowindex={index + 2}>
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
    </TableRow>
  )
}
