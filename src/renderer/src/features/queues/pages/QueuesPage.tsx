import { Button, Skeleton, SkeletonItem } from '@fluentui/react-components'
import { AddRegular, PeopleQueueRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { QueueDto } from '@shared/contracts/queues'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { NoAccess } from '@renderer/components/NoAccess'
import { PageHeader } from '@renderer/components/PageHeader'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { QueueDialog } from '../components/QueueDialog'
import { QueuesTable } from '../components/QueuesTable'
import { useDeleteQueueMutation } from '../mutations'
import { queueQueries } from '../queries'
import { useQueuesRealtime } from '../realtime'
import { useQueuesPageStyles } from './QueuesPage.styles'

const SKELETON_ROWS = 4

/** /queues (001 §2): admins manage queues and their chatbots; anyone else sees no access. */
export const QueuesPage = () => (isAdmin(useCurrentUser()) ? <QueuesScreen /> : <NoAccess />)

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; queueId?: number }
type DeleteState = { open: boolean; queue: QueueDto | null }

const QueuesScreen = () => {
  const { t } = useTranslation('queues')
  const styles = useQueuesPageStyles()
  const list = useQuery(queueQueries.list())
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const [pendingDelete, setPendingDelete] = useState<DeleteState>({ open: false, queue: null })
  const deleteMutation = useDeleteQueueMutation()
  useQueuesRealtime()

  const handleCancelDelete = () => setPendingDelete((state) => ({ ...state, open: false }))
  const handleConfirmDelete = () => {
    const { queue } = pendingDelete
    if (!queue) return
    deleteMutation.mutate(queue.id, {
      onSuccess: () => notifySuccess(t('toasts.deleted')),
      onSettled: handleCancelDelete,
    })
  }

  const renderBody = () => {
    if (list.isPending) {
      return (
        <Skeleton className={styles.skeleton} aria-label={t('loading')}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <SkeletonItem key={index} size={32} />
          ))}
        </Skeleton>
      )
    }
    if (list.isError) {
      return (
        <LoadFailure
          title={t('loadError.title')}
          description={errorMessage(list.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    }
    if (list.data.length === 0) {
      return (
        <EmptyState
          icon={<PeopleQueueRegular />}
          title={t('empty.title')}
          description={t('empty.description')}
        />
      )
    }
    return (
      <QueuesTable
        queues={list.data}
        onEdit={(queue) => setDialog({ open: true, queueId: queue.id })}
        onDelete={(queue) => setPendingDelete({ open: true, queue })}
      />
    )
  }

  const deleteName = pendingDelete.queue?.name ?? ''
  return (
    <section className={styles.root}>
      <PageHeader
        title={t('title')}
        count={list.data?.length}
        actions={
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setDialog({ open: true })}
          >
            {t('actions.add')}
          </Button>
        }
      />
      {renderBody()}
      <QueueDialog
        open={dialog.open}
        queueId={dialog.queueId}
        onClose={() => setDialog((state) => ({ ...state, open: false }))}
      />
      <ConfirmDialog
        open={pendingDelete.open}
        title={t('confirmDelete.title', { name: deleteName })}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('actions.cancel')}
        busy={deleteMutation.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={handleCancelDelete}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </section>
  )
}
