import { Button, Input } from '@fluentui/react-components'
import {
  AddRegular,
  ArrowLeftRegular,
  ArrowUploadRegular,
  DocumentQuestionMarkRegular,
  PeopleRegular,
  SearchRegular,
} from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import type { ContactListItemDto, ContactListItemPage } from '@shared/contracts/contact-lists'
import { routeLink } from '@shared/navigation'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { useCan } from '@renderer/hooks/useCan'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useSearchedList } from '@renderer/hooks/useSearchedList'
import { errorMessage, notify, notifySuccess } from '@renderer/lib/notify'
import { isNotFound } from '../api'
import { CheckProgress } from '../components/CheckProgress'
import { ContactListItemDialog } from '../components/ContactListItemDialog'
import { ContactListItemsTable } from '../components/ContactListItemsTable'
import { ImportDialog } from '../components/ImportDialog'
import { TableSkeleton } from '../components/TableSkeleton'
import { ValiditySummary } from '../components/WhatsappValidity'
import { IMPORT_ACCEPT, IMPORT_MAX_MB, importFileProblem } from '../import-file'
import { useDeleteContactListItemMutation, useDownloadExampleSheetMutation } from '../mutations'
import { contactListQueries } from '../queries'
import { useContactListCheckProgress, useContactListsRealtime } from '../realtime'
import { useContactListItemsPageStyles } from './ContactListItemsPage.styles'

/** A list id of the address, or null when it names none. */
const contactListIdOf = (param: string | undefined): number | null => {
  const id = Number(param)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * /contact-lists/{contactListId}/contacts (002 §2.5): one list's contacts under its name,
 * searched in name and number and read page by page; add, edit, delete (with
 * contacts-page:deleteContact) and a spreadsheet's import, then the check of the numbers with
 * WhatsApp as it runs. The route's gate shows the no-access view to all but admins.
 */
export const ContactListItemsPage = () => {
  const contactListId = contactListIdOf(useParams<{ contactListId: string }>().contactListId)
  // Keyed by list, so another list's address starts with its own search and check.
  return contactListId === null ? (
    <ListNotFound />
  ) : (
    <ContactListItemsScreen key={contactListId} contactListId={contactListId} />
  )
}

const ListNotFound = () => {
  const { t } = useTranslation('contactLists')
  const navigate = useNavigate()
  return (
    <EmptyState
      icon={<DocumentQuestionMarkRegular />}
      title={t('items.notFound.title')}
      description={t('items.notFound.description')}
      actions={
        <Button appearance="primary" onClick={() => void navigate(routeLink('contactLists'))}>
          {t('items.back')}
        </Button>
      }
    />
  )
}

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; itemId?: number }
/** The spreadsheet being imported; `serial` starts each file's dialog anew. */
type ImportState = { open: boolean; file: File | null; serial: number }

const rowsOf = (page: ContactListItemPage) => page.contacts

const ContactListItemsScreen = ({ contactListId }: { contactListId: number }) => {
  const { t } = useTranslation('contactLists')
  const styles = useContactListItemsPageStyles()
  const navigate = useNavigate()
  // 002 §2.5, §6: deleting a list's contact needs contacts-page:deleteContact.
  const canDelete = useCan('contacts-page:deleteContact')
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const [importing, setImporting] = useState<ImportState>({ open: false, file: null, serial: 0 })
  const fileInput = useRef<HTMLInputElement>(null)
  const detail = useQuery(contactListQueries.detail(contactListId))
  const {
    search,
    setSearch,
    searchParam,
    list,
    rows: items,
    count,
    loadMore: handleLoadMore,
  } = useSearchedList(
    (searchParam) => contactListQueries.itemList(contactListId, searchParam),
    rowsOf,
  )
  useContactListsRealtime()
  const [progress, clearProgress] = useContactListCheckProgress(contactListId)
  const download = useDownloadExampleSheetMutation()
  const deleteMutation = useDeleteContactListItemMutation()
  const confirmDelete = useConfirmDelete<ContactListItemDto>(
    (item) => deleteMutation.mutateAsync({ id: item.id, contactListId }),
    () => notifySuccess(t('items.toasts.deleted')),
  )

  if (detail.isError && isNotFound(detail.error)) return <ListNotFound />

  const name = detail.data?.name ?? ''
  // 002 §5: the search is typed in lower case.
  const handleSearchChange = (value: string) => setSearch(value.toLowerCase())
  const handleBack = () => void navigate(routeLink('contactLists'))
  const handleAdd = () => setDialog({ open: true })
  const handleEdit = (item: ContactListItemDto) => setDialog({ open: true, itemId: item.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))
  const handleChooseFile = () => fileInput.current?.click()
  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared, so choosing the same file again is still a change.
    event.target.value = ''
    if (!file) return
    const problem = importFileProblem(file)
    if (problem === null) {
      setImporting((state) => ({ open: true, file, serial: state.serial + 1 }))
      return
    }
    const messages = {
      legacy: t('import.legacyType', { file: file.name }),
      type: t('import.wrongType', { file: file.name }),
      size: t('import.tooLarge', { file: file.name, max: IMPORT_MAX_MB }),
    }
    notify('error', messages[problem])
  }
  const handleCloseImport = () => setImporting((state) => ({ ...state, open: false }))
  const handleDownloadExample = () => download.mutate()

  const importButton = (
    <Button icon={<ArrowUploadRegular />} onClick={handleChooseFile}>
      {t('items.import')}
    </Button>
  )
  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('items.add')}
    </Button>
  )

  const renderBody = () => {
    if (list.isPending) return <TableSkeleton table="items" label={t('items.table.loading')} />
    if (list.isError && items.length === 0) {
      return (
        <LoadFailure
          title={t('items.loadError.title')}
          description={errorMessage(list.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    }
    if (items.length === 0) {
      return searchParam ? (
        <EmptyState
          icon={<SearchRegular />}
          title={t('items.empty.searchTitle')}
          description={t('items.empty.searchDescription', { search: searchParam })}
        />
      ) : (
        <EmptyState
          icon={<PeopleRegular />}
          title={t('items.empty.title')}
          description={t('items.empty.description')}
          actions={
            <div className={styles.emptyActions}>
              {importButton}
              {addButton}
            </div>
          }
        />
      )
    }
    return (
      <ContactListItemsTable
        items={items}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={handleLoadMore}
        onEdit={handleEdit}
        onDelete={canDelete ? confirmDelete.ask : undefined}
      />
    )
  }

  return (
    <section className={styles.root}>
      <PageHeader
        title={name || t('items.title')}
        count={count}
        actions={
          <>
            <Input
              className={styles.search}
              type="search"
              value={search}
              onChange={(_event, data) => handleSearchChange(data.value)}
              contentBefore={<SearchRegular />}
              placeholder={t('items.search.placeholder')}
              aria-label={t('items.search.label')}
            />
            <Button icon={<ArrowLeftRegular />} onClick={handleBack}>
              {t('items.back')}
            </Button>
            {importButton}
            {addButton}
          </>
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept={IMPORT_ACCEPT}
        className={styles.fileInput}
        aria-label={t('items.import')}
        onChange={handleFileChange}
      />
      {(Boolean(detail.data?.contactsCount) || progress) && (
        <div className={styles.status}>
          {detail.data && <ValiditySummary counts={detail.data} />}
          {progress && <CheckProgress progress={progress} onDismiss={clearProgress} />}
        </div>
      )}
      {renderBody()}
      <ContactListItemDialog
        open={dialog.open}
        contactListId={contactListId}
        itemId={dialog.itemId}
        onClose={handleCloseDialog}
      />
      <ImportDialog
        key={importing.serial}
        open={importing.open}
        file={importing.file}
        list={{ id: contactListId, name }}
        onClose={handleCloseImport}
        onDownloadExample={handleDownloadExample}
        downloading={download.isPending}
      />
      <ConfirmDialog
        title={t('items.confirmDelete.title', { name: confirmDelete.pending?.name ?? '' })}
        {...confirmDelete.dialog}
      >
        {t('items.confirmDelete.message', { list: name })}
      </ConfirmDialog>
    </section>
  )
}
