import { yupResolver } from '@hookform/resolvers/yup'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useForm, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  GREETING_MEDIA_MAX_BYTES,
  type Channel,
  type ConnectionDto,
} from '@shared/contracts/connections'
import { isAdmin, planAllows } from '@shared/permissions'
import { defaultServiceHours } from '@renderer/components/ServiceHoursEditor'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifyError, notifySuccess, notifyWarning } from '@renderer/lib/notify'
import { disconnectSession, requestNewQr } from '../api'
import {
  connectionSchema,
  connectionToFormValues,
  toConnectionBody,
  type ConnectionFormValues,
} from '../forms/connection-schema'
import { useSaveConnectionMutation, type AttachmentChange } from '../mutations'
import { writeConnection } from '../realtime'

export type ConnectionTab =
  'general' | 'integrations' | 'messages' | 'chatbot' | 'nps' | 'flow' | 'schedules'

/** The tab that holds each field, to show the first failing one after a refused submit. */
const TAB_OF: Partial<Record<keyof ConnectionFormValues, ConnectionTab>> = {
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

export interface ConnectionFormOptions {
  channel: Channel
  /** The connection to edit; null to create one of `channel`. */
  connection: ConnectionDto | null
  onClose: () => void
}

/**
 * The connection dialog's state and rules: the form with the spec's schema, the tabs the plan and
 * the company's settings allow, the greeting attachment chosen beside the fields, and the save.
 * Saving a connected WhatsApp whose import window changed first asks to restart the session
 * (the import reads history from a fresh pairing), then saves and asks for a new QR code.
 */
export const useConnectionForm = ({ channel, connection, onClose }: ConnectionFormOptions) => {
  const { t } = useTranslation('connections')
  const me = useCurrentUser()
  const queryClient = useQueryClient()
  const plan = me.company.plan
  // Prompts are listed to admins only: for anyone else OpenAI alone leaves nothing to pick.
  const showIntegrations =
    planAllows(plan, 'useIntegrations') || (isAdmin(me) && planAllows(plan, 'useOpenAi'))
  const showSchedules = me.company.companieSettings.scheduleType === 'connection'
  const isNew = connection === null
  // The date limits of the import and the vacation are counted from when the dialog opened.
  const now = useMemo(() => new Date(), [])
  const schema = useMemo(() => connectionSchema({ channel, isNew, now }), [channel, isNew, now])
  const form = useForm<ConnectionFormValues>({
    defaultValues: connectionToFormValues(connection, defaultServiceHours()),
    resolver: yupResolver(schema),
  })
  const [tab, setTab] = useState<ConnectionTab>('general')
  const [attachment, setAttachment] = useState<AttachmentChange>({ kind: 'keep' })
  const [pendingImport, setPendingImport] = useState<ConnectionFormValues | null>(null)
  const mutation = useSaveConnectionMutation()

  const tabs: ConnectionTab[] = [
    'general',
    ...(showIntegrations ? (['integrations'] as const) : []),
    'messages',
    'chatbot',
    'nps',
    'flow',
    ...(showSchedules ? (['schedules'] as const) : []),
  ]

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

  const chooseAttachment = (file: File | undefined) => {
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

  return {
    control: form.control,
    isNew,
    now,
    tabs,
    tab,
    setTab,
    /** Validates, then saves or asks about the import restart first. */
    submit: form.handleSubmit(handleValid, handleInvalid),
    saving: form.formState.isSubmitting || mutation.isPending,
    attachment: {
      /** The file shown beside the picker: the one chosen, or the stored one kept. */
      name: attachmentName,
      choose: chooseAttachment,
      remove: () => setAttachment({ kind: 'remove' }),
    },
    importRestart: {
      open: pendingImport !== null,
      confirm: () => {
        const values = pendingImport
        setPendingImport(null)
        if (values) void save(values, true)
      },
      cancel: () => setPendingImport(null),
    },
  }
}

/** The attachment part of `useConnectionForm`, as the general tab shows it. */
export type ConnectionAttachment = ReturnType<typeof useConnectionForm>['attachment']
