import { Button, Tooltip } from '@fluentui/react-components'
import { ArrowSyncRegular, PersonSupportRegular, PlugConnectedRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Channel, ConnectionDto } from '@shared/contracts/connections'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { desktop } from '@renderer/lib/desktop'
import { supportUrl } from '@renderer/lib/env'
import { notifySuccess } from '@renderer/lib/notify'
import { ConnectionDialog } from '../components/ConnectionDialog'
import { ConnectionsSection } from '../components/ConnectionsSection'
import { ConnectionsTable, EditDeleteActions, sessionColumn } from '../components/ConnectionsTable'
import { NewConnectionMenu } from '../components/NewConnectionMenu'
import { QrCodeDialog } from '../components/QrCodeDialog'
import { useDeleteConnectionMutation, useRestartConnectionsMutation } from '../mutations'
import { connectionQueries } from '../queries'
import { useConnectionsRealtime } from '../realtime'

type DialogState = { open: boolean; channel: Channel; connection: ConnectionDto | null }

/**
 * /connections (001 §2): the company's connections with their live status and the session
 * buttons of each, restart, support, and a new-connection menu gated by the plan. The route
 * gate shows the no-access view to users without allowConnections.
 */
export const ConnectionsPage = () => {
  const { t } = useTranslation('connections')
  const me = useCurrentUser()
  const list = useQuery(connectionQueries.list())
  useConnectionsRealtime()
  const [dialog, setDialog] = useState<DialogState>({
    open: false,
    channel: 'whatsapp',
    connection: null,
  })
  const [qrFor, setQrFor] = useState<number | null>(null)
  const deleteMutation = useDeleteConnectionMutation()
  const deletion = useConfirmDelete(
    (connection: ConnectionDto) => deleteMutation.mutateAsync(connection.id),
    () => notifySuccess(t('toasts.deleted')),
  )
  const restart = useRestartConnectionsMutation()
  const support = supportUrl()
  const connections = list.data ?? []

  return (
    <ConnectionsSection
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
      list={list}
      isEmpty={connections.length === 0}
      emptyIcon={<PlugConnectedRegular />}
      emptyDescription={t('empty.description')}
      table={
        <ConnectionsTable
          connections={connections}
          renderSession={sessionColumn(setQrFor)}
          renderActions={(connection) => (
            <EditDeleteActions
              connection={connection}
              onEdit={(row) => setDialog({ open: true, channel: row.channel, connection: row })}
              onDelete={deletion.ask}
            />
          )}
        />
      }
    >
      <ConnectionDialog
        open={dialog.open}
        channel={dialog.channel}
        connection={dialog.connection}
        onClose={() => setDialog((state) => ({ ...state, open: false }))}
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
