import { yupResolver } from '@hookform/resolvers/yup'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { CampaignDto } from '@shared/contracts/campaigns'
import { campaignEditability, type CampaignEditability } from '@shared/contracts/campaigns-rules'
import type { AttachmentUpload } from '@renderer/components/form/AttachmentField'
import { errorMessage, notifyError, notifySuccess, notifyWarning } from '@renderer/lib/notify'
import { readCampaignFieldError } from '../api'
import {
  attachmentChange,
  attachmentTooLarge,
  campaignFieldOf,
  campaignSchema,
  storedMediaNameOf,
  TEXT_FIELDS,
  toCampaignBody,
  toCampaignFormValues,
  VARIANT_FIELDS,
  type Audience,
  type CampaignFormValues,
} from '../forms/campaign-schema'
import { resizeTemplateParams, type ChosenTemplate } from '../forms/campaign-template'
import {
  useRemoveCampaignMediaMutation,
  useSaveCampaignMutation,
  useUploadCampaignMediaMutation,
} from '../mutations'
import { useNow } from './useNow'

/** How often the open dialog judges again what the campaign still allows. */
const EDITABILITY_CHECK_MS = 15_000

/**
 * The fields whose rule reads other fields: the audience, the queue, the first variants, and
 * the schedule's day and time (each required once the other is typed).
 */
const CROSS_FIELD_RULES = [
  'contactListId',
  'tagListId',
  'queueId',
  'message1',
  'confirmationMessage1',
  'scheduledDate',
  'scheduledTime',
] as const

/** What those rules read. */
const RULE_INPUTS = [
  'audience',
  'openTicket',
  'userId',
  'confirmation',
  'scheduledDate',
  'scheduledTime',
  ...VARIANT_FIELDS,
] as const

export interface CampaignFormOptions {
  /** The campaign to edit, as the cache holds it now (live); null to create one. */
  campaign: CampaignDto | null
  onClose: () => void
}

/**
 * The campaign dialog's state and save (002 §3.4, §4.1). What may change follows
 * `campaignEditability` live: everything for a draft or a campaign scheduled more than an hour
 * ahead, the variants and the attachment of a cancelled one, nothing otherwise.
 *
 * The campaign is saved first (POST or PUT), then its attachment sent with its progress shown,
 * or the removed one deleted. While the attachment changes, a scheduled campaign is saved as a
 * draft and scheduled only once the attachment is stored: it must not start without it, and the
 * server takes no attachment within the hour before the start. A refused file stays chosen with
 * the reason, the campaign stays saved (a draft), and the dialog stays open to try again.
 */
export const useCampaignForm = ({ campaign, onClose }: CampaignFormOptions) => {
  const { t } = useTranslation('campaigns')
  const now = useNow(EDITABILITY_CHECK_MS)
  const form = useForm<CampaignFormValues>({
    defaultValues: toCampaignFormValues(campaign),
    resolver: yupResolver(campaignSchema),
  })
  const { control, setError, setValue, getValues, clearErrors, trigger } = form
  // A new campaign saved here whose attachment was refused is edited from then on.
  const [saved, setSaved] = useState<CampaignDto | null>(null)
  const [upload, setUpload] = useState<AttachmentUpload | null>(null)
  const saveMutation = useSaveCampaignMutation()
  const uploadMutation = useUploadCampaignMediaMutation()
  const removeMutation = useRemoveCampaignMediaMutation()

  const stored = campaign ?? saved
  const { isSubmitted } = form.formState
  // After a submit the form checks each field as it changes; a rule that reads other fields
  // is checked again when they change too, so its message goes as soon as it no longer holds.
  const ruleInputs = JSON.stringify(useWatch({ control, name: [...RULE_INPUTS] }))
  useEffect(() => {
    if (isSubmitted) void trigger([...CROSS_FIELD_RULES])
  }, [ruleInputs, isSubmitted, trigger])
  const editability: CampaignEditability = stored ? campaignEditability(stored, now) : 'all'

  /** Puts a server refusal on its field when the user can change it; the others are a toast. */
  const showServerError = (error: unknown, audience: Audience) => {
    const fieldError = readCampaignFieldError(error)
    if (!fieldError) return
    const field = campaignFieldOf(fieldError.field, audience)
    const changeable = field !== null && (editability === 'all' || TEXT_FIELDS.includes(field))
    if (field && changeable) {
      setError(
        field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: CampaignFormValues) => {
    if (editability === 'none') return
    const isNew = stored === null
    const body = toCampaignBody(values, stored, editability)
    const change = attachmentChange(stored, values)
    const holdSchedule =
      change.kind !== 'none' && editability === 'all' && Boolean(body.scheduledAt)
    let record: CampaignDto
    try {
      record = await saveMutation.mutateAsync({
        id: stored?.id ?? null,
        body: holdSchedule ? { ...body, scheduledAt: null } : body,
      })
    } catch (error) {
      showServerError(error, values.audience)
      return
    }
    setSaved(record)
    const leftAsDraft = () => {
      if (holdSchedule) notifyWarning(t('toasts.savedAsDraft'))
    }

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
        leftAsDraft()
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
        leftAsDraft()
        return
      }
      setSaved(record)
    }

    if (holdSchedule) {
      try {
        record = await saveMutation.mutateAsync({ id: record.id, body })
      } catch (error) {
        showServerError(error, values.audience)
        return
      }
      setSaved(record)
    }

    notifySuccess(t(isNew ? 'toasts.created' : 'toasts.edited'))
    onClose()
  }

  /** Takes `file` as the attachment; one too large is refused at once and blocks the save. */
  const chooseFile = (file: File) => {
    setUpload(null)
    setValue('file', file, { shouldDirty: true })
    if (attachmentTooLarge(file)) void trigger('file')
    else clearErrors('file')
  }

  /**
   * Takes `template` (null for none) as the one sent outside the 24-hour window: its texts keep
   * what was typed for the placeholders both have.
   */
  const chooseTemplate = (template: ChosenTemplate | null) => {
    const params = template
      ? resizeTemplateParams(getValues('templateParams'), template.params)
      : []
    setValue('templateName', template?.name ?? null, { shouldDirty: true })
    setValue('templateLanguage', template?.language ?? null, { shouldDirty: true })
    setValue('templateBody', template?.body ?? null, { shouldDirty: true })
    setValue('templateParams', params, { shouldDirty: true })
    clearErrors(['templateName', 'templateParams'])
  }

  /** Drops the chosen file, or else the stored one. */
  const removeFile = () => {
    setUpload(null)
    clearErrors('file')
    if (getValues('file')) setValue('file', null, { shouldDirty: true })
    else setValue('storedMediaName', null, { shouldDirty: true })
  }

  return {
    control,
    isNew: stored === null,
    editability,
    saving: form.formState.isSubmitting,
    /** The stored attachment's type and address, for its icon and link. */
    storedMedia: stored?.mediaPath ? { mime: stored.mediaMime, url: stored.mediaUrl } : null,
    upload,
    chooseFile,
    removeFile,
    chooseTemplate,
    submit: form.handleSubmit(handleSave),
  }
}

export type CampaignFormState = ReturnType<typeof useCampaignForm>
