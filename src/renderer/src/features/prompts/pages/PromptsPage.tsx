import { Button } from '@fluentui/react-components'
import { AddRegular, BotRegular } from '@fluentui/react-icons'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DeletePromptResponse, PromptDto, PromptList } from '@shared/contracts/prompts'
import { isAdmin } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { NoAccess } from '@renderer/components/NoAccess'
import { SearchListPage } from '@renderer/components/SearchListPage'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useSearchedList } from '@renderer/hooks/useSearchedList'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifyInfo, notifySuccess } from '@renderer/lib/notify'
import { PromptDialog } from '../components/PromptDialog'
import { PromptsTable } from '../components/PromptsTable'
import { PromptsTableSkeleton } from '../components/PromptsTableSkeleton'
import { useDeletePromptMutation } from '../mutations'
import { promptQueries } from '../queries'
import { usePromptsRealtime } from '../realtime'

/**
 * /prompts (002 §2.13): the company's admins manage its AI prompts; a profile user sees the
 * no-access view. The plan gate (useOpenAi) is the route's.
 */
export const PromptsPage = () => {
  const currentUser = useCurrentUser()
  return isAdmin(currentUser) ? <PromptsScreen /> : <NoAccess />
}

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; promptId?: number }

/**
 * Why a prompt was not deleted (DELETE answered `inUse`), in the user's language: the
 * connections that use it by name and how many open conversations it is answering.
 */
const inUseMessage = (
  t: TFunction<'prompts'>,
  language: string,
  name: string,
  usedBy: DeletePromptResponse['usedBy'],
): string => {
  const parts = [t('inUse.message', { name })]
  const connections = usedBy?.connections ?? []
  if (connections.length > 0) {
    const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(connections)
    parts.push(t('inUse.connections', { count: connections.length, list }))
  }
  const activeTickets = usedBy?.activeTickets ?? 0
  if (activeTickets > 0) parts.push(t('inUse.activeTickets', { count: activeTickets }))
  if (parts.length === 1) parts.push(t('inUse.unknown'))
  return parts.join(' ')
}

const rowsOf = (page: PromptList) => page.prompts

const PromptsScreen = () => {
  const { t, i18n } = useTranslation('prompts')
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const deleteMutation = useDeletePromptMutation()

  const {
    search,
    setSearch,
    searchParam,
    list,
    rows: prompts,
    count,
    loadMore: handleLoadMore,
  } = useSearchedList(promptQueries.list, rowsOf)
  const { hasNextPage, isFetchingNextPage } = list
  usePromptsRealtime()

  // A prompt in use is not deleted, and the answer is still a 200: information, not an error.
  const confirmDelete = useConfirmDelete<PromptDto>((prompt) =>
    deleteMutation.mutateAsync(prompt.id).then((answer) => {
      if (answer.inUse) notifyInfo(inUseMessage(t, i18n.language, prompt.name, answer.usedBy))
      else notifySuccess(t('toasts.deleted'))
    }),
  )

  const handleAdd = () => setDialog({ open: true })
  const handleEdit = (prompt: PromptDto) => setDialog({ open: true, promptId: prompt.id })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={handleAdd}>
      {t('actions.add')}
    </Button>
  )

  const deleteName = confirmDelete.pending?.name ?? ''

  return (
    <SearchListPage
      namespace="prompts"
      count={count}
      search={search}
      onSearchChange={setSearch}
      searchParam={searchParam}
      addButton={addButton}
      list={list}
      isEmpty={prompts.length === 0}
      skeleton={<PromptsTableSkeleton />}
      emptyIcon={<BotRegular />}
      dialogs={
        <>
          <PromptDialog open={dialog.open} promptId={dialog.promptId} onClose={handleCloseDialog} />
          <ConfirmDialog
            title={t('confirmDelete.title', { name: deleteName })}
            {...confirmDelete.dialog}
          >
            {t('confirmDelete.message')}
          </ConfirmDialog>
        </>
      }
    >
      <PromptsTable
        prompts={prompts}
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
