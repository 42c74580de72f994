import { yupResolver } from '@hookform/resolvers/yup'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CAMPAIGN_SETTING_DEFAULTS, type CampaignSettings } from '@shared/contracts/campaigns'
import { applyCampaignSettings, foldCampaignSettings } from '@shared/contracts/campaigns-rules'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { readCampaignSettingsFieldError } from '../api'
import {
  campaignSettingsSchema,
  isCampaignSettingField,
  sameSettings,
  toSettingsBody,
  type CampaignSettingsFormValues,
} from '../forms/campaign-settings-schema'
import { useSaveCampaignSettingsMutation } from '../mutations'

const resolver = yupResolver(campaignSettingsSchema)

/**
 * The settings form over the stored `settings`: an untouched form follows them as they change
 * (another admin's save arrives live); a form being edited keeps the user's values and says
 * that the stored ones moved. A save sends the fields changed since the form was loaded.
 */
export const useCampaignSettingsForm = (settings: CampaignSettings) => {
  const { t } = useTranslation('campaignSettings')
  const form = useForm<CampaignSettingsFormValues>({ defaultValues: settings, resolver })
  const { control, reset, setError } = form
  const { isDirty, isSubmitting, defaultValues } = form.formState
  const mutation = useSaveCampaignSettingsMutation()
  // The values the form was loaded with, typed again (react-hook-form keeps them as partial).
  const loaded = applyCampaignSettings(CAMPAIGN_SETTING_DEFAULTS, { ...defaultValues })

  useEffect(() => {
    if (!isDirty) reset(settings)
  }, [settings, isDirty, reset])

  /** Puts a refusal naming a setting on its field; other refusals were toasted by the mutation. */
  const showServerError = (error: unknown) => {
    const fieldError = readCampaignSettingsFieldError(error)
    if (!fieldError) return
    if (!isCampaignSettingField(fieldError.field)) {
      notifyError(error)
      return
    }
    setError(
      fieldError.field,
      { type: 'server', message: `errors:${fieldError.code}` },
      { shouldFocus: true },
    )
  }

  const handleValid = async (values: CampaignSettingsFormValues) => {
    const body = toSettingsBody(values, loaded)
    // Enter in a field submits even when nothing changed: there is nothing to send then.
    if (Object.keys(body.settings).length === 0) return
    let rows
    try {
      rows = await mutation.mutateAsync(body)
    } catch (error) {
      showServerError(error)
      return
    }
    reset(foldCampaignSettings(rows))
    notifySuccess(t('toasts.saved'))
  }

  return {
    control,
    submit: form.handleSubmit(handleValid),
    saving: isSubmitting,
    canSave: isDirty && !isSubmitting,
    /** Saved elsewhere while this form was being edited. */
    changedElsewhere: isDirty && !isSubmitting && !sameSettings(settings, loaded),
    /** Drops the user's edits for the stored settings. */
    discard: () => reset(settings),
  }
}
