import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  MessageBar,
  MessageBarBody,
} from '@fluentui/react-components'
import { BeakerRegular } from '@fluentui/react-icons'
import { yupResolver } from '@hookform/resolvers/yup'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  INTEGRATION_LANGUAGES,
  INTEGRATION_TYPES,
  type IntegrationType,
  type QueueIntegrationDto,
  type TestSessionBody,
} from '@shared/contracts/queue-integrations'
import { callsUrl } from '@shared/contracts/queue-integrations-rules'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { NumberField } from '@renderer/components/form/NumberField'
import { SelectField } from '@renderer/components/form/SelectField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { readIntegrationFieldError } from '../api'
import {
  integrationSchema,
  integrationToFormValues,
  isIntegrationFormField,
  storesCredentials,
  toIntegrationBody,
  type IntegrationFormValues,
} from '../forms/integration-schema'
import { useSaveIntegrationMutation } from '../mutations'
import { integrationQueries } from '../queries'
import { useIntegrationDialogStyles } from './IntegrationDialog.styles'
import { IntegrationHealthPanel } from './IntegrationHealthPanel'
import { IntegrationTestPanel, type IntegrationTestTarget } from './IntegrationTestPanel'
import { FlowPicker } from './FlowPicker'
import { SigningSecretField } from './SigningSecretField'

export interface IntegrationDialogProps {
  open: boolean
  /** The integration to edit; absent to add one. */
  integrationId?: number
  onClose: () => void
}

/** The types whose posts are signed with the integration's secret (issue 17). */
const signsPosts = (type: IntegrationType) => type === 'n8n' || type === 'webhook'

/**
 * Add or edit a queue integration (002 §2.18, §3.12): its type, its name and the fields that
 * type needs; a saved one also tells how it has been doing, n8n and webhook ones their signing
 * secret, and "Testar" tries it (issue 17). Escape and Cancel close it; Enter in a one-line field
 * saves.
 */
export const IntegrationDialog = ({ open, integrationId, onClose }: IntegrationDialogProps) => {
  const { t } = useTranslation('queueIntegrations')
  const styles = useIntegrationDialogStyles()
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={integrationId}
      load={integrationQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => (
        <IntegrationForm key={integrationId ?? 'new'} integration={record} onClose={onClose} />
      )}
    </RecordDialog>
  )
}

interface IntegrationFormProps {
  integration: QueueIntegrationDto | null
  onClose: () => void
}

const IntegrationForm = ({ integration, onClose }: IntegrationFormProps) => {
  const { t } = useTranslation('queueIntegrations')
  const styles = useIntegrationDialogStyles()
  const credentialsStored = storesCredentials(integration)
  const resolver = useMemo(
    () => yupResolver(integrationSchema({ credentialsStored })),
    [credentialsStored],
  )
  const { control, handleSubmit, setError, trigger, getValues, formState } =
    useForm<IntegrationFormValues>({
      defaultValues: integrationToFormValues(integration),
      resolver,
    })
  const type = useWatch({ control, name: 'type' })
  const mutation = useSaveIntegrationMutation()
  const [testing, setTesting] = useState(false)

  const typeOptions = INTEGRATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))
  const languageOptions = INTEGRATION_LANGUAGES.map((value) => ({
    value,
    label: t(`languages.${value}`),
  }))

  /** Puts a server refusal on its form field; false when it names none of them. */
  const showFieldError = (error: unknown): boolean => {
    const fieldError = readIntegrationFieldError(error)
    if (!fieldError || !isIntegrationFormField(fieldError.field)) return false
    setError(
      fieldError.field,
      { type: 'server', message: `errors:${fieldError.code}` },
      { shouldFocus: true },
    )
    return true
  }

  /** Puts a server refusal on its field (a taken name); the mutation toasts the others. */
  const showServerError = (error: unknown) => {
    if (!showFieldError(error) && readIntegrationFieldError(error)) notifyError(error)
  }

  /** The unsaved Dialogflow credentials to test, once their fields are valid. */
  const readCredentials = async (): Promise<TestSessionBody | null> => {
    const fields = ['projectName', 'jsonContent', 'language'] as const
    if (!(await trigger([...fields], { shouldFocus: true }))) return null
    const [projectName, jsonContent, language] = getValues([...fields])
    if (!language) return null
    return { projectName: projectName.trim(), jsonContent: jsonContent.trim(), language }
  }

  // A saved integration is tried as it is stored (a flow cannot be: it has no bot to ask); a new
  // one only as unsaved Dialogflow credentials.
  const testTarget: IntegrationTestTarget | null = integration
    ? integration.type === 'flowbuilder'
      ? null
      : { kind: 'saved', integrationId: integration.id, unsaved: formState.isDirty }
    : type === 'dialogflow'
      ? { kind: 'credentials', read: readCredentials, showFieldError }
      : null

  const handleSave = async (values: IntegrationFormValues) => {
    try {
      await mutation.mutateAsync({ id: integration?.id ?? null, body: toIntegrationBody(values) })
    } catch (error) {
      showServerError(error)
      return
    }
    notifySuccess(t(integration ? 'toasts.edited' : 'toasts.added'))
    onClose()
  }

  const saving = formState.isSubmitting
  return (
    <Form namespace="queueIntegrations" onSubmit={handleSubmit(handleSave)}>
      <DialogBody>
        <DialogTitle>{t(integration ? 'dialog.editTitle' : 'dialog.addTitle')}</DialogTitle>
        <DialogContent className={styles.content}>
          <div className={styles.row}>
            <SelectField
              control={control}
              name="type"
              label={t('fields.type')}
              required
              options={typeOptions}
            />
            <TextField control={control} name="name" label={t('fields.name')} required />
          </div>
          {type === 'dialogflow' && (
            <>
              <div className={styles.row}>
                <TextField
                  control={control}
                  name="projectName"
                  label={t('fields.projectName')}
                  required
                />
                <SelectField
                  control={control}
                  name="language"
                  label={t('fields.language')}
                  required
                  options={languageOptions}
                />
              </div>
              <TextAreaField
                control={control}
                name="jsonContent"
                label={t('fields.jsonContent')}
                hint={t(credentialsStored ? 'hints.credentialsStored' : 'hints.jsonContent')}
                required={!credentialsStored}
                className={styles.json}
                rows={6}
              />
            </>
          )}
          {callsUrl(type) && (
            <TextField
              control={control}
              name="urlN8N"
              label={t(`fields.url.${type}`)}
              hint={t(`hints.url.${type}`)}
              placeholder={t('placeholders.url')}
              inputMode="url"
              required
            />
          )}
          {type === 'flowbuilder' && <FlowPicker control={control} />}
          {type === 'typebot' && (
            <>
              <TextField
                control={control}
                name="typebotSlug"
                label={t('fields.typebotSlug')}
                hint={t('hints.typebotSlug')}
                required
              />
              <div className={styles.row}>
                <NumberField
                  control={control}
                  name="typebotExpires"
                  label={t('fields.typebotExpires')}
                  hint={t('hints.typebotExpires')}
                  whole
                />
                <NumberField
                  control={control}
                  name="typebotDelayMessage"
                  label={t('fields.typebotDelayMessage')}
                  hint={t('hints.typebotDelayMessage')}
                  whole
                />
              </div>
              <div className={styles.row}>
                <TextField
                  control={control}
                  name="typebotKeywordFinish"
                  label={t('fields.typebotKeywordFinish')}
                />
                <TextField
                  control={control}
                  name="typebotKeywordRestart"
                  label={t('fields.typebotKeywordRestart')}
                />
              </div>
              <TextAreaField
                control={control}
                name="typebotRestartMessage"
                label={t('fields.typebotRestartMessage')}
                rows={2}
              />
              <TextAreaField
                control={control}
                name="typebotUnknownMessage"
                label={t('fields.typebotUnknownMessage')}
                rows={2}
              />
            </>
          )}
          {type === 'flowbuilder' && (
            <MessageBar intent="info">
              <MessageBarBody>{t('hints.flowbuilder')}</MessageBarBody>
            </MessageBar>
          )}
          {integration && integration.signingSecret !== '' && signsPosts(type) && (
            <SigningSecretField secret={integration.signingSecret} />
          )}
          {integration && <IntegrationHealthPanel health={integration.health} />}
          {testTarget && testing && <IntegrationTestPanel target={testTarget} />}
        </DialogContent>
        {testTarget && (
          <DialogActions position="start">
            <Button
              appearance="secondary"
              icon={<BeakerRegular />}
              aria-expanded={testing}
              onClick={() => setTesting((open) => !open)}
            >
              {t('actions.test')}
            </Button>
          </DialogActions>
        )}
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(integration ? 'actions.save' : 'dialog.submitAdd')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
