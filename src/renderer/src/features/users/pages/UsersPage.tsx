import { Button, Input } from '@fluentui/react-components'
import { AddRegular, PeopleRegular, SearchRegular } from '@fluentui/react-icons'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserListItem } from '@shared/contracts/users'
import { SEARCH_DEBOUNCE_MS } from '@shared/constants'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { NoAccess } from '@renderer/components/NoAccess'
import { PageHeader } from '@renderer/components/PageHeader'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage, notifyError, notifySuccess } from '@renderer/lib/notify'
import { responseStatus } from '../api'
import { UserDialog } from '../components/UserDialog'
import { UsersTable } from '../components/UsersTable'
import { UsersTableSkeleton } from '../components/UsersTableSkeleton'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { useDeleteUserMutation } from '../mutations'
import { userQueries } from '../queries'
import { useUsersRealtime } from '../realtime'
import { useUsersPageStyles } from './UsersPage.styles'

/** /users (001 §2): admins manage the company's users; anyone else sees the no-access view. */
export const UsersPage = () => {
  const currentUser = useCurrentUser()
  return isAdmin(currentUser) ? <UsersScreen currentUserId={currentUser.id} /> : <NoAccess />
}

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; userId?: number }
type DeleteState = { open: boolean; user: UserListItem | null }

const UsersScreen = ({ currentUserId }: { currentUserId: number }) => {
  const { t } = useTranslation('users')
  const styles = useUsersPageStyles()
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const [pendingDelete, setPendingDelete] = useState<DeleteState>({ open: false, user: null })
  const deleteMutation = useDeleteUserMutation()

  // While a new search loads, the previous rows stay instead of a skeleton flash.
  const list = useInfiniteQuery({
    ...userQueries.list(searchParam),
    placeholderData: keepPreviousData,
  })
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetching } = list
  useUsersRealtime()
  useLoadErrorToast(list.error)

  const users = useMemo(() => list.data?.pages.flatMap((page) => page.users) ?? [], [list.data])
  const count = list.data?.pages[0]?.count

  const handleLoadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage()
  }, [fetchNextPage, isFetching])

  const handleAdd = () => setDialog({ open: true })
  const handleEdit = (user: UserListItem) => setDialog({ open: true, userId: user.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))
  const handleDelete = (user: UserListItem) => setPendingDelete({ open: true, user })
  const handleCancelDelete = () => setPendingDelete((state) => ({ ...state, open: false }))

  const handleConfirmDelete = () => {
    const { user } = pendingDelete
    if (!user) return
    deleteMutation.mutate(user.id, {
      onSuccess: () => notifySuccess(t('toasts.deleted')),
      onSettled: handleCancelDelete,
    })
  }

  const renderBody = () => {
    if (list.isPending) return <UsersTableSkeleton />
    if (list.isError && users.length === 0) {
      return (
        <LoadFailure
          title={t('loadError.title')}
          description={loadErrorText(list.error, t('frontEndErrors.getUsers'))}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    }
    if (users.length === 0) {
      return (
        <EmptyState
          icon={<PeopleRegular />}
          title={t('empty.title')}
          description={
            searchParam
              ? t('empty.searchDescription', { search: searchParam })
              : t('empty.description')
          }
        />
      )
    }
    return (
      <UsersTable
        users={users}
        currentUserId={currentUserId}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={handleLoadMore}
        onEdit={handleEdit}
        onDelete={handleDelete}
      />
    )
  }

  const deleteName = pendingDelete.user?.name ?? ''

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
            <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
              {t('actions.add')}
            </Button>
          </>
        }
      />
      {renderBody()}
      <UserDialog open={dialog.open} userId={dialog.userId} onClose={handleCloseDialog} />
      <ConfirmDialog
        open={pendingDelete.open}
        title={t('confirmDelete.title', { name: deleteName })}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('actions.cancel')}
        busy={deleteMutation.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={handleCancelDelete}
      >
        {t('confirmDelete.message', { name: deleteName })}
      </ConfirmDialog>
    </section>
  )
}

/** 001 §8: a 500 on the users list has its own message; other failures read like any other. */
const loadErrorText = (error: unknown, getUsersText: string): string =>
  responseStatus(error) === 500 ? getUsersText : errorMessage(error)

/** Toasts each load failure once, however often the screen re-renders while it stands. */
const useLoadErrorToast = (error: Error | null) => {
  const { t } = useTranslation('users')
  const notified = useRef<Error | null>(null)
  useEffect(() => {
    if (!error || notified.current === error) return
    notified.current = error
    // notifyError shows a plain string as it is (000 §8).
    notifyError(loadErrorText(error, t('frontEndErrors.getUsers')))
  }, [error, t])
}
