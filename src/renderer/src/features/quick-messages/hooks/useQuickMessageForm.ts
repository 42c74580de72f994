import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { QuickMessageDto } from '@shared/contracts/quick-messages'
import { editsQuickMessage } from '@shared/contracts/quick-messages-rules'
import type { AttachmentUpload } from '@renderer/components/form/AttachmentField'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage, notifyError, notifySuccess } from '@renderer/lib/notify'
import { readQuickMessageFieldError } from '../api'
import {
  attachmentChange,
  attachmentName,
  attachmentProblem,
  isQuickMessageField,
  quickMessageSchema,
  toQuickMessageBody,
  toQuickMessageFormValues,
  type QuickMessageFormValues,
} from '../forms/quick-message-schema'
import {
  useRemoveQuickMessageMediaMutation,
  useSaveQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
} from '../mutations'

export interface QuickMessageFormOptions {
  /** The quick message to edit; null to create one. */
  record: QuickMessageDto | null
  onClose: () => void
}

/**
 * The quick-message dialog's state and save (002 §3.2): the row is saved first (POST or PUT),
 * then the chosen file is sent with its progress shown, or the removed one deleted. A file the
 * server refuses stays chosen with the reason, the row stays saved, and the dialog stays open
 * to try again; once everything is stored the dialog closes. A row the user may not edit
 * (another's visible one that is not shared, 002 §4.2) opens read-only.
 */
export const useQuickMessageForm = ({ record, onClose }: QuickMessageFormOptions) => {
  const { t } = useTranslation('quickMessages')
  const viewer = useCurrentUser()
  const form = useForm<QuickMessageFormValues>({
    defaultValues: toQuickMessageFormValues(record),
    resolver: yupResolver(quickMessageSchema),
  })
  const { control, setError, setValue, clearErrors, trigger } = form
  // What the server holds now: a new row saved here whose file was refused is edited from then on.
  const [stored, setStored] = useState<QuickMessageDto | null>(record)
  const [upload, setUpload] = useState<AttachmentUpload | null>(null)
  const saveMutation = useSaveQuickMessageMutation()
  const uploadMutation = useUploadQuickMessageMediaMutation()
  const removeMutation = useRemoveQuickMessageMediaMutation()

  /** Puts a server refusal on its field; the mutations toast the others. */
  const showServerError = (error: unknown) => {
    const fieldError = readQuickMessageFieldError(error)
    if (!fieldError) return
    if (isQuickMessageField(fieldError.field)) {
      setError(
        fieldError.field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: QuickMessageFormValues) => {
    const change = attachmentChange(stored, values)
    let saved: QuickMessageDto
    try {
      saved = await saveMutation.mutateAsync({
        id: stored?.id ?? null,
        body: toQuickMessageBody(values),
      })
    } catch (error) {
      showServerError(error)
      return
    }
    setStored(saved)

    if (change.kind === 'upload') {
      setUpload({ status: 'uploading', share: 0 })
      try {
        saved = await uploadMutation.mutateAsync({
          id: saved.id,
          file: change.file,
          onProgress: (share) => setUpload({ status: 'uploading', share }),
        })
      } catch (error) {
        setUpload({ status: 'failed', message: errorMessage(error) })
        return
      }
      setStored(saved)
      setValue('file', null)
      setValue('storedName', attachmentName(saved))
      setUpload(null)
    } else if (change.kind === 'remove') {
      try {
        saved = await removeMutation.mutateAsync(saved.id)
      } catch (error) {
        showServerError(error)
        return
      }
      setStored(saved)
    }

    notifySuccess(t(record ? 'toasts.edited' : 'toasts.created'))
    onClose()
  }

  /** Takes `file` as the attachment; one too large is refused at once and blocks the save. */
  const chooseFile = (file: File) => {
    setUpload(null)
    setValue('file', file, { shouldDirty: true })
    if (attachmentProblem(file)) void trigger('file')
    else clearErrors('file')
    // A file lets the text stay empty: a "required" shown on it no longer holds.
    clearErrors('message')
  }

  /** Drops the chosen file, or else the stored one. */
  const removeFile = () => {
    setUpload(null)
    clearErrors('file')
    if (form.getValues('file')) setValue('file', null, { shouldDirty: true })
    else setValue('storedName', null, { shouldDirty: true })
  }

  return {
    control,
    isNew: record === null,
    readOnly: record !== null && !editsQuickMessage(viewer, record),
    saving: form.formState.isSubmitting,
    /** The stored file's type and address, for its icon, thumbnail and link. */
    storedMedia: stored?.mediaPath ? { mime: stored.mediaMime, url: stored.mediaUrl } : null,
    upload,
    chooseFile,
    removeFile,
    submit: form.handleSubmit(handleSave),
  }
}

export type QuickMessageFormState = ReturnType<typeof useQuickMessageForm>
