import { Button } from '@fluentui/react-components'
import { AddRegular, FlowchartRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { UsedBy } from '@shared/contracts/common'
import type { FlowDto, FlowPage } from '@shared/contracts/flows'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { InUseDialog } from '@renderer/components/InUseDialog'
import { NoAccess } from '@renderer/components/NoAccess'
import { SearchListPage } from '@renderer/components/SearchListPage'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useSearchedList } from '@renderer/hooks/useSearchedList'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifySuccess } from '@renderer/lib/notify'
import { readFlowUsage } from '../api'
import { FlowNameDialog } from '../components/FlowNameDialog'
import { FlowsTable } from '../components/FlowsTable'
import { FlowsTableSkeleton } from '../components/FlowsTableSkeleton'
import { flowEditorPath } from '../editor-path'
import { useDeleteFlowMutation, useDuplicateFlowMutation } from '../mutations'
import { flowQueries } from '../queries'
import { useFlowsRealtime } from '../realtime'

/**
 * /flowbuilders (002 §2.14), 'Fluxos de conversa': the company's admins list, name, copy and
 * delete its conversation flows, and open one to edit its blocks; a profile user sees the
 * no-access view.
 */
export const FlowsPage = () => {
  const currentUser = useCurrentUser()
  return isAdmin(currentUser) ? <FlowsScreen /> : <NoAccess />
}

// Closing keeps the target, so a dialog does not change content while it fades out.
type NameDialogState = { open: boolean; flow: FlowDto | null }
type InUseState = { open: boolean; name: string; usedBy: UsedBy }

const NOBODY: UsedBy = { connections: [], queues: [], options: [], activeTickets: 0 }

const rowsOf = (page: FlowPage) => page.flows

const FlowsScreen = () => {
  const { t } = useTranslation('flows')
  const navigate = useNavigate()
  const [nameDialog, setNameDialog] = useState<NameDialogState>({ open: false, flow: null })
  const [inUse, setInUse] = useState<InUseState>({ open: false, name: '', usedBy: NOBODY })
  const deleteMutation = useDeleteFlowMutation()
  const duplicateMutation = useDuplicateFlowMutation()

  const {
    search,
    setSearch,
    searchParam,
    list,
    rows: flows,
    count,
    loadMore: handleLoadMore,
  } = useSearchedList(flowQueries.list, rowsOf)
  const { hasNextPage, isFetchingNextPage } = list
  useFlowsRealtime()

  const confirmDelete = useConfirmDelete<FlowDto>(
    (flow) =>
      deleteMutation.mutateAsync(flow.id).catch((error: unknown) => {
        const usedBy = readFlowUsage(error)
        if (usedBy) setInUse({ open: true, name: flow.name, usedBy })
        throw error
      }),
    () => notifySuccess(t('toasts.deleted')),
  )
  // The same yes/no question, before a copy instead of a delete.
  const confirmDuplicate = useConfirmDelete<FlowDto>(
    (flow) => duplicateMutation.mutateAsync(flow.id),
    () => notifySuccess(t('toasts.duplicated')),
  )

  const handleOpen = (flow: FlowDto) => void navigate(flowEditorPath(flow.id))
  const handleAdd = () => setNameDialog({ open: true, flow: null })
  const handleRename = (flow: FlowDto) => setNameDialog({ open: true, flow })
  const handleCloseName = () => setNameDialog((state) => ({ ...state, open: false }))
  // A new flow has no blocks yet: its editor opens at once.
  const handleSaved = (flow: FlowDto, created: boolean) => {
    handleCloseName()
    if (created) handleOpen(flow)
  }

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('actions.add')}
    </Button>
  )

  return (
    <SearchListPage
      namespace="flows"
      count={count}
      search={search}
      onSearchChange={setSearch}
      searchParam={searchParam}
      addButton={addButton}
      list={list}
      isEmpty={flows.length === 0}
      skeleton={<FlowsTableSkeleton />}
      emptyIcon={<FlowchartRegular />}
      dialogs={
        <>
          <FlowNameDialog
            open={nameDialog.open}
            flow={nameDialog.flow}
            onClose={handleCloseName}
            onSaved={handleSaved}
          />
          <ConfirmDialog
            title={t('confirmDuplicate.title', { name: confirmDuplicate.pending?.name ?? '' })}
            {...confirmDuplicate.dialog}
          >
            {t('confirmDuplicate.message')}
          </ConfirmDialog>
          <ConfirmDialog
            title={t('confirmDelete.title', { name: confirmDelete.pending?.name ?? '' })}
            {...confirmDelete.dialog}
          >
            {t('confirmDelete.message')}
          </ConfirmDialog>
          <InUseDialog
            namespace="flows"
            open={inUse.open}
            name={inUse.name}
            usedBy={inUse.usedBy}
            onClose={() => setInUse((state) => ({ ...state, open: false }))}
          />
        </>
      }
    >
      <FlowsTable
        flows={flows}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={handleLoadMore}
        onOpen={handleOpen}
        onRename={handleRename}
        onDuplicate={confirmDuplicate.ask}
        onDelete={confirmDelete.ask}
      />
    </SearchListPage>
  )
}
