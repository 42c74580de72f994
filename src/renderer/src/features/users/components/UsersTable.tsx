import {
  Button,
  PresenceBadge,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useRef, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserListItem } from '@shared/contracts/users'
import { INFINITE_SCROLL_THRESHOLD_PX, VIRTUALIZE_ABOVE } from '@shared/constants'
import { UserAvatar } from './UserAvatar'
import { useUsersTableStyles } from './UsersTable.styles'

/** A first guess for the virtualizer; rows are measured once rendered. */
const ESTIMATED_ROW_HEIGHT = 44
const OVERSCAN = 5
const COLUMN_COUNT = 9

export interface UsersTableProps {
  users: UserListItem[]
  currentUserId: number
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** The last page failed: stop asking on scroll (it would loop) and offer a retry instead. */
  loadMoreFailed: boolean
  onLoadMore: () => void
  onEdit: (user: UserListItem) => void
  onDelete: (user: UserListItem) => void
}

/**
 * The users list: a table that asks for the next page within 100 px of its bottom and renders
 * only the visible rows once it holds more than 20.
 */
export const UsersTable = ({
  users,
  currentUserId,
  hasNextPage,
  isFetchingNextPage,
  loadMoreFailed,
  onLoadMore,
  onEdit,
  onDelete,
}: UsersTableProps) => {
  const { t } = useTranslation('users')
  const styles = useUsersTableStyles()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualized = users.length > VIRTUALIZE_ABOVE

  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN,
    enabled: virtualized,
    getItemKey: (index) => users[index]?.id ?? index,
  })

  const loadMoreIfNearBottom = useCallback(() => {
    const element = scrollRef.current
    if (!element || !hasNextPage || isFetchingNextPage || loadMoreFailed) return
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight
    if (distance <= INFINITE_SCROLL_THRESHOLD_PX) onLoadMore()
  }, [hasNextPage, isFetchingNextPage, loadMoreFailed, onLoadMore])

  // A viewport taller than the loaded rows never scrolls, so check again after every page.
  useEffect(() => loadMoreIfNearBottom(), [loadMoreIfNearBottom, users.length])

  const virtualItems = virtualized ? virtualizer.getVirtualItems() : []
  const rows = virtualized
    ? virtualItems.flatMap((item) => {
        const user = users[item.index]
        return user ? [{ user, index: item.index }] : []
      })
    : users.map((user, index) => ({ user, index }))
  const paddingTop = virtualItems[0]?.start ?? 0
  const paddingBottom = virtualized
    ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0)
    : 0

  return (
    <div ref={scrollRef} className={styles.scroller} onScroll={loadMoreIfNearBottom}>
      <Table
        className={styles.table}
        aria-label={t('table.label')}
        aria-rowcount={users.length + 1}
        size="small"
      >
        <TableHeader className={styles.header}>
          <TableRow>
            <TableHeaderCell>{t('table.id')}</TableHeaderCell>
            <TableHeaderCell>{t('table.status')}</TableHeaderCell>
            <TableHeaderCell>{t('table.avatar')}</TableHeaderCell>
            <TableHeaderCell>{t('table.name')}</TableHeaderCell>
            <TableHeaderCell>{t('table.email')}</TableHeaderCell>
            <TableHeaderCell>{t('table.profile')}</TableHeaderCell>
            <TableHeaderCell>{t('table.startWork')}</TableHeaderCell>
            <TableHeaderCell>{t('table.endWork')}</TableHeaderCell>
            <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {paddingTop > 0 && <SpacerRow height={paddingTop} className={styles.spacer} />}
          {rows.map(({ user, index }) => (
            <UserRow
              key={user.id}
              ref={virtualized ? virtualizer.measureElement : undefined}
              index={index}
              user={user}
              canDelete={user.id !== currentUserId}
              onEdit={onEdit}
              onDelete={onDelete}
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

interface UserRowProps {
  ref?: Ref<HTMLTableRowElement>
  index: number
  user: UserListItem
  canDelete: boolean
  onEdit: (user: UserListItem) => void
  onDelete: (user: UserListItem) => void
}

const UserRow = ({ ref, index, user, canDelete, onEdit, onDelete }: UserRowProps) => {
  const { t } = useTranslation('users')
  const styles = useUsersTableStyles()
  const statusLabel = t(user.online ? 'status.online' : 'status.offline')
  const editLabel = t('actions.edit', { name: user.name })
  const deleteLabel = t('actions.delete', { name: user.name })
  return (
    <TableRow ref={ref} data-index={index} aria-rowindex={index + 2}>
      <TableCell>{user.id}</TableCell>
      <TableCell>
        <Tooltip content={statusLabel} relationship="label">
          <PresenceBadge status={user.online ? 'available' : 'offline'} />
        </Tooltip>
      </TableCell>
      <TableCell>
        <UserAvatar name={user.name} profileImage={user.profileImage} />
      </TableCell>
      <TableCell>{user.name}</TableCell>
      <TableCell className={styles.email}>{user.email}</TableCell>
      <TableCell className={styles.nowrap}>{t(`profiles.${user.profile}`)}</TableCell>
      <TableCell>{user.startWork}</TableCell>
      <TableCell>{user.endWork}</TableCell>
      <TableCell>
        <div className={styles.actions}>
          <Tooltip content={editLabel} relationship="label">
            <Button appearance="subtle" icon={<EditRegular />} onClick={() => onEdit(user)} />
          </Tooltip>
          {canDelete && (
            <Tooltip content={deleteLabel} relationship="label">
              <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(user)} />
            </Tooltip>
          )}
        </div>
      </TableCell>
    </TableRow>
  )
}
