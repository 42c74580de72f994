import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  Option,
  Tab,
  TabList,
  Tooltip,
} from '@fluentui/react-components'
import { ArrowUploadRegular, DeleteRegular, KeyResetRegular } from '@fluentui/react-icons'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  GREETING_MEDIA_MAX_BYTES,
  type Channel,
  type ConnectionDto,
} from '@shared/contracts/connections'
import { planAllows } from '@shared/permissions'
import { BusyButton } from '@renderer/components/BusyButton'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { defaultServiceHours, ServiceHoursEditor } from '@renderer/components/ServiceHoursEditor'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifyError, notifySuccess, notifyWarning } from '@renderer/lib/notify'
import { disconnectSession, requestNewQr } from '../api'
import {
  connectionSchema,
  connectionToFormValues,
  importWindowStart,
  toConnectionBody,
  toLocalDateTime,
  vacationEarliestStart,
  type ConnectionFormValues,
} from '../forms/connection-schema'
import { useSaveConnectionMutation, type AttachmentChange } from '../mutations'
import { connectionQueries } from '../queries'
import { writeConnection } from '../realtime'
import {
  NumberField,
  QueuePicker,
  ReferencePicker,
  SwitchField,
  TextField,
} from './ConnectionFields'
import { useConnectionDialogStyles } from './ConnectionDialog.styles'

type TabId = 'general' | 'integrations' | 'messages' | 'chatbot' | 'nps' | 'flow' | 'schedules'

/** The tab that holds each field, to show the first failing one after a refused submit. */
const TAB_OF: Partial<Record<keyof ConnectionFormValues, TabId>> = {
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  collectiveVacationMessage: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  expiresTicket: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  timeInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  ratingMessage: 'nps',
  expiresTicketNPS: 'nps',
  maxUseBotQueuesNPS: 'nps',
  schedules: 'schedules',
}

const ACCEPTED_MEDIA = 'image/*,video/*'

export interface ConnectionDialogProps {
  open: boolean
  channel: Channel
  /** The connection to edit; null to create one of `channel`. */
  connection: ConnectionDto | null
  onClose: () => void
}

/** Add or edit a connection (001 §2 Connection dialog), its tabs as the plan and settings allow. */
export const ConnectionDialog = ({ open, channel, connection, onClose }: ConnectionDialogProps) => (
  <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
    <DialogSurface>
      {open && (
        <ConnectionForm
          key={connection?.id ?? `new-${channel}`}
          channel={connection?.channel ?? channel}
          connection={connection}
          onClose={onClose}
        />
      )}
    </DialogSurface>
  </Dialog>
)

const ConnectionForm = ({
  channel,
  connection,
  onClose,
}: {
  channel: Channel
  connection: ConnectionDto | null
  onClose: () => void
}) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionDialogStyles()
  const me = useCurrentUser()
  const queryClient = useQueryClient()
  const plan = me.company.plan
  const showIntegrations = planAllows(plan, 'useIntegrations') || planAllows(plan, 'useOpenAi')
  const showSchedules = me.company.companieSettings.scheduleType === 'connection'
  const isNew = connection === null
  const now = useMemo(() => new Date(), [])
  const schema = useMemo(() => connectionSchema({ channel, isNew, now }), [channel, isNew, now])
  const { control, handleSubmit, formState, getValues } = useForm<ConnectionFormValues>({
    defaultValues: connectionToFormValues(connection, defaultServiceHours()),
    resolver: yupResolver(schema),
  })
  const [tab, setTab] = useState<TabId>('general')
  const [attachment, setAttachment] = useState<AttachmentChange>({ kind: 'keep' })
  const [pendingImport, setPendingImport] = useState<ConnectionFormValues | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const queues = useQuery(connectionQueries.queues())
  const queueList = queues.data ?? []
  const mutation = useSaveConnectionMutation()
  const [importEnabled, queueIds] = useWatch({ control, name: ['importEnabled', 'queueIds'] })

  const isWhatsapp = channel === 'whatsapp'
  const canBeDefault = channel === 'whatsapp' || channel === 'whatsappapi'

  const save = async (values: ConnectionFormValues, restartForImport: boolean) => {
    let saved: ConnectionDto
    try {
      const body = toConnectionBody(values, channel)
      // Hours are edited here only when the company schedules by connection; otherwise the
      // stored ones stay as they are.
      if (!showSchedules) delete body.schedules
      saved = await mutation.mutateAsync({ id: connection?.id ?? null, body, attachment })
    } catch {
      return
    }
    if (restartForImport) {
      // 001 §4: the import reads history from a fresh pairing; the phone scans a new QR code.
      try {
        await disconnectSession(saved.id)
        writeConnection(queryClient, { ...saved, status: 'qrcode', qrcode: '' })
        await requestNewQr(saved.id)
      } catch (error) {
        notifyError(error)
      }
    }
    notifySuccess(t(isNew ? 'toasts.created' : 'toasts.saved'))
    onClose()
  }

  const importChanged = (values: ConnectionFormValues) => {
    const before = connectionToFormValues(connection, [])
    return (
      values.importOldMessages !== before.importOldMessages ||
      values.importRecentMessages !== before.importRecentMessages ||
      values.importEnabled !== before.importEnabled
    )
  }

  const handleValid = async (values: ConnectionFormValues) => {
    if (connection?.status === 'CONNECTED' && values.importEnabled && importChanged(values)) {
      setPendingImport(values)
      return
    }
    await save(values, false)
  }

  const handleInvalid = (errors: FieldErrors<ConnectionFormValues>) => {
    const first = Object.keys(errors)[0] as keyof ConnectionFormValues | undefined
    if (first) setTab(TAB_OF[first] ?? 'general')
  }

  const handleFile = (file: File | undefined) => {
    if (!file) return
    if (!/^(image|video)\//.test(file.type)) {
      notifyWarning(t('dialog.attachmentInvalid'))
      return
    }
    if (file.size > GREETING_MEDIA_MAX_BYTES) {
      notifyWarning(t('dialog.attachmentTooLarge'))
      return
    }
    setAttachment({ kind: 'upload', file })
  }

  const attachmentName =
    attachment.kind === 'upload'
      ? attachment.file.name
      : attachment.kind === 'keep' && connection?.greetingMediaAttachment
        ? connection.greetingMediaAttachment.split('/').pop()
        : undefined

  const saving = formState.isSubmitting || mutation.isPending
  const tabs: TabId[] = [
    'general',
    ...(showIntegrations ? (['integrations'] as const) : []),
    'messages',
    'chatbot',
    'nps',
    'flow',
    ...(showSchedules ? (['schedules'] as const) : []),
  ]

  const renderGeneral = () => (
    <>
      <TextField control={control} name="name" label={t('dialog.name')} required />
      {canBeDefault && (
        <SwitchField control={control} name="isDefault" label={t('dialog.isDefault')} />
      )}
      <Controller
        control={control}
        name="queueIds"
        render={({ field }) => (
          <Field
            label={t('dialog.queues')}
            hint={queues.isError ? t('dialog.queuesError') : undefined}
          >
            <Dropdown
              ref={field.ref}
              multiselect
              placeholder={t('dialog.queuesPlaceholder')}
              value={queueList
                .filter((queue) => field.value.includes(queue.id))
                .map((queue) => queue.name)
                .join(', ')}
              selectedOptions={field.value.map(String)}
              onOptionSelect={(_event, data) => field.onChange(data.selectedOptions.map(Number))}
              onBlur={field.onBlur}
            >
              {queueList.map((queue) => (
                <Option key={queue.id} value={String(queue.id)}>
                  {queue.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
      {queueIds.length > 1 && <Caption1>{t('dialog.greetingRequiredHint')}</Caption1>}
      {isWhatsapp && (
        <div className={styles.row}>
          <SwitchField control={control} name="allowGroup" label={t('dialog.allowGroup')} />
          <Controller
            control={control}
            name="groupAsTicket"
            render={({ field }) => (
              <Field label={t('dialog.groupAsTicket')}>
                <Dropdown
                  ref={field.ref}
                  value={t(`dialog.groupAsTicketOptions.${field.value}`)}
                  selectedOptions={[field.value]}
                  onOptionSelect={(_event, data) => field.onChange(data.optionValue)}
                >
                  {(['disabled', 'enabled'] as const).map((option) => (
                    <Option key={option} value={option}>
                      {t(`dialog.groupAsTicketOptions.${option}`)}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            )}
          />
        </div>
      )}
      <Controller
        control={control}
        name="token"
        render={({ field, fieldState }) => (
          <Field
            label={t('dialog.token')}
            hint={t('dialog.tokenHint')}
            validationMessage={fieldState.error?.message ? t(fieldState.error.message) : undefined}
          >
            <Input
              ref={field.ref}
              value={field.value}
              readOnly
              contentAfter={
                <Tooltip content={t('dialog.regenerateToken')} relationship="label">
                  <Button
                    appearance="transparent"
                    size="small"
                    icon={<KeyResetRegular />}
                    onClick={() => field.onChange('')}
                  />
                </Tooltip>
              }
            />
          </Field>
        )}
      />
      <Field label={t('dialog.attachment')} hint={t('dialog.attachmentHint')}>
        <div className={styles.row}>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_MEDIA}
            className={styles.hiddenInput}
            aria-label={t('dialog.attachment')}
            onChange={(event) => {
              handleFile(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          <Button icon={<ArrowUploadRegular />} onClick={() => fileInput.current?.click()}>
            {t('dialog.attachmentChoose')}
          </Button>
          {attachmentName && (
            <>
              <Caption1>{attachmentName}</Caption1>
              <Tooltip content={t('dialog.attachmentRemove')} relationship="label">
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  onClick={() => setAttachment({ kind: 'remove' })}
                />
              </Tooltip>
            </>
          )}
        </div>
      </Field>
      {channel === 'whatsappapi' && (
        <>
          <TextField
            control={control}
            name="wabaPhoneNumberId"
            label={t('dialog.wabaPhoneNumberId')}
            required={isNew}
          />
          <TextField
            control={control}
            name="wabaBusinessAccountId"
            label={t('dialog.wabaBusinessAccountId')}
          />
          <TextField
            control={control}
            name="wabaAccessToken"
            type="password"
            label={t('dialog.wabaAccessToken')}
            hint={isNew ? undefined : t('dialog.secretKept')}
            required={isNew}
          />
        </>
      )}
      {(channel === 'facebook' || channel === 'instagram') && (
        <>
          <TextField
            control={control}
            name="facebookPageUserId"
            label={t(channel === 'facebook' ? 'dialog.pageId' : 'dialog.instagramId')}
            required={isNew}
          />
          <TextField
            control={control}
            name="facebookPageToken"
            type="password"
            label={t('dialog.pageToken')}
            hint={isNew ? undefined : t('dialog.secretKept')}
            required={isNew}
          />
        </>
      )}
      {channel !== 'whatsapp' && (
        <>
          <TextField
            control={control}
            name="wabaAppSecret"
            type="password"
            label={t('dialog.appSecret')}
            hint={isNew ? undefined : t('dialog.secretKept')}
          />
          <TextField
            control={control}
            name="wabaVerifyToken"
            type="password"
            label={t('dialog.verifyToken')}
            hint={isNew ? undefined : t('dialog.secretKept')}
          />
        </>
      )}
      {isWhatsapp && (
        <fieldset className={styles.group}>
          <legend>{t('dialog.importTitle')}</legend>
          <SwitchField control={control} name="importEnabled" label={t('dialog.importEnabled')} />
          {importEnabled && (
            <>
              <div className={styles.row}>
                <TextField
                  control={control}
                  name="importOldMessages"
                  type="datetime-local"
                  label={t('dialog.importOldMessages')}
                  min={toLocalDateTime(importWindowStart(now))}
                  max={toLocalDateTime(now)}
                  required
                />
                <TextField
                  control={control}
                  name="importRecentMessages"
                  type="datetime-local"
                  label={t('dialog.importRecentMessages')}
                  min={getValues('importOldMessages') || toLocalDateTime(importWindowStart(now))}
                  max={toLocalDateTime(now)}
                  required
                />
              </div>
              <SwitchField
                control={control}
                name="importOldMessagesGroups"
                label={t('dialog.importGroups')}
              />
              <SwitchField
                control={control}
                name="closedTicketsPostImported"
                label={t('dialog.closeAfterImport')}
              />
              <QueuePicker
                control={control}
                name="queueIdImportMessages"
                label={t('dialog.importQueue')}
                queues={queueList}
              />
            </>
          )}
        </fieldset>
      )}
    </>
  )

  const renderTab = () => {
    switch (tab) {
      case 'general':
        return renderGeneral()
      case 'integrations':
        return (
          <>
            <ReferencePicker
              control={control}
              name="integrationId"
              label={t('dialog.integration')}
              hint={t('dialog.notYetHint')}
            />
            {planAllows(plan, 'useOpenAi') && (
              <ReferencePicker
                control={control}
                name="promptId"
                label={t('dialog.prompt')}
                hint={t('dialog.notYetHint')}
              />
            )}
          </>
        )
      case 'messages':
        return (
          <>
            <TextField
              control={control}
              name="greetingMessage"
              label={t('dialog.greetingMessage')}
              multiline
              required={queueIds.length > 1}
            />
            <TextField
              control={control}
              name="complationMessage"
              label={t('dialog.complationMessage')}
              multiline
            />
            <TextField
              control={control}
              name="outOfHoursMessage"
              label={t('dialog.outOfHoursMessage')}
              multiline
            />
            <fieldset className={styles.group}>
              <legend>{t('dialog.vacationTitle')}</legend>
              <TextField
                control={control}
                name="collectiveVacationMessage"
                label={t('dialog.vacationMessage')}
                multiline
              />
              <div className={styles.row}>
                <TextField
                  control={control}
                  name="collectiveVacationStart"
                  type="date"
                  label={t('dialog.vacationStart')}
                  min={vacationEarliestStart(now)}
                />
                <TextField
                  control={control}
                  name="collectiveVacationEnd"
                  type="date"
                  label={t('dialog.vacationEnd')}
                />
              </div>
            </fieldset>
          </>
        )
      case 'chatbot':
        return (
          <>
            <div className={styles.row}>
              <NumberField
                control={control}
                name="maxUseBotQueues"
                label={t('dialog.maxUseBotQueues')}
              />
              <NumberField
                control={control}
                name="timeUseBotQueues"
                label={t('dialog.timeUseBotQueues')}
              />
            </div>
            <div className={styles.row}>
              <NumberField
                control={control}
                name="timeSendQueue"
                label={t('dialog.timeSendQueue')}
              />
              <QueuePicker
                control={control}
                name="sendIdQueue"
                label={t('dialog.sendIdQueue')}
                queues={queueList}
              />
            </div>
            <div className={styles.row}>
              <NumberField
                control={control}
                name="expiresTicket"
                label={t('dialog.expiresTicket')}
              />
              <Controller
                control={control}
                name="whenExpiresTicket"
                render={({ field }) => (
                  <Field label={t('dialog.whenExpiresTicket')}>
                    <Dropdown
                      ref={field.ref}
                      value={t(`dialog.whenExpiresOptions.${field.value}`)}
                      selectedOptions={[field.value]}
                      onOptionSelect={(_event, data) => field.onChange(data.optionValue)}
                    >
                      {(['0', '1'] as const).map((option) => (
                        <Option key={option} value={option}>
                          {t(`dialog.whenExpiresOptions.${option}`)}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                )}
              />
            </div>
            <TextField
              control={control}
              name="expiresInactiveMessage"
              label={t('dialog.expiresInactiveMessage')}
              multiline
            />
            <div className={styles.row}>
              <NumberField
                control={control}
                name="timeInactiveMessage"
                label={t('dialog.timeInactiveMessage')}
              />
              <NumberField
                control={control}
                name="timeCreateNewTicket"
                label={t('dialog.timeCreateNewTicket')}
              />
            </div>
            <TextField
              control={control}
              name="inactiveMessage"
              label={t('dialog.inactiveMessage')}
              multiline
            />
          </>
        )
      case 'nps':
        return (
          <>
            <TextField
              control={control}
              name="ratingMessage"
              label={t('dialog.ratingMessage')}
              hint={t('dialog.ratingHint')}
              multiline
            />
            <div className={styles.row}>
              <NumberField
                control={control}
                name="expiresTicketNPS"
                label={t('dialog.expiresTicketNPS')}
              />
              <NumberField
                control={control}
                name="maxUseBotQueuesNPS"
                label={t('dialog.maxUseBotQueuesNPS')}
              />
            </div>
          </>
        )
      case 'flow':
        return (
          <>
            <ReferencePicker
              control={control}
              name="flowIdWelcome"
              label={t('dialog.flowWelcome')}
              hint={t('dialog.notYetHint')}
            />
            <ReferencePicker
              control={control}
              name="flowIdNotPhrase"
              label={t('dialog.flowNotPhrase')}
              hint={t('dialog.notYetHint')}
            />
          </>
        )
      case 'schedules':
        return (
          <Controller
            control={control}
            name="schedules"
            render={({ field, fieldState }) => (
              <Field
                validationMessage={
                  fieldState.error?.message ? t(fieldState.error.message) : undefined
                }
              >
                <ServiceHoursEditor value={field.value} onChange={field.onChange} />
              </Field>
            )}
          />
        )
    }
  }

  return (
    <>
      <form noValidate onSubmit={(event) => void handleSubmit(handleValid, handleInvalid)(event)}>
        <DialogBody>
          <DialogTitle>
            {t(isNew ? 'dialog.addTitle' : 'dialog.editTitle', {
              channel: t(`channels.${channel}`),
            })}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <TabList
              selectedValue={tab}
              onTabSelect={(_event, data) => setTab(data.value as TabId)}
              size="small"
            >
              {tabs.map((id) => (
                <Tab key={id} value={id}>
                  {t(`tabs.${id}`)}
                </Tab>
              ))}
            </TabList>
            <div className={styles.panel} role="tabpanel" aria-label={t(`tabs.${tab}`)}>
              {renderTab()}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={saving} onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <BusyButton type="submit" busy={saving}>
              {t(isNew ? 'dialog.submitAdd' : 'actions.save')}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </form>
      <ConfirmDialog
        open={pendingImport !== null}
        title={t('importWarning.title')}
        busy={saving}
        onCancel={() => setPendingImport(null)}
        onConfirm={() => {
          const values = pendingImport
          setPendingImport(null)
          if (values) void save(values, true)
        }}
      >
        {t('importWarning.message')}
      </ConfirmDialog>
    </>
  )
}
