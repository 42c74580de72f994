import {
  Button,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from '@fluentui/react-components'
import {
  AddRegular,
  DeleteRegular,
  EditRegular,
  SearchRegular,
  TagRegular,
} from '@fluentui/react-icons'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TagDto } from '@shared/contracts/tags'
import { INFINITE_SCROLL_THRESHOLD_PX, SEARCH_DEBOUNCE_MS } from '@shared/constants'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { PageSpinner } from '@renderer/components/PageSpinner'
import { TagChip } from '@renderer/components/TagChip'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { TagDialog } from '../components/TagDialog'
import { useDeleteTagMutation } from '../mutations'
import { tagQueries } from '../queries'
import { useTagsRealtime } from '../realtime'
import { useTagsPageStyles } from './TagsPage.styles'

type DialogState = { open: boolean; tag: TagDto | null }

/**
 * /tags: the company's tags with their chip, how many tickets (the spec's count, 002 §3.14) and
 * how many contacts carry each, search, add, edit and delete after a confirmation; other users'
 * changes arrive live on `company{id}-tag`.
 */
export const TagsPage = () => {
  const { t } = useTranslation('tags')
  const styles = useTagsPageStyles()
  const me = useCurrentUser()
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [dialog, setDialog] = useState<DialogState>({ open: false, tag: null })
  const [pendingDelete, setPendingDelete] = useState<{ open: boolean; tag: TagDto | null }>({
    open: false,
    tag: null,
  })
  const list = useInfiniteQuery({
    ...tagQueries.list(searchParam),
    placeholderData: keepPreviousData,
  })
  const deleteMutation = useDeleteTagMutation()
  useTagsRealtime()
  const scrollRef = useRef<HTMLDivElement>(null)

  const tags = useMemo(() => list.data?.pages.flatMap((page) => page.tags) ?? [], [list.data])
  const { hasNextPage, isFetching, fetchNextPage, isFetchNextPageError } = list

  const loadMoreIfNearBottom = useCallback(() => {
    const element = scrollRef.current
    if (!element || !hasNextPage || isFetching || isFetchNextPageError) return
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight
    if (distance <= INFINITE_SCROLL_THRESHOLD_PX) void fetchNextPage()
  }, [hasNextPage, isFetching, isFetchNextPageError, fetchNextPage])
  useEffect(() => loadMoreIfNearBottom(), [loadMoreIfNearBottom, tags.length])

  const handleConfirmDelete = () => {
    const { tag } = pendingDelete
    if (!tag) return
    deleteMutation.mutate(tag.id, {
      onSuccess: () => notifySuccess(t('toasts.deleted')),
      onSettled: () => setPendingDelete((state) => ({ ...state, open: false })),
    })
  }

  const renderBody = () => {
    if (list.isPending) return <PageSpinner />
    if (list.isError && tags.length === 0) {
      return (
        <LoadFailure
          title={t('loadError.title')}
          description={errorMessage(list.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    }
    if (tags.length === 0) {
      return (
        <EmptyState
          icon={<TagRegular />}
          title={t('empty.title')}
          description={searchParam ? t('empty.searchDescription') : t('empty.description')}
        />
      )
    }
    return (
      <div ref={scrollRef} className={styles.scroller} onScroll={loadMoreIfNearBottom}>
        <Table size="small" aria-label={t('table.label')}>
          <TableHeader className={styles.header}>
            <TableRow>
              <TableHeaderCell>{t('table.name')}</TableHeaderCell>
              <TableHeaderCell>{t('table.tickets')}</TableHeaderCell>
              <TableHeaderCell>{t('table.contacts')}</TableHeaderCell>
              <TableHeaderCell>{t('table.kanban')}</TableHeaderCell>
              <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tags.map((tag) => (
              <TableRow key={tag.id}>
                <TableCell>
                  <TagChip name={tag.name} color={tag.color} />
                </TableCell>
                <TableCell>{tag.ticketsCount}</TableCell>
                <TableCell>{tag.contactsCount}</TableCell>
                <TableCell>{t(tag.kanban === 1 ? 'table.yes' : 'table.no')}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Tooltip content={t('actions.edit', { name: tag.name })} relationship="label">
                      <Button
                        appearance="subtle"
                        icon={<EditRegular />}
                        onClick={() => setDialog({ open: true, tag })}
                      />
                    </Tooltip>
                    <Tooltip content={t('actions.delete', { name: tag.name })} relationship="label">
                      <Button
                        appearance="subtle"
                        icon={<DeleteRegular />}
                        onClick={() => setPendingDelete({ open: true, tag })}
                      />
                    </Tooltip>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {list.isFetchingNextPage && (
          <div className={styles.footer}>
            <Spinner size="tiny" label={t('table.loadingMore')} />
          </div>
        )}
        {isFetchNextPageError && !list.isFetchingNextPage && (
          <div className={styles.footer}>
            <Button onClick={() => void fetchNextPage()}>{t('actions.retry')}</Button>
          </div>
        )}
      </div>
    )
  }

  return (
    <section className={styles.root}>
      <PageHeader
        title={t('title')}
        count={list.data?.pages[0]?.count}
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
            <Button
              appearance="primary"
              icon={<AddRegular />}
              onClick={() => setDialog({ open: true, tag: null })}
            >
              {t('actions.add')}
            </Button>
          </>
        }
      />
      {renderBody()}
      <TagDialog
        open={dialog.open}
        tag={dialog.tag}
        canSetKanban={isAdmin(me)}
        onClose={() => setDialog((state) => ({ ...state, open: false }))}
      />
      <ConfirmDialog
        open={pendingDelete.open}
        title={t('confirmDelete.title', { name: pendingDelete.tag?.name ?? '' })}
        busy={deleteMutation.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={() => setPendingDelete((state) => ({ ...state, open: false }))}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </section>
  )
}
