import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from '@fluentui/react-components'
import { DeleteRegular, EditRegular, StarFilled } from '@fluentui/react-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConnectionDto } from '@shared/contracts/connections'
import { formatUpdatedAt } from '../format'
import { ChannelIcon } from './ChannelIcon'
import { useConnectionsTableStyles } from './ConnectionsTable.styles'
import { SessionActions } from './SessionActions'
import { StatusBadge } from './StatusBadge'

export interface ConnectionsTableProps {
  connections: ConnectionDto[]
  /** The session column's content; without it the column is not shown. */
  renderSession?: (connection: ConnectionDto) => ReactNode
  /** The actions column's content; without it the column is not shown. */
  renderActions?: (connection: ConnectionDto) => ReactNode
}

/** The company's own session buttons: exactly those of 001 §4 for each status. */
export const sessionColumn = (onShowQr: (connectionId: number) => void) =>
  function SessionColumn(connection: ConnectionDto) {
    return <SessionActions connection={connection} onShowQr={onShowQr} />
  }

/** Edit and delete buttons, named after the connection for screen readers. */
export const EditDeleteActions = ({
  connection,
  onEdit,
  onDelete,
}: {
  connection: ConnectionDto
  onEdit?: (connection: ConnectionDto) => void
  onDelete: (connection: ConnectionDto) => void
}) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionsTableStyles()
  return (
    <div className={styles.actions}>
      {onEdit && (
        <Tooltip content={t('actions.edit', { name: connection.name })} relationship="label">
          <Button appearance="subtle" icon={<EditRegular />} onClick={() => onEdit(connection)} />
        </Tooltip>
      )}
      <Tooltip content={t('actions.delete', { name: connection.name })} relationship="label">
        <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(connection)} />
      </Tooltip>
    </div>
  )
}

/**
 * Connections with the columns of 001 §2: channel, name, number, status, session, last update
 * (dd/MM/yy HH:mm), default and actions.
 */
export const ConnectionsTable = ({
  connections,
  renderSession,
  renderActions,
}: ConnectionsTableProps) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionsTableStyles()
  return (
    <div className={styles.scroller}>
      <Table size="small" aria-label={t('table.label')}>
        <TableHeader className={styles.header}>
          <TableRow>
            <TableHeaderCell>{t('table.channel')}</TableHeaderCell>
            <TableHeaderCell>{t('table.name')}</TableHeaderCell>
            <TableHeaderCell>{t('table.number')}</TableHeaderCell>
            <TableHeaderCell>{t('table.status')}</TableHeaderCell>
            {renderSession && <TableHeaderCell>{t('table.session')}</TableHeaderCell>}
            <TableHeaderCell>{t('table.updatedAt')}</TableHeaderCell>
            <TableHeaderCell>{t('table.default')}</TableHeaderCell>
            {renderActions && <TableHeaderCell>{t('table.actions')}</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {connections.map((connection) => (
            <TableRow key={connection.id} data-testid={`connection-${connection.id}`}>
              <TableCell>
                <ChannelIcon channel={connection.channel} />
              </TableCell>
              <TableCell>{connection.name}</TableCell>
              <TableCell>{connection.number}</TableCell>
              <TableCell>
                <StatusBadge connection={connection} />
              </TableCell>
              {renderSession && <TableCell>{renderSession(connection)}</TableCell>}
              <TableCell>{formatUpdatedAt(connection.updatedAt)}</TableCell>
              <TableCell>
                {connection.isDefault && (
                  <StarFilled
                    className={styles.default}
                    role="img"
                    aria-label={t('table.isDefault')}
                  />
                )}
              </TableCell>
              {renderActions && <TableCell>{renderActions(connection)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
