import { yupResolver } from '@hookform/resolvers/yup'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { ScheduleDto } from '@shared/contracts/schedules'
import { changesSchedule } from '@shared/contracts/schedules-rules'
import type { AttachmentUpload } from '@renderer/components/form/AttachmentField'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage, notifyError, notifySuccess } from '@renderer/lib/notify'
import { readScheduleFieldError } from '../api'
import {
  attachmentChange,
  attachmentTooLarge,
  isAcceptedImage,
  scheduleFieldOf,
  scheduleSchema,
  storedMediaNameOf,
  toScheduleBody,
  toScheduleFormValues,
  type ScheduleDraft,
  type ScheduleFormValues,
} from '../forms/schedule-schema'
import {
  useRemoveScheduleMediaMutation,
  useSaveScheduleMutation,
  useUploadScheduleMediaMutation,
} from '../mutations'

/**
 * Why a schedule opens read-only: sent already (nothing left to send), or the viewer is neither
 * its creator nor an admin. Null when it may change.
 */
export type ReadOnlyReason = 'sent' | 'permission' | null

/**
 * The fields whose rule reads other fields: the text (an image lets it be short) and the day
 * (whose rule reads the time), and what those rules read.
 */
const CROSS_FIELD_RULES = ['body', 'sendDate'] as const
const RULE_INPUTS = ['file', 'storedMediaName', 'sendTime'] as const

export interface ScheduleFormOptions {
  /** The schedule to edit, as the cache holds it now (live); null to create one. */
  schedule: ScheduleDto | null
  /** What a new schedule starts with: its contact, time, connection. */
  draft?: ScheduleDraft
  /** Runs after a save, its image included; closing the dialog by default. */
  onSaved: (schedule: ScheduleDto) => void
}

/**
 * The schedule dialog's state and save (002 §3.3, §5). The schedule is saved first (POST or
 * PUT), then its image sent with its progress shown, or the removed one deleted. A refused image
 * stays chosen with the reason, the schedule stays saved (edited from then on), and the dialog
 * stays open to try again.
 */
export const useScheduleForm = ({ schedule, draft, onSaved }: ScheduleFormOptions) => {
  const { t } = useTranslation('schedules')
  const me = useCurrentUser()
  const form = useForm<ScheduleFormValues>({
    defaultValues: toScheduleFormValues(schedule, draft),
    resolver: yupResolver(scheduleSchema),
  })
  const { control, setError, setValue, getValues, clearErrors, trigger } = form
  // A new schedule saved here whose image was refused is edited from then on.
  const [saved, setSaved] = useState<ScheduleDto | null>(null)
  const [upload, setUpload] = useState<AttachmentUpload | null>(null)
  const saveMutation = useSaveScheduleMutation()
  const uploadMutation = useUploadScheduleMediaMutation()
  const removeMutation = useRemoveScheduleMediaMutation()

  const stored = schedule ?? saved
  const { isSubmitted } = form.formState
  // After a submit the form checks each field as it changes; a rule that reads other fields is
  // checked again when they change too, so "too short" goes as soon as an image carries the
  // message, and "choose a future time" once the time is moved ahead.
  const [file, storedMediaName, sendTime] = useWatch({ control, name: [...RULE_INPUTS] })
  useEffect(() => {
    if (isSubmitted) void trigger([...CROSS_FIELD_RULES])
  }, [file, storedMediaName, sendTime, isSubmitted, trigger])

  const readOnly: ReadOnlyReason = !stored
    ? null
    : !changesSchedule(me, stored)
      ? 'permission'
      : stored.status === 'ENVIADA'
        ? 'sent'
        : null

  /** Puts a server refusal on its field; one the form has no field for is a toast. */
  const showServerError = (error: unknown) => {
    const fieldError = readScheduleFieldError(error)
    if (!fieldError) return
    const field = scheduleFieldOf(fieldError.field)
    if (field) {
      setError(
        field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: ScheduleFormValues) => {
    if (readOnly) return
    const isNew = stored === null
    const change = attachmentChange(stored, values)
    let record: ScheduleDto
    try {
      record = await saveMutation.mutateAsync({
        id: stored?.id ?? null,
        body: toScheduleBody(values, stored),
      })
    } catch (error) {
      showServerError(error)
      return
    }
    setSaved(record)

    if (change.kind === 'upload') {
      setUpload({ status: 'uploading', share: 0 })
      try {
        record = await uploadMutation.mutateAsync({
          id: record.id,
          file: change.file,
          onProgress: (share) => setUpload({ status: 'uploading', share }),
        })
      } catch (error) {
        setUpload({ status: 'failed', message: errorMessage(error) })
        return
      }
      setSaved(record)
      setValue('file', null)
      setValue('storedMediaName', storedMediaNameOf(record))
      setUpload(null)
    } else if (change.kind === 'remove') {
      try {
        record = await removeMutation.mutateAsync(record.id)
      } catch {
        return
      }
      setSaved(record)
    }

    notifySuccess(t(isNew ? 'toasts.created' : 'toasts.edited'))
    onSaved(record)
  }

  /** Takes `file` as the image; one of another type or too large is refused at once. */
  const chooseFile = (file: File) => {
    setUpload(null)
    setValue('file', file, { shouldDirty: true })
    if (!isAcceptedImage(file) || attachmentTooLarge(file)) void trigger('file')
    else clearErrors('file')
  }

  /** Drops the chosen image, or else the stored one. */
  const removeFile = () => {
    setUpload(null)
    clearErrors('file')
    if (getValues('file')) setValue('file', null, { shouldDirty: true })
    else setValue('storedMediaName', null, { shouldDirty: true })
  }

  return {
    control,
    stored,
    isNew: stored === null,
    readOnly,
    saving: form.formState.isSubmitting,
    upload,
    chooseFile,
    removeFile,
    submit: form.handleSubmit(handleSave),
  }
}
