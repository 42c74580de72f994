import {
  Button,
  Input,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Option,
  Skeleton,
  SkeletonItem,
} from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import {
  AddRegular,
  ArrowDownloadRegular,
  ArrowUploadRegular,
  ContactCardRegular,
  PhoneRegular,
  SearchRegular,
  TableRegular,
} from '@fluentui/react-icons'
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { ContactDto } from '@shared/contracts/contacts'
import { SEARCH_DEBOUNCE_MS } from '@shared/constants'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { useCan } from '@renderer/hooks/useCan'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { ContactDialog } from '../components/ContactDialog'
import { ContactsTable } from '../components/ContactsTable'
import { OpenChatDialog } from '../components/OpenChatDialog'
import { usePhoneImportSource } from '../import/usePhoneImportSource'
import {
  useBlockContactMutation,
  useDeleteContactMutation,
  useExportContactsMutation,
  useStartPhoneImportMutation,
} from '../mutations'
import { contactQueries } from '../queries'
import { useContactsRealtime } from '../realtime'
import { useContactsPageStyles } from './ContactsPage.styles'

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; contactId?: number }
type Pending = { kind: 'delete' | 'block' | 'phone'; contact: ContactDto | null } | null

const SKELETON_ROWS = 8

/**
 * /contacts (000 §2 Contacts screens): search (500 ms), tag filter, infinite scroll, add, import,
 * export, and per row open chat, edit, block/unblock and delete. Profile users never get here:
 * the route's gate shows the no-access view.
 */
export const ContactsPage = () => {
  const { t } = useTranslation('contacts')
  const styles = useContactsPageStyles()
  const navigate = useNavigate()
  const canDelete = useCan('contacts-page:deleteContact')
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [tagIds, setTagIds] = useState<number[]>([])
  const filters = useMemo(() => ({ searchParam, tagIds }), [searchParam, tagIds])
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const [chatContact, setChatContact] = useState<ContactDto | null>(null)
  const [pending, setPending] = useState<Pending>(null)
  const [confirmOpen, setConfirmOpen] = useState(false)

  const list = useInfiniteQuery({
    ...contactQueries.list(filters),
    placeholderData: keepPreviousData,
  })
  const tagOptions = useQuery(contactQueries.tagOptions())
  const deleteMutation = useDeleteContactMutation()
  const blockMutation = useBlockContactMutation()
  const exportMutation = useExportContactsMutation()
  const phoneImport = useStartPhoneImportMutation()
  const phoneSource = usePhoneImportSource()
  useContactsRealtime()

  const { fetchNextPage, isFetching } = list
  const contacts = useMemo(
    () => list.data?.pages.flatMap((page) => page.contacts) ?? [],
    [list.data],
  )
  const count = list.data?.pages[0]?.count

  const handleLoadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage()
  }, [fetchNextPage, isFetching])

  const ask = (kind: 'delete' | 'block' | 'phone', contact: ContactDto | null = null) => {
    setPending({ kind, contact })
    setConfirmOpen(true)
  }
  const closeConfirm = () => setConfirmOpen(false)

  const handleConfirm = () => {
    if (!pending) return
    const { kind, contact } = pending
    if (kind === 'phone') {
      if (!phoneSource) return
      phoneImport.mutate(phoneSource.id, {
        onSuccess: () => notifySuccess(t('toasts.phoneImportStarted')),
        onSettled: closeConfirm,
      })
      return
    }
    if (!contact) return
    if (kind === 'delete') {
      deleteMutation.mutate(contact.id, {
        onSuccess: () => notifySuccess(t('toasts.deleted')),
        onSettled: closeConfirm,
      })
      return
    }
    blockMutation.mutate(
      { id: contact.id, active: !contact.active },
      {
        onSuccess: (saved) =>
          notifySuccess(t(saved.active ? 'toasts.unblocked' : 'toasts.blocked')),
        onSettled: closeConfirm,
      },
    )
  }

  const confirmText = (): { title: string; message: string } => {
    const name = pending?.contact?.name ?? ''
    if (pending?.kind === 'phone') {
      return { title: t('confirm.phoneTitle'), message: t('confirm.phoneMessage') }
    }
    if (pending?.kind === 'delete') {
      return { title: t('confirm.deleteTitle', { name }), message: t('confirm.deleteMessage') }
    }
    return pending?.contact?.active === false
      ? { title: t('confirm.unblockTitle'), message: t('confirm.unblockMessage', { name }) }
      : { title: t('confirm.blockTitle'), message: t('confirm.blockMessage', { name }) }
  }

  const renderBody = () => {
    if (list.isPending) {
      return (
        <Skeleton className={styles.skeleton} aria-label={t('table.loading')}>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <div key={row} className={styles.skeletonRow}>
              <SkeletonItem size={16} />
              <SkeletonItem size={16} />
              <SkeletonItem size={16} />
              <SkeletonItem size={16} />
            </div>
          ))}
        </Skeleton>
      )
    }
    if (list.isError && contacts.length === 0) {
      return (
        <LoadFailure
          title={t('loadError.title')}
          description={errorMessage(list.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    }
    if (contacts.length === 0) {
      const filtered = searchParam !== '' || tagIds.length > 0
      return (
        <EmptyState
          icon={<ContactCardRegular />}
          title={t('empty.title')}
          description={filtered ? t('empty.filteredDescription') : t('empty.description')}
        />
      )
    }
    return (
      <ContactsTable
        contacts={contacts}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={handleLoadMore}
        onOpenChat={setChatContact}
        onEdit={(contact) => setDialog({ open: true, contactId: contact.id })}
        onToggleBlock={(contact) => ask('block', contact)}
        onDelete={canDelete ? (contact) => ask('delete', contact) : undefined}
      />
    )
  }

  const tags = tagOptions.data ?? []
  const chosenTagNames = tags.filter((tag) => tagIds.includes(tag.id)).map((tag) => tag.name)
  const text = confirmText()
  const confirmBusy = deleteMutation.isPending || blockMutation.isPending || phoneImport.isPending

  return (
    <section className={styles.root}>
      <PageHeader
        title={t('title')}
        count={count}
        actions={
          <>
            <Input
              type="search"
              value={search}
              onChange={(_event, data) => setSearch(data.value)}
              contentBefore={<SearchRegular />}
              placeholder={t('search.placeholder')}
              aria-label={t('search.label')}
            />
            <Dropdown
              multiselect
              className={styles.tagFilter}
              aria-label={t('filter.tags')}
              placeholder={t('filter.tags')}
              value={chosenTagNames.join(', ')}
              selectedOptions={tagIds.map(String)}
              onOptionSelect={(_event, data) => setTagIds(data.selectedOptions.map(Number))}
            >
              {tags.map((tag) => (
                <Option key={tag.id} value={String(tag.id)}>
                  {tag.name}
                </Option>
              ))}
            </Dropdown>
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button icon={<ArrowUploadRegular />}>{t('actions.import')}</Button>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem
                    icon={<TableRegular />}
                    onClick={() => void navigate('/contacts/import')}
                  >
                    {t('actions.importSpreadsheet')}
                  </MenuItem>
                  {phoneSource && (
                    <MenuItem icon={<PhoneRegular />} onClick={() => ask('phone')}>
                      {t('actions.importPhone')}
                    </MenuItem>
                  )}
                </MenuList>
              </MenuPopover>
            </Menu>
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={exportMutation.isPending}
              onClick={() => exportMutation.mutate(filters)}
            >
              {t('actions.export')}
            </Button>
            <Button
              appearance="primary"
              icon={<AddRegular />}
              onClick={() => setDialog({ open: true })}
            >
              {t('actions.add')}
            </Button>
          </>
        }
      />
      {renderBody()}
      <ContactDialog
        open={dialog.open}
        contactId={dialog.contactId}
        onClose={() => setDialog((state) => ({ ...state, open: false }))}
      />
      <OpenChatDialog contact={chatContact} onClose={() => setChatContact(null)} />
      <ConfirmDialog
        open={confirmOpen}
        title={text.title}
        busy={confirmBusy}
        onConfirm={handleConfirm}
        onCancel={closeConfirm}
      >
        {text.message}
      </ConfirmDialog>
    </section>
  )
}
