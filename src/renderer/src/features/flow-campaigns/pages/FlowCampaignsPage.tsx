import { Button } from '@fluentui/react-components'
import { AddRegular, MegaphoneRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlowCampaignDto } from '@shared/contracts/flow-campaigns'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { NoAccess } from '@renderer/components/NoAccess'
import { PageHeader } from '@renderer/components/PageHeader'
import { useConnectionsRealtime } from '@renderer/features/connections'
import { useCan } from '@renderer/hooks/useCan'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { FlowCampaignDialog } from '../components/FlowCampaignDialog'
import { FlowCampaignsTable } from '../components/FlowCampaignsTable'
import { FlowCampaignsTableSkeleton } from '../components/FlowCampaignsTableSkeleton'
import { useConnectionChoices } from '../hooks/useConnectionChoices'
import { useDeleteFlowCampaignMutation } from '../mutations'
import { flowCampaignQueries } from '../queries'
import { useFlowCampaignsRealtime } from '../realtime'
import { useFlowCampaignsPageStyles } from './FlowCampaignsPage.styles'

/**
 * /phrase-lists (002 §2.16), 'Campanhas': the company's admins choose which phrase, on which
 * connection, starts which flow; a profile user sees the no-access view.
 */
export const FlowCampaignsPage = () => {
  const currentUser = useCurrentUser()
  return isAdmin(currentUser) ? <FlowCampaignsScreen /> : <NoAccess />
}

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; campaignId?: number }

const FlowCampaignsScreen = () => {
  const { t } = useTranslation('flowCampaigns')
  const styles = useFlowCampaignsPageStyles()
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  // 002 §6: deleting a phrase campaign needs contacts-page:deleteContact.
  const canDelete = useCan('contacts-page:deleteContact')
  const deleteMutation = useDeleteFlowCampaignMutation()
  const list = useQuery(flowCampaignQueries.list())
  const connections = useConnectionChoices()
  useFlowCampaignsRealtime()
  // The connections' names and states in the table and the picker follow their changes.
  useConnectionsRealtime()

  const campaigns = list.data ?? []

  const confirmDelete = useConfirmDelete<FlowCampaignDto>(
    (campaign) => deleteMutation.mutateAsync(campaign.id),
    () => notifySuccess(t('toasts.deleted')),
  )

  const handleAdd = () => setDialog({ open: true })
  const handleEdit = (campaign: FlowCampaignDto) =>
    setDialog({ open: true, campaignId: campaign.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('actions.add')}
    </Button>
  )

  const renderBody = () => {
    if (list.isPending) return <FlowCampaignsTableSkeleton />
    if (list.isError) {
      return (
        <LoadFailure
          title={t('loadError.title')}
          description={errorMessage(list.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    }
    if (campaigns.length === 0) {
      return (
        <EmptyState
          icon={<MegaphoneRegular />}
          title={t('empty.title')}
          description={t('empty.description')}
          actions={addButton}
        />
      )
    }
    return (
      <FlowCampaignsTable
        campaigns={campaigns}
        connectionName={connections.nameOf}
        onEdit={handleEdit}
        onDelete={canDelete ? confirmDelete.ask : undefined}
      />
    )
  }

  return (
    <section className={styles.root}>
      <PageHeader title={t('title')} count={list.data?.length} actions={addButton} />
      {renderBody()}
      <FlowCampaignDialog
        open={dialog.open}
        campaignId={dialog.campaignId}
        connections={connections}
        onClose={handleCloseDialog}
      />
      <ConfirmDialog
        title={t('confirmDelete.title', { name: confirmDelete.pending?.name ?? '' })}
        {...confirmDelete.dialog}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </section>
  )
}
