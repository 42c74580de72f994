import {
  Button,
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
  ArrowLeftRegular,
  BoardRegular,
  DeleteRegular,
  EditRegular,
} from '@fluentui/react-icons'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { INFINITE_SCROLL_THRESHOLD_PX } from '@shared/constants'
import type { TagDto } from '@shared/contracts/tags'
import { routeLink } from '@shared/navigation'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { PageSpinner } from '@renderer/components/PageSpinner'
import { TagChip } from '@renderer/components/TagChip'
import { TagDialog, useDeleteTagMutation } from '@renderer/features/tags'
import { useCan } from '@renderer/hooks/useCan'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { kanbanQueries } from '../queries'
import { useKanbanRealtime } from '../realtime'
import { useTagsKanbanPageStyles } from './TagsKanbanPage.styles'

type Editing = { open: boolean; tag: TagDto | null }

/**
 * /TagsKanban (002 §2.22): the board's lanes (tags with kanban 1) with how many tickets each
 * holds; admins add, edit and delete them with the tags screen's dialog.
 */
export const TagsKanbanPage = () => {
  const { t } = useTranslation('kanban')
  const styles = useTagsKanbanPageStyles()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // Lane definitions are the admins' (reference §11); the server refuses them to others.
  const canManage = useCan('dashboard:view')
  const [editing, setEditing] = useState<Editing>({ open: false, tag: null })
  const [deleting, setDeleting] = useState<Editing>({ open: false, tag: null })
  const list = useInfiniteQuery(kanbanQueries.laneTags())
  const deleteMutation = useDeleteTagMutation()
  useKanbanRealtime()
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

  const refreshLanes = () => queryClient.invalidateQueries({ queryKey: kanbanQueries.all() })

  const handleCloseDialog = () => {
    setEditing((state) => ({ ...state, open: false }))
    void refreshLanes()
  }

  const handleConfirmDelete = () => {
    const { tag } = deleting
    if (!tag) return
    deleteMutation.mutate(tag.id, {
      onSuccess: () => {
        notifySuccess(t('toasts.laneDeleted', { name: tag.name }))
        void refreshLanes()
      },
      onSettled: () => setDeleting((state) => ({ ...state, open: false })),
    })
  }

  const renderBody = () => {
    if (list.isPending) return <PageSpinner />
    if (list.isError && tags.length === 0) {
      return (
        <LoadFailure
          title={t('lanesTable.loadError')}
          description={errorMessage(list.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    }
    if (tags.length === 0) {
      return (
        <EmptyState
          icon={<BoardRegular />}
          title={t('lanesTable.emptyTitle')}
          description={t('lanesTable.emptyDescription')}
        />
      )
    }
    return (
      <div ref={scrollRef} className={styles.scroller} onScroll={loadMoreIfNearBottom}>
        <Table size="small" aria-label={t('lanesTable.label')}>
          <TableHeader className={styles.header}>
            <TableRow>
              <TableHeaderCell>{t('lanesTable.name')}</TableHeaderCell>
              <TableHeaderCell className={styles.countColumn}>
                {t('lanesTable.tickets')}
              </TableHeaderCell>
              {canManage && (
                <TableHeaderCell className={styles.actionsColumn}>
                  {t('lanesTable.actions')}
                </TableHeaderCell>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {tags.map((tag) => (
              <TableRow key={tag.id}>
                <TableCell className={styles.nameCell}>
                  <TagChip name={tag.name} color={tag.color} />
                </TableCell>
                <TableCell>{tag.ticketsCount}</TableCell>
                {canManage && (
                  <TableCell>
                    <div className={styles.actions}>
                      <Tooltip
                        content={t('lanesTable.edit', { name: tag.name })}
                        relationship="label"
                      >
                        <Button
                          appearance="subtle"
                          icon={<EditRegular />}
                          onClick={() => setEditing({ open: true, tag })}
                        />
                      </Tooltip>
                      <Tooltip
                        content={t('lanesTable.delete', { name: tag.name })}
                        relationship="label"
                      >
                        <Button
                          appearance="subtle"
                          icon={<DeleteRegular />}
                          onClick={() => setDeleting({ open: true, tag })}
                        />
                      </Tooltip>
                    </div>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {list.isFetchingNextPage && (
          <div className={styles.footer}>
            <Spinner size="tiny" label={t('lanesTable.loadingMore')} />
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
        title={t('lanesTable.title')}
        count={list.data?.pages[0]?.count}
        actions={
          <>
            <Button icon={<ArrowLeftRegular />} onClick={() => void navigate(routeLink('kanban'))}>
              {t('actions.back')}
            </Button>
            {canManage && (
              <Button
                appearance="primary"
                icon={<AddRegular />}
                onClick={() => setEditing({ open: true, tag: null })}
              >
                {t('actions.addLane')}
              </Button>
            )}
          </>
        }
      />
      {renderBody()}
      <TagDialog
        open={editing.open}
        tag={editing.tag}
        canSetKanban={canManage}
        newKanban
        onClose={handleCloseDialog}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t('confirmDelete.title', { name: deleting.tag?.name ?? '' })}
        busy={deleteMutation.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={() => setDeleting((state) => ({ ...state, open: false }))}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </section>
  )
}
