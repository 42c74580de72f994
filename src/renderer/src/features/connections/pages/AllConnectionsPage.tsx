import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from '@fluentui/react-components'
import { GlobeRegular, OpenRegular, PlugDisconnectedRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Channel, ConnectionDto } from '@shared/contracts/connections'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifySuccess } from '@renderer/lib/notify'
import { ConnectionDialog } from '../components/ConnectionDialog'
import { ConnectionsSection } from '../components/ConnectionsSection'
import { ConnectionsTable, EditDeleteActions, sessionColumn } from '../components/ConnectionsTable'
import { NewConnectionMenu } from '../components/NewConnectionMenu'
import { QrCodeDialog } from '../components/QrCodeDialog'
import { useDeleteConnectionMutation, useOperatorCommandMutation } from '../mutations'
import { summarizeByCompany } from '../overview'
import { connectionQueries } from '../queries'
import { useAllConnectionsRealtime } from '../realtime'
import { useAllConnectionsPageStyles } from './AllConnectionsPage.styles'

const DISCONNECTABLE: ReadonlyArray<ConnectionDto['status']> = ['CONNECTED', 'PAIRING', 'TIMEOUT']

/**
 * /allConnections (super, 001 §2): one row per company with its connected, disconnected and
 * total counts and a totals row; each opens the company's connections. The operator's own
 * company gets the usual session buttons and the connection dialog; other companies' sessions
 * can be disconnected and their connections deleted through the operator's routes.
 */
export const AllConnectionsPage = () => {
  const { t } = useTranslation('connections')
  const styles = useAllConnectionsPageStyles()
  const me = useCurrentUser()
  const list = useQuery(connectionQueries.everyCompany())
  useAllConnectionsRealtime()
  const { rows, totals } = useMemo(() => summarizeByCompany(list.data ?? []), [list.data])
  const [openCompany, setOpenCompany] = useState<number | null>(null)
  const [editing, setEditing] = useState<{
    channel: Channel
    connection: ConnectionDto | null
  } | null>(null)
  const [qrFor, setQrFor] = useState<number | null>(null)
  const operator = useOperatorCommandMutation()
  const ownDelete = useDeleteConnectionMutation()
  const deletion = useConfirmDelete(
    (connection: ConnectionDto) =>
      connection.companyId === me.companyId
        ? ownDelete.mutateAsync(connection.id)
        : operator.mutateAsync({ id: connection.id, command: 'delete' }),
    () => notifySuccess(t('toasts.deleted')),
  )
  const details = rows.find((row) => row.companyId === openCompany)
  const ownCompany = openCompany === me.companyId
  const admin = isAdmin(me)

  const operatorSession = (connection: ConnectionDto) =>
    DISCONNECTABLE.includes(connection.status) && connection.channel === 'whatsapp' ? (
      <Button
        size="small"
        icon={<PlugDisconnectedRegular />}
        disabled={operator.isPending}
        onClick={() => operator.mutate({ id: connection.id, command: 'disconnect' })}
      >
        {t('session.disconnect')}
      </Button>
    ) : null

  return (
    <ConnectionsSection
      title={t('overview.title')}
      count={rows.length}
      actions={
        // New connections belong to the operator's own company.
        <NewConnectionMenu
          plan={me.company.plan}
          onPick={(channel) => setEditing({ channel, connection: null })}
        />
      }
      list={list}
      isEmpty={rows.length === 0}
      emptyIcon={<GlobeRegular />}
      emptyDescription={t('overview.empty')}
      table={
        <div className={styles.scroller}>
          <Table size="small" aria-label={t('overview.label')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('overview.company')}</TableHeaderCell>
                <TableHeaderCell>{t('overview.connected')}</TableHeaderCell>
                <TableHeaderCell>{t('overview.disconnected')}</TableHeaderCell>
                <TableHeaderCell>{t('overview.total')}</TableHeaderCell>
                <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.companyId}>
                  <TableCell>{row.companyName}</TableCell>
                  <TableCell>{row.connected}</TableCell>
                  <TableCell>{row.disconnected}</TableCell>
                  <TableCell>{row.total}</TableCell>
                  <TableCell>
                    <Tooltip
                      content={t('overview.open', { company: row.companyName })}
                      relationship="label"
                    >
                      <Button
                        appearance="subtle"
                        icon={<OpenRegular />}
                        onClick={() => setOpenCompany(row.companyId)}
                      />
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              <TableRow className={styles.totals}>
                <TableCell>{t('overview.totals')}</TableCell>
                <TableCell>{totals.connected}</TableCell>
                <TableCell>{totals.disconnected}</TableCell>
                <TableCell>{totals.total}</TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        </div>
      }
    >
      <Dialog
        open={details !== undefined}
        onOpenChange={(_event, data) => !data.open && setOpenCompany(null)}
      >
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>
              {t('overview.dialogTitle', { company: details?.companyName ?? '' })}
            </DialogTitle>
            <DialogContent className={styles.details}>
              {details && (
                <ConnectionsTable
                  connections={details.connections}
                  renderSession={
                    admin ? (ownCompany ? sessionColumn(setQrFor) : operatorSession) : undefined
                  }
                  renderActions={
                    admin
                      ? (connection) => (
                          <EditDeleteActions
                            connection={connection}
                            onEdit={
                              ownCompany
                                ? (row) => setEditing({ channel: row.channel, connection: row })
                                : undefined
                            }
                            onDelete={deletion.ask}
                          />
                        )
                      : undefined
                  }
                />
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setOpenCompany(null)}>
                {t('actions.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ConnectionDialog
        open={editing !== null}
        channel={editing?.channel ?? 'whatsapp'}
        connection={editing?.connection ?? null}
        onClose={() => setEditing(null)}
      />
      <QrCodeDialog connectionId={qrFor} onClose={() => setQrFor(null)} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t('confirmDelete.title', { name: deletion.pending?.name ?? '' })}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </ConnectionsSection>
  )
}
