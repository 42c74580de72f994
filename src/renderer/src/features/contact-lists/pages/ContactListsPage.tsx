import { Button } from '@fluentui/react-components'
import { AddRegular, PeopleListRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { ContactListDto, ContactListPage } from '@shared/contracts/contact-lists'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { SearchListPage } from '@renderer/components/SearchListPage'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useSearchedList } from '@renderer/hooks/useSearchedList'
import { notifySuccess } from '@renderer/lib/notify'
import { ContactListDialog } from '../components/ContactListDialog'
import { ContactListsTable } from '../components/ContactListsTable'
import { TableSkeleton } from '../components/TableSkeleton'
import { useDeleteContactListMutation, useDownloadExampleSheetMutation } from '../mutations'
import { contactListItemsPath } from '../paths'
import { contactListQueries } from '../queries'
import { useContactListsRealtime } from '../realtime'

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; contactListId?: number }

const rowsOf = (page: ContactListPage) => page.records

/**
 * /contact-lists (002 §2.4): the company's contact lists for campaigns, searched by name and read
 * page by page, with their contacts counted by their state with WhatsApp. The route's gate
 * (admins, with campaigns in the plan) shows the no-access view to everyone else.
 */
export const ContactListsPage = () => {
  const { t } = useTranslation('contactLists')
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const deleteMutation = useDeleteContactListMutation()
  const download = useDownloadExampleSheetMutation()

  const {
    search,
    setSearch,
    searchParam,
    list,
    rows: lists,
    count,
    loadMore: handleLoadMore,
  } = useSearchedList(contactListQueries.list, rowsOf)
  const { hasNextPage, isFetchingNextPage } = list
  useContactListsRealtime()

  const confirmDelete = useConfirmDelete<ContactListDto>(
    (contactList) => deleteMutation.mutateAsync(contactList.id),
    () => notifySuccess(t('toasts.deleted')),
  )

  // 002 §5: the search is typed in lower case.
  const handleSearchChange = (value: string) => setSearch(value.toLowerCase())
  const handleAdd = () => setDialog({ open: true })
  const handleEdit = (contactList: ContactListDto) =>
    setDialog({ open: true, contactListId: contactList.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))
  const handleOpen = (contactList: ContactListDto) =>
    void navigate(contactListItemsPath(contactList.id))
  const handleDownloadExample = () => download.mutate()

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('actions.add')}
    </Button>
  )

  const pending = confirmDelete.pending
  return (
    <SearchListPage
      namespace="contactLists"
      count={count}
      search={search}
      onSearchChange={handleSearchChange}
      searchParam={searchParam}
      addButton={addButton}
      list={list}
      isEmpty={lists.length === 0}
      skeleton={<TableSkeleton table="lists" label={t('table.loading')} />}
      emptyIcon={<PeopleListRegular />}
      dialogs={
        <>
          <ContactListDialog
            open={dialog.open}
            contactListId={dialog.contactListId}
            onClose={handleCloseDialog}
          />
          <ConfirmDialog
            title={t('confirmDelete.title', { name: pending?.name ?? '' })}
            {...confirmDelete.dialog}
          >
            {t('confirmDelete.message', { count: pending?.contactsCount ?? 0 })}
          </ConfirmDialog>
        </>
      }
    >
      <ContactListsTable
        lists={lists}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={handleLoadMore}
        onOpen={handleOpen}
        onDownloadExample={handleDownloadExample}
        downloading={download.isPending}
        onEdit={handleEdit}
        onDelete={confirmDelete.ask}
      />
    </SearchListPage>
  )
}
