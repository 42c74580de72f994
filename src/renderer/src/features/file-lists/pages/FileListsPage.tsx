import { Button } from '@fluentui/react-components'
import { AddRegular, DocumentMultipleRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UsedBy } from '@shared/contracts/common'
import type { FileListPage, FileListSummaryDto } from '@shared/contracts/file-lists'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { InUseDialog } from '@renderer/components/InUseDialog'
import { NoAccess } from '@renderer/components/NoAccess'
import { SearchListPage } from '@renderer/components/SearchListPage'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useSearchedList } from '@renderer/hooks/useSearchedList'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifySuccess } from '@renderer/lib/notify'
import { readFileListUsage } from '../api'
import { FileListDialog } from '../components/FileListDialog'
import { FileListsTable } from '../components/FileListsTable'
import { FileListsTableSkeleton } from '../components/FileListsTableSkeleton'
import { useDeleteFileListMutation } from '../mutations'
import { fileListQueries } from '../queries'
import { useFileListsRealtime } from '../realtime'

/**
 * /files (002 §2.19): the company's admins keep its file lists, each a message and the files
 * sent after it; a profile user sees the no-access view.
 */
export const FileListsPage = () => {
  const currentUser = useCurrentUser()
  return isAdmin(currentUser) ? <FileListsScreen /> : <NoAccess />
}

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; fileListId?: number }
type InUseState = { open: boolean; name: string; usedBy: UsedBy }

const NOBODY: UsedBy = { connections: [], queues: [], options: [], activeTickets: 0 }

const rowsOf = (page: FileListPage) => page.files

const FileListsScreen = () => {
  const { t } = useTranslation('files')
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const [inUse, setInUse] = useState<InUseState>({ open: false, name: '', usedBy: NOBODY })
  const deleteMutation = useDeleteFileListMutation()

  const {
    search,
    setSearch,
    searchParam,
    list,
    rows: lists,
    count,
    loadMore: handleLoadMore,
  } = useSearchedList(fileListQueries.list, rowsOf)
  const { hasNextPage, isFetchingNextPage } = list
  useFileListsRealtime()

  const confirmDelete = useConfirmDelete<FileListSummaryDto>(
    (fileList) =>
      deleteMutation.mutateAsync(fileList.id).catch((error: unknown) => {
        const usedBy = readFileListUsage(error)
        if (usedBy) setInUse({ open: true, name: fileList.name, usedBy })
        throw error
      }),
    () => notifySuccess(t('toasts.deleted')),
  )

  const handleAdd = () => setDialog({ open: true })
  const handleEdit = (fileList: FileListSummaryDto) =>
    setDialog({ open: true, fileListId: fileList.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('actions.add')}
    </Button>
  )

  const deleteName = confirmDelete.pending?.name ?? ''

  return (
    <SearchListPage
      namespace="files"
      count={count}
      search={search}
      onSearchChange={setSearch}
      searchParam={searchParam}
      addButton={addButton}
      list={list}
      isEmpty={lists.length === 0}
      skeleton={<FileListsTableSkeleton />}
      emptyIcon={<DocumentMultipleRegular />}
      dialogs={
        <>
          <FileListDialog
            open={dialog.open}
            fileListId={dialog.fileListId}
            onClose={handleCloseDialog}
          />
          <ConfirmDialog
            title={t('confirmDelete.title', { name: deleteName })}
            {...confirmDelete.dialog}
          >
            {t('confirmDelete.message')}
          </ConfirmDialog>
          <InUseDialog
            namespace="files"
            open={inUse.open}
            name={inUse.name}
            usedBy={inUse.usedBy}
            onClose={() => setInUse((state) => ({ ...state, open: false }))}
          />
        </>
      }
    >
      <FileListsTable
        lists={lists}
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
