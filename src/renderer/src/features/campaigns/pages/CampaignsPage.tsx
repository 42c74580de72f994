import { Button } from '@fluentui/react-components'
import { AddRegular, MegaphoneRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { CampaignDto, CampaignPage } from '@shared/contracts/campaigns'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { SearchListPage } from '@renderer/components/SearchListPage'
import { useConnectionsRealtime } from '@renderer/features/connections'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useSearchedList } from '@renderer/hooks/useSearchedList'
import { notifySuccess } from '@renderer/lib/notify'
import { CampaignDialog } from '../components/CampaignDialog'
import { CampaignsTable } from '../components/CampaignsTable'
import { CampaignsTableSkeleton } from '../components/CampaignsTableSkeleton'
import { useNow } from '../hooks/useNow'
import {
  useCancelCampaignMutation,
  useDeleteCampaignMutation,
  useRestartCampaignMutation,
} from '../mutations'
import { campaignReportPath } from '../paths'
import { campaignQueries } from '../queries'
import { useCampaignsRealtime } from '../realtime'

/** How often the rows judge again whether a scheduled campaign is still editable. */
const EDITABILITY_CHECK_MS = 30_000

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; campaignId?: number }

const rowsOf = (page: CampaignPage) => page.records

/**
 * /campaigns (002 §2.8): the company's bulk campaigns, searched by name and read page by page,
 * with their progress live; each row offers what its status allows (stop a running one, restart
 * a cancelled one, its report, edit or view, delete unless running). The route's gate keeps it
 * to admins of plans with campaigns.
 */
export const CampaignsPage = () => {
  const { t } = useTranslation('campaigns')
  const navigate = useNavigate()
  const now = useNow(EDITABILITY_CHECK_MS)
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const deleteMutation = useDeleteCampaignMutation()
  const cancelMutation = useCancelCampaignMutation()
  const restartMutation = useRestartCampaignMutation()

  const {
    search,
    setSearch,
    searchParam,
    list,
    rows: campaigns,
    count,
    loadMore: handleLoadMore,
  } = useSearchedList(campaignQueries.list, rowsOf)
  const { hasNextPage, isFetchingNextPage } = list
  useCampaignsRealtime()
  // The dialog's connection picker shows each connection's state as it changes.
  useConnectionsRealtime()

  const confirmDelete = useConfirmDelete<CampaignDto>(
    (campaign) => deleteMutation.mutateAsync(campaign.id),
    () => notifySuccess(t('toasts.deleted')),
  )
  const confirmCancel = useConfirmDelete<CampaignDto>(
    (campaign) => cancelMutation.mutateAsync(campaign.id),
    () => notifySuccess(t('toasts.cancelled')),
  )

  const handleAdd = () => setDialog({ open: true })
  const handleEdit = (campaign: CampaignDto) => setDialog({ open: true, campaignId: campaign.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))
  const handleReport = (campaign: CampaignDto) => void navigate(campaignReportPath(campaign.id))
  const handleRestart = (campaign: CampaignDto) =>
    restartMutation.mutate(campaign.id, {
      onSuccess: () => notifySuccess(t('toasts.restarted', { name: campaign.name })),
    })

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('actions.add')}
    </Button>
  )

  return (
    <SearchListPage
      namespace="campaigns"
      count={count}
      search={search}
      onSearchChange={setSearch}
      searchParam={searchParam}
      addButton={addButton}
      list={list}
      isEmpty={campaigns.length === 0}
      skeleton={<CampaignsTableSkeleton />}
      emptyIcon={<MegaphoneRegular />}
      dialogs={
        <>
          <CampaignDialog
            open={dialog.open}
            campaignId={dialog.campaignId}
            onClose={handleCloseDialog}
          />
          <ConfirmDialog
            title={t('confirmDelete.title', { name: confirmDelete.pending?.name ?? '' })}
            {...confirmDelete.dialog}
          >
            {t('confirmDelete.message')}
          </ConfirmDialog>
          <ConfirmDialog
            title={t('confirmCancel.title', { name: confirmCancel.pending?.name ?? '' })}
            confirmLabel={t('confirmCancel.confirm')}
            cancelLabel={t('confirmCancel.keep')}
            {...confirmCancel.dialog}
          >
            {t('confirmCancel.message')}
          </ConfirmDialog>
        </>
      }
    >
      <CampaignsTable
        campaigns={campaigns}
        now={now}
        busyId={restartMutation.isPending ? restartMutation.variables : null}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={handleLoadMore}
        onCancel={confirmCancel.ask}
        onRestart={handleRestart}
        onReport={handleReport}
        onEdit={handleEdit}
        onDelete={confirmDelete.ask}
      />
    </SearchListPage>
  )
}
