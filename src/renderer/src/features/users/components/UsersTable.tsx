import { Button, PresenceBadge, TableCell, Tooltip } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { UserListItem } from '@shared/contracts/users'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { UserAvatar } from './UserAvatar'
import { useUsersTableStyles } from './UsersTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 44

export interface UsersTableProps extends InfinitePaging {
  users: UserListItem[]
  currentUserId: number
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
  onEdit,
  onDelete,
  ...paging
}: UsersTableProps) => {
  const { t } = useTranslation('users')
  return (
    <VirtualTable
      label={t('table.label')}
      columns={[
        t('table.id'),
        t('table.status'),
        t('table.avatar'),
        t('table.name'),
        t('table.email'),
        t('table.profile'),
        t('table.startWork'),
        t('table.endWork'),
        t('table.actions'),
      ]}
      items={users}
      keyOf={(user) => user.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(user) => (
        <UserCells
          user={user}
          canDelete={user.id !== currentUserId}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
      {...paging}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface UserCellsProps {
  user: UserListItem
  canDelete: boolean
  onEdit: (user: UserListItem) => void
  onDelete: (user: UserListItem) => void
}

const UserCells = ({ user, canDelete, onEdit, onDelete }: UserCellsProps) => {
  const { t } = useTranslation('users')
  const styles = useUsersTableStyles()
  const statusLabel = t(user.online ? 'status.online' : 'status.offline')
  const editLabel = t('actions.edit', { name: user.name })
  const deleteLabel = t('actions.delete', { name: user.name })
  return (
    <>
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
    </>
  )
}
