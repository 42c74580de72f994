import { Button } from '@fluentui/react-components'
import { AddRegular, FlashRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { QuickMessageDto, QuickMessagePage } from '@shared/contracts/quick-messages'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { SearchListPage } from '@renderer/components/SearchListPage'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useSearchedList } from '@renderer/hooks/useSearchedList'
import { notifySuccess } from '@renderer/lib/notify'
import { QuickMessageDialog } from '../components/QuickMessageDialog'
import { QuickMessagesTable } from '../components/QuickMessagesTable'
import { QuickMessagesTableSkeleton } from '../components/QuickMessagesTableSkeleton'
import { useDeleteQuickMessageMutation } from '../mutations'
import { quickMessageQueries } from '../queries'
import { useQuickMessagesRealtime } from '../realtime'

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; quickMessageId?: number }

const rowsOf = (page: QuickMessagePage) => page.records

/**
 * /quick-messages (002 §2.6): every user's canned answers, those he sees by the reference's
 * rules (his own, the visible and the shared), searched in shortcode and text. Edit and delete
 * show where the rules allow them; a row he may not edit opens read-only.
 */
export const QuickMessagesPage = () => {
  const { t } = useTranslation('quickMessages')
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const deleteMutation = useDeleteQuickMessageMutation()

  const {
    search,
    setSearch,
    searchParam,
    list,
    rows: quickMessages,
    count,
    loadMore: handleLoadMore,
  } = useSearchedList(quickMessageQueries.list, rowsOf)
  const { hasNextPage, isFetchingNextPage } = list
  useQuickMessagesRealtime()

  const confirmDelete = useConfirmDelete<QuickMessageDto>(
    (quickMessage) => deleteMutation.mutateAsync(quickMessage.id),
    () => notifySuccess(t('toasts.deleted')),
  )

  const handleAdd = () => setDialog({ open: true })
  const handleOpen = (quickMessage: QuickMessageDto) =>
    setDialog({ open: true, quickMessageId: quickMessage.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('actions.add')}
    </Button>
  )

  return (
    <SearchListPage
      namespace="quickMessages"
      count={count}
      search={search}
      onSearchChange={setSearch}
      searchParam={searchParam}
      addButton={addButton}
      list={list}
      isEmpty={quickMessages.length === 0}
      skeleton={<QuickMessagesTableSkeleton />}
      emptyIcon={<FlashRegular />}
      dialogs={
        <>
          <QuickMessageDialog
            open={dialog.open}
            quickMessageId={dialog.quickMessageId}
            onClose={handleCloseDialog}
          />
          <ConfirmDialog
            title={t('confirmDelete.title', { shortcode: confirmDelete.pending?.shortcode ?? '' })}
            {...confirmDelete.dialog}
          >
            {t('confirmDelete.message')}
          </ConfirmDialog>
        </>
      }
    >
      <QuickMessagesTable
        quickMessages={quickMessages}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={handleLoadMore}
        onOpen={handleOpen}
        onDelete={confirmDelete.ask}
      />
    </SearchListPage>
  )
}
