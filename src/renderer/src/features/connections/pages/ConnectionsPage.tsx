import { Button, Tooltip } from '@fluentui/react-components'
import {
  ArrowSyncRegular,
  ErrorCircleRegular,
  PersonSupportRegular,
  PlugConnectedRegular,
} from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Channel, ConnectionDto } from '@shared/contracts/connections'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { PageHeader } from '@renderer/components/PageHeader'
import { PageSpinner } from '@renderer/components/PageSpinner'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { desktop } from '@renderer/lib/desktop'
import { supportUrl } from '@renderer/lib/env'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { ConnectionDialog } from '../components/ConnectionDialog'
import { ConnectionsTable, EditDeleteActions, sessionColumn } from '../components/ConnectionsTable'
import { NewConnectionMenu } from '../components/NewConnectionMenu'
import { QrCodeDialog } from '../components/QrCodeDialog'
import { useDeleteConnectionMutation, useRestartConnectionsMutation } from '../mutations'
import { connectionQueries } from '../queries'
import { useConnectionsRealtime } from '../realtime'
import { useConnectionsPageStyles } from './ConnectionsPage.styles'

type DialogState = { open: boolean; channel: Channel; connection: ConnectionDto | null }

/**
 * /connections (001 §2): the company's connections with their live status and the session
 * buttons of each, restart, support, and a new-connection menu gated by the plan. The route
 * gate shows the no-access view to users without allowConnections.
 */
export const ConnectionsPage = () => {
  const { t } = useTranslation('connections')
  const styles = useConnectionsPageStyles()
  const me = useCurrentUser()
  const list = useQuery(connectionQueries.list())
  useConnectionsRealtime()
  const [dialog, setDialog] = useState<DialogState>({
    open: false,
    channel: 'whatsapp',
    connection: null,
  })
  const [qrFor, setQrFor] = useState<number | null>(null)
  const [pendingDelete, setPendingDelete] = useState<ConnectionDto | null>(null)
  const deleteMutation = useDeleteConnectionMutation()
  const restart = useRestartConnectionsMutation()
  const support = supportUrl()
  const connections = list.data ?? []

  const handleConfirmDelete = () => {
    if (!pendingDelete) return
    deleteMutation.mutate(pendingDelete.id, {
      onSuccess: () => notifySuccess(t('toasts.deleted')),
      onSettled: () => setPendingDelete(null),
    })
  }

  const renderBody = () => {
    if (list.isPending) return <PageSpinner />
    if (list.isError)
      return (
        <EmptyState
          icon={<ErrorCircleRegular />}
          title={t('loadError.title')}
          description={errorMessage(list.error)}
          actions={
            <Button appearance="primary" onClick={() => void list.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )
    if (connections.length === 0)
      return (
        <EmptyState
          icon={<PlugConnectedRegular />}
          title={t('empty.title')}
          description={t('empty.description')}
        />
      )
    return (
      <ConnectionsTable
        connections={connections}
        renderSession={sessionColumn(setQrFor)}
        renderActions={(connection) => (
          <EditDeleteActions
            connection={connection}
            onEdit={(row) => setDialog({ open: true, channel: row.channel, connection: row })}
            onDelete={setPendingDelete}
          />
        )}
      />
    )
  }

  return (
    <section className={styles.root}>
      <PageHeader
        title={t('title')}
        count={list.data?.length}
        actions={
          <>
            <Button
              icon={<ArrowSyncRegular />}
              disabled={restart.isPending}
              onClick={() =>
                restart.mutate(undefined, { onSuccess: () => notifySuccess(t('toasts.restarted')) })
              }
            >
              {t('actions.restart')}
            </Button>
            {support && (
              <Tooltip content={t('actions.supportHint')} relationship="description">
                <Button
                  icon={<PersonSupportRegular />}
                  onClick={() => void desktop.openExternal(support)}
                >
                  {t('actions.support')}
                </Button>
              </Tooltip>
            )}
            <NewConnectionMenu
              plan={me.company.plan}
              onPick={(channel) => setDialog({ open: true, channel, connection: null })}
            />
          </>
        }
      />
      {renderBody()}
      <ConnectionDialog
        open={dialog.open}
        channel={dialog.channel}
        connection={dialog.connection}
        onClose={() => setDialog((state) => ({ ...state, open: false }))}
      />
      <QrCodeDialog connectionId={qrFor} onClose={() => setQrFor(null)} />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('confirmDelete.title', { name: pendingDelete?.name ?? '' })}
        busy={deleteMutation.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={() => setPendingDelete(null)}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </section>
  )
}
