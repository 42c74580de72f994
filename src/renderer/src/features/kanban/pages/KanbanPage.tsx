import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { yupResolver } from '@hookform/resolvers/yup'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { KANBAN_TICKET_CAP } from '@shared/contracts/kanban'
import type { TicketDto } from '@shared/contracts/tickets'
import { routeLink } from '@shared/navigation'
import { Form } from '@renderer/components/form/Form'
import { TextField } from '@renderer/components/form/TextField'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { useCan } from '@renderer/hooks/useCan'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import type { KanbanFilters } from '../api'
import { KanbanBoard, KanbanBoardSkeleton } from '../components/KanbanBoard'
import { dateRangeSchema, type DateRangeValues } from '../forms/date-range-schema'
import { buildLanes, toDay, type Lane } from '../lanes'
import { useMoveTicketMutation } from '../mutations'
import { kanbanQueries } from '../queries'
import { useKanbanRealtime } from '../realtime'
import { useKanbanPageStyles } from './KanbanPage.styles'

/**
 * /Kanban (002 §2.21): the open and pending tickets of the user's queues created in a range of
 * days (today by default), in a default lane and one lane per lane tag. Moving a card puts the
 * ticket in that lane; ticket and message events keep the board live.
 */
export const KanbanPage = () => {
  const { t } = useTranslation('kanban')
  const styles = useKanbanPageStyles()
  const navigate = useNavigate()
  const me = useCurrentUser()
  const canAddLanes = useCan('dashboard:view')
  const [range, setRange] = useState<DateRangeValues>(() => {
    const today = toDay(new Date())
    return { startDate: today, endDate: today }
  })
  const filters = useMemo<KanbanFilters>(
    () => ({ queueIds: me.queueIds, ...range }),
    [me.queueIds, range],
  )
  const { control, handleSubmit } = useForm<DateRangeValues>({
    defaultValues: range,
    resolver: yupResolver(dateRangeSchema),
  })
  const lanesQuery = useQuery(kanbanQueries.lanes())
  const board = useQuery({ ...kanbanQueries.board(filters), placeholderData: keepPreviousData })
  const { mutate: move } = useMoveTicketMutation(filters)
  useKanbanRealtime()

  const lanes = useMemo(
    () => buildLanes(lanesQuery.data?.lista ?? [], board.data?.tickets ?? []),
    [lanesQuery.data, board.data],
  )

  const handleMove = useCallback(
    (ticket: TicketDto, to: Lane) => {
      const lane = to.tag?.name ?? t('lanes.default')
      move(
        { ticketId: ticket.id, to: to.tag },
        { onSuccess: () => notifySuccess(t('toasts.moved', { id: ticket.id, lane })) },
      )
    },
    [move, t],
  )

  const handleSearch = (values: DateRangeValues) => {
    // The same range searched again reads the board again; another one is a new query.
    if (values.startDate === range.startDate && values.endDate === range.endDate) {
      void board.refetch()
    } else {
      setRange(values)
    }
  }

  const failed = (lanesQuery.isError && !lanesQuery.data) || (board.isError && !board.data)
  const renderBody = () => {
    if (failed) {
      return (
        <LoadFailure
          title={t('loadError.title')}
          description={errorMessage(lanesQuery.error ?? board.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => {
            void lanesQuery.refetch()
            void board.refetch()
          }}
        />
      )
    }
    if (lanesQuery.isPending || board.isPending) return <KanbanBoardSkeleton />
    return (
      <>
        {board.data.hasMore && (
          <MessageBar intent="info">
            <MessageBarBody>{t('board.capped', { cap: KANBAN_TICKET_CAP })}</MessageBarBody>
          </MessageBar>
        )}
        <KanbanBoard lanes={lanes} onMove={handleMove} />
      </>
    )
  }

  return (
    <section className={styles.root}>
      <PageHeader
        title={t('title')}
        count={board.data?.tickets.length}
        actions={
          canAddLanes && (
            <Button onClick={() => void navigate(routeLink('tagsKanban'))}>
              {t('actions.addLanes')}
            </Button>
          )
        }
      />
      <Form namespace="kanban" className={styles.filters} onSubmit={handleSubmit(handleSearch)}>
        <TextField control={control} name="startDate" type="date" label={t('filters.startDate')} />
        <TextField control={control} name="endDate" type="date" label={t('filters.endDate')} />
        <Button type="submit" appearance="primary" icon={<SearchRegular />}>
          {t('actions.search')}
        </Button>
      </Form>
      {renderBody()}
    </section>
  )
}
