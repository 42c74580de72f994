import { Button } from '@fluentui/react-components'
import { AddRegular, AppsRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UsedBy } from '@shared/contracts/common'
import type {
  QueueIntegrationDto,
  QueueIntegrationList,
} from '@shared/contracts/queue-integrations'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { InUseDialog } from '@renderer/components/InUseDialog'
import { NoAccess } from '@renderer/components/NoAccess'
import { SearchListPage } from '@renderer/components/SearchListPage'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useSearchedList } from '@renderer/hooks/useSearchedList'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifySuccess } from '@renderer/lib/notify'
import { readIntegrationUsage } from '../api'
import { IntegrationDialog } from '../components/IntegrationDialog'
import { IntegrationsTable } from '../components/IntegrationsTable'
import { IntegrationsTableSkeleton } from '../components/IntegrationsTableSkeleton'
import { useDeleteIntegrationMutation } from '../mutations'
import { integrationQueries } from '../queries'
import { useIntegrationsRealtime } from '../realtime'

/**
 * /queue-integration (002 §2.18): the company's admins manage its queue integrations; a profile
 * user sees the no-access view. The plan gate (useIntegrations) is the route's.
 */
export const QueueIntegrationsPage = () => {
  const currentUser = useCurrentUser()
  return isAdmin(currentUser) ? <IntegrationsScreen /> : <NoAccess />
}

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; integrationId?: number }
type InUseState = { open: boolean; name: string; usedBy: UsedBy }

const NOBODY: UsedBy = { connections: [], queues: [], options: [], activeTickets: 0 }

const rowsOf = (page: QueueIntegrationList) => page.queueIntegrations

const IntegrationsScreen = () => {
  const { t } = useTranslation('queueIntegrations')
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const [inUse, setInUse] = useState<InUseState>({ open: false, name: '', usedBy: NOBODY })
  const deleteMutation = useDeleteIntegrationMutation()

  const {
    search,
    setSearch,
    searchParam,
    list,
    rows: integrations,
    count,
    loadMore: handleLoadMore,
  } = useSearchedList(integrationQueries.list, rowsOf)
  const { hasNextPage, isFetchingNextPage } = list
  useIntegrationsRealtime()

  const confirmDelete = useConfirmDelete<QueueIntegrationDto>(
    (integration) =>
      deleteMutation.mutateAsync(integration.id).catch((error: unknown) => {
        const usedBy = readIntegrationUsage(error)
        if (usedBy) setInUse({ open: true, name: integration.name, usedBy })
        throw error
      }),
    () => notifySuccess(t('toasts.deleted')),
  )

  const handleAdd = () => setDialog({ open: true })
  const handleEdit = (integration: QueueIntegrationDto) =>
    setDialog({ open: true, integrationId: integration.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('actions.add')}
    </Button>
  )

  const deleteName = confirmDelete.pending?.name ?? ''

  return (
    <SearchListPage
      namespace="queueIntegrations"
      count={count}
      search={search}
      onSearchChange={setSearch}
      searchParam={searchParam}
      addButton={addButton}
      list={list}
      isEmpty={integrations.length === 0}
      skeleton={<IntegrationsTableSkeleton />}
      emptyIcon={<AppsRegular />}
      dialogs={
        <>
          <IntegrationDialog
            open={dialog.open}
            integrationId={dialog.integrationId}
            onClose={handleCloseDialog}
          />
          <ConfirmDialog
            title={t('confirmDelete.title', { name: deleteName })}
            {...confirmDelete.dialog}
          >
            {t('confirmDelete.message')}
          </ConfirmDialog>
          <InUseDialog
            namespace="queueIntegrations"
            open={inUse.open}
            name={inUse.name}
            usedBy={inUse.usedBy}
            onClose={() => setInUse((state) => ({ ...state, open: false }))}
          />
        </>
      }
    >
      <IntegrationsTable
        integrations={integrations}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={handleLoadMore}
        onEdit={handleEdit}
        onDelete={confirmDelete.ask}
      />
    </SearchListPage>
  )
}
