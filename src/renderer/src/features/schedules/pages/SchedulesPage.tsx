import {
  Button,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
} from '@fluentui/react-components'
import { AddRegular, SearchRegular } from '@fluentui/react-icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { ScheduleDto } from '@shared/contracts/schedules'
import { changesSchedule } from '@shared/contracts/schedules-rules'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { PageHeader } from '@renderer/components/PageHeader'
import { useConnectionsRealtime } from '@renderer/features/connections'
import { useConfirmDelete } from '@renderer/hooks/useConfirmDelete'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { visibleRange, type CalendarView } from '../calendar'
import { ScheduleCalendar } from '../components/ScheduleCalendar'
import { ScheduleDialog } from '../components/ScheduleDialog'
import { ScheduleSearchList } from '../components/ScheduleSearchList'
import { slotSendAt, type ScheduleDraft } from '../forms/schedule-schema'
import { useScheduleSearch } from '../hooks/useScheduleSearch'
import { useDeleteScheduleMutation } from '../mutations'
import { scheduleQueries } from '../queries'
import { useSchedulesRealtime } from '../realtime'
import { useSchedulesPageStyles } from './SchedulesPage.styles'

/** A phone-sized window opens on the agenda: a month's grid does not fit it. */
const NARROW_LAYOUT = '(max-width: 599px)'

/** The page's query parameter that opens a new schedule for a contact (002 §2.7). */
const CONTACT_PARAM = 'contactId'

// Closing keeps the target, so a dialog does not change content while it fades out.
type DialogState = { open: boolean; scheduleId?: number; draft?: ScheduleDraft }

/** A positive whole id from the query string, else null. */
const idParam = (value: string | null): number | null => {
  if (value === null || !/^\d{1,10}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}

/**
 * /schedules (002 §2.7): the company's scheduled messages on a calendar (month, week, day and
 * agenda; the agenda on a phone), each at its send time with its contact, status, and edit and
 * delete buttons; a search by text or contact listed beside it; a new schedule from the add
 * button, a click on an empty slot, or `?contactId=`. The route's gate keeps it to plans with
 * schedules.
 */
export const SchedulesPage = () => {
  const { t, i18n } = useTranslation('schedules')
  const styles = useSchedulesPageStyles()
  const me = useCurrentUser()
  const [searchParams, setSearchParams] = useSearchParams()
  const narrow = useMediaQuery(NARROW_LAYOUT)
  const [date, setDate] = useState(() => new Date())
  // Until a view is chosen, the window's width picks it (and follows a resize).
  const [chosenView, setChosenView] = useState<CalendarView | null>(null)
  const view = chosenView ?? (narrow ? 'agenda' : 'month')
  const range = useMemo(() => visibleRange(date, view, i18n.language), [date, view, i18n.language])
  const calendar = useQuery({ ...scheduleQueries.range(range), placeholderData: keepPreviousData })
  const search = useScheduleSearch()
  const [dialog, setDialog] = useState<DialogState>({ open: false })
  const deleteMutation = useDeleteScheduleMutation()
  useSchedulesRealtime()
  // The dialog's connection picker shows each connection's state as it changes.
  useConnectionsRealtime()

  const contactId = idParam(searchParams.get(CONTACT_PARAM))
  useEffect(() => {
    if (contactId === null) return
    setDialog({ open: true, draft: { contactId } })
    // Taken once: closing the dialog or reloading the page does not open it again.
    setSearchParams(
      (params) => {
        params.delete(CONTACT_PARAM)
        return params
      },
      { replace: true },
    )
  }, [contactId, setSearchParams])

  const confirmDelete = useConfirmDelete<ScheduleDto>(
    (schedule) => deleteMutation.mutateAsync(schedule.id),
    () => notifySuccess(t('toasts.deleted')),
  )
  const { ask: askDelete } = confirmDelete

  const canChange = useCallback((schedule: ScheduleDto) => changesSchedule(me, schedule), [me])
  const handleOpen = useCallback(
    (schedule: ScheduleDto) => setDialog({ open: true, scheduleId: schedule.id }),
    [],
  )
  const handleOpenFound = (schedule: ScheduleDto) => {
    setDate(new Date(schedule.sendAt))
    handleOpen(schedule)
  }
  const handleAdd = () => setDialog({ open: true })
  const handleSelectSlot = (start: Date, wholeDay: boolean) =>
    setDialog({ open: true, draft: { sendAt: slotSendAt(start, wholeDay, Date.now()) } })
  const handleCloseDialog = () => setDialog((state) => ({ ...state, open: false }))

  return (
    <section className={styles.root}>
      <PageHeader
        title={t('title')}
        actions={
          <>
            <Input
              className={styles.search}
              type="search"
              value={search.search}
              onChange={(_event, data) => search.setSearch(data.value)}
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
      <div className={styles.body}>
        {search.searchParam !== '' && (
          <ScheduleSearchList
            className={styles.results}
            search={search}
            onOpen={handleOpenFound}
            onClear={() => search.setSearch('')}
          />
        )}
        <div className={styles.calendar}>
          {calendar.isError && (
            <MessageBar intent="error" className={styles.failure}>
              <MessageBarBody>
                {t('calendar.loadError', { reason: errorMessage(calendar.error) })}
              </MessageBarBody>
              <MessageBarActions>
                <Button size="small" onClick={() => void calendar.refetch()}>
                  {t('actions.retry')}
                </Button>
              </MessageBarActions>
            </MessageBar>
          )}
          {calendar.data?.hasMore && (
            <MessageBar intent="warning" className={styles.failure}>
              <MessageBarBody>
                {t('calendar.truncated', { count: calendar.data.schedules.length })}
              </MessageBarBody>
            </MessageBar>
          )}
          <ScheduleCalendar
            schedules={calendar.data?.schedules ?? []}
            date={date}
            view={view}
            loading={calendar.isPending || (calendar.isFetching && calendar.isPlaceholderData)}
            onNavigate={setDate}
            onView={setChosenView}
            onSelectSlot={handleSelectSlot}
            onOpen={handleOpen}
            onDelete={askDelete}
            canChange={canChange}
          />
        </div>
      </div>
      <ScheduleDialog
        open={dialog.open}
        scheduleId={dialog.scheduleId}
        draft={dialog.draft}
        onClose={handleCloseDialog}
      />
      <ConfirmDialog
        title={t('confirmDelete.title', { name: confirmDelete.pending?.contact.name ?? '' })}
        {...confirmDelete.dialog}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </section>
  )
}
