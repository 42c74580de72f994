import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Tab,
  TabList,
} from '@fluentui/react-components'
import { BotRegular } from '@fluentui/react-icons'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Controller, useForm, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { RecordDialog } from '@renderer/components/RecordDialog'
import type { QueueDetailDto } from '@shared/contracts/queues'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { ServiceHoursEditor } from '@renderer/components/ServiceHoursEditor'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { readQueueFieldError } from '../api'
import {
  emptyQueueFormValues,
  queueSchema,
  queueToFormValues,
  toQueueBody,
  type QueueFormValues,
} from '../forms/queue-schema'
import { useCreateQueueMutation, useUpdateQueueMutation } from '../mutations'
import { queueQueries } from '../queries'
import { BotSimulator } from './BotSimulator'
import { QueueDataTab } from './QueueDataTab'
import { useQueueDialogStyles } from './QueueDialog.styles'

export interface QueueDialogProps {
  open: boolean
  /** The queue to edit; absent to create one. */
  queueId?: number
  onClose: () => void
}

/**
 * The queue modal (001 §2): data and option tree; service hours when scheduleType is queue; the
 * bot's simulation once the queue exists.
 */
export const QueueDialog = ({ open, queueId, onClose }: QueueDialogProps) => {
  const { t } = useTranslation('queues')
  const styles = useQueueDialogStyles()
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={queueId}
      load={queueQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => <QueueForm key={queueId} queue={record} onClose={onClose} />}
    </RecordDialog>
  )
}

type TabValue = 'data' | 'schedules' | 'simulate'
const TAB_VALUES: readonly TabValue[] = ['data', 'schedules', 'simulate']
const isTab = (value: unknown): value is TabValue => TAB_VALUES.includes(value as TabValue)
const FORM_FIELDS = new Set<string>(Object.keys(emptyQueueFormValues()))
const isFormField = (name: string): name is keyof QueueFormValues => FORM_FIELDS.has(name)

const QueueForm = ({ queue, onClose }: { queue: QueueDetailDto | null; onClose: () => void }) => {
  const { t } = useTranslation('queues')
  const styles = useQueueDialogStyles()
  const { company } = useCurrentUser()
  const [tab, setTab] = useState<TabValue>('data')
  const [showAllErrors, setShowAllErrors] = useState(false)

  const { control, handleSubmit, setError, formState } = useForm<QueueFormValues>({
    defaultValues: queue ? queueToFormValues(queue) : emptyQueueFormValues(),
    resolver: yupResolver(queueSchema),
  })

  const scheduleType = useQuery(queueQueries.scheduleType())
  const withSchedules = scheduleType.data === 'queue'
  const queues = useQuery(queueQueries.list())
  const users = useQuery(queueQueries.userOptions())

  const createMutation = useCreateQueueMutation()
  const updateMutation = useUpdateQueueMutation()

  /** Puts a server refusal on its field; one the form does not show was already a toast. */
  const showServerError = (error: unknown) => {
    const fieldError = readQueueFieldError(error)
    if (!fieldError) return
    if (isFormField(fieldError.field) && fieldError.field !== 'chatbots') {
      setError(
        fieldError.field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
      setTab(fieldError.field === 'schedules' && withSchedules ? 'schedules' : 'data')
    } else {
      setShowAllErrors(true)
      notifyError(error)
    }
  }

  const handleSave = async (values: QueueFormValues) => {
    const body = toQueueBody(values, { withSchedules })
    try {
      if (queue) await updateMutation.mutateAsync({ id: queue.id, body })
      else await createMutation.mutateAsync(body)
    } catch (error) {
      showServerError(error)
      return
    }
    notifySuccess(t(queue ? 'toasts.saved' : 'toasts.created'))
    onClose()
  }

  const handleInvalid = (errors: FieldErrors<QueueFormValues>) => {
    setShowAllErrors(true)
    const onlyHours = Object.keys(errors).every((field) => field === 'schedules')
    setTab(onlyHours && withSchedules ? 'schedules' : 'data')
  }

  const saving = formState.isSubmitting
  // A queue being created cannot send to itself yet: it joins the list once saved.
  const queueItems = (queues.data ?? []).map(({ id, name }) => ({ id, name }))
  const userItems = (users.data ?? []).map(({ id, name }) => ({ id, name }))

  return (
    <Form namespace="queues" onSubmit={handleSubmit(handleSave, handleInvalid)}>
      <DialogBody>
        <DialogTitle>{t(queue ? 'dialog.editTitle' : 'dialog.addTitle')}</DialogTitle>
        <DialogContent>
          {(withSchedules || queue) && (
            <TabList
              className={styles.tabs}
              aria-label={t('dialog.tabs.label')}
              selectedValue={tab}
              onTabSelect={(_event, data) => {
                if (isTab(data.value)) setTab(data.value)
              }}
            >
              <Tab value="data">{t('dialog.tabs.data')}</Tab>
              {withSchedules && <Tab value="schedules">{t('dialog.tabs.schedules')}</Tab>}
              {queue && (
                <Tab value="simulate" icon={<BotRegular />}>
                  {t('dialog.tabs.simulate')}
                </Tab>
              )}
            </TabList>
          )}
          {tab === 'simulate' && queue ? (
            <BotSimulator queueId={queue.id} unsaved={formState.isDirty} />
          ) : tab === 'schedules' && withSchedules ? (
            <Controller
              control={control}
              name="schedules"
              render={({ field }) => (
                <ServiceHoursEditor value={field.value} onChange={field.onChange} />
              )}
            />
          ) : (
            <QueueDataTab
              control={control}
              queues={queueItems}
              users={userItems}
              useIntegrations={company.plan.useIntegrations}
              showAllErrors={showAllErrors}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t('actions.save')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
