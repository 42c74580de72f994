import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PROMPT_LIMITS, type PromptDto } from '@shared/contracts/prompts'
import { speaks } from '@shared/contracts/prompts-rules'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { NumberField } from '@renderer/components/form/NumberField'
import { SelectField, type SelectOption } from '@renderer/components/form/SelectField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { readPromptFieldError } from '../api'
import {
  isPromptFormField,
  promptSchema,
  promptToFormValues,
  storedKeys,
  toPromptBody,
  type PromptFormValues,
} from '../forms/prompt-schema'
import { useVoiceOptions } from '../hooks/useVoiceOptions'
import { useSavePromptMutation } from '../mutations'
import { promptQueries } from '../queries'
import { DecimalField } from './DecimalField'
import { usePromptDialogStyles } from './PromptDialog.styles'
import { SecretField } from './SecretField'

export interface PromptDialogProps {
  open: boolean
  /** The prompt to edit; absent to add one. */
  promptId?: number
  onClose: () => void
}

/**
 * Add or edit an AI prompt (002 §3.8, §5): its instructions, the provider's key, the queue the
 * AI hands over to, the model's parameters and the voice of its replies. Escape and Cancel close
 * it; Enter in a one-line field saves.
 */
export const PromptDialog = ({ open, promptId, onClose }: PromptDialogProps) => {
  const { t } = useTranslation('prompts')
  const styles = usePromptDialogStyles()
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={promptId}
      load={promptQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => <PromptForm key={promptId ?? 'new'} prompt={record} onClose={onClose} />}
    </RecordDialog>
  )
}

/** The company's queues as choices, with the prompt's own queue should the list miss it. */
const useQueueOptions = (prompt: PromptDto | null) => {
  const query = useQuery(promptQueries.queues())
  const options = useMemo(() => {
    const queues: SelectOption<number>[] = (query.data ?? []).map((queue) => ({
      value: queue.id,
      label: queue.name,
    }))
    const own = prompt?.queue
    if (own && !queues.some((queue) => queue.value === own.id)) {
      queues.push({ value: own.id, label: own.name })
    }
    return queues
  }, [query.data, prompt])
  return { options, failed: query.isError, none: query.isSuccess && options.length === 0 }
}

interface PromptFormProps {
  prompt: PromptDto | null
  onClose: () => void
}

const PromptForm = ({ prompt, onClose }: PromptFormProps) => {
  const { t } = useTranslation('prompts')
  const styles = usePromptDialogStyles()
  const stored = useMemo(() => storedKeys(prompt), [prompt])
  const resolver = useMemo(() => yupResolver(promptSchema(stored)), [stored])
  const { control, handleSubmit, setError, formState } = useForm<PromptFormValues>({
    defaultValues: promptToFormValues(prompt),
    resolver,
  })
  const voice = useWatch({ control, name: 'voice' })
  const mutation = useSavePromptMutation()
  const queues = useQueueOptions(prompt)
  const voiceOptions = useVoiceOptions()

  /** Puts a server refusal on its field; the mutation toasts the others. */
  const showServerError = (error: unknown) => {
    const fieldError = readPromptFieldError(error)
    if (!fieldError) return
    if (isPromptFormField(fieldError.field)) {
      setError(
        fieldError.field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: PromptFormValues) => {
    try {
      await mutation.mutateAsync({ id: prompt?.id ?? null, body: toPromptBody(values) })
    } catch (error) {
      showServerError(error)
      return
    }
    notifySuccess(t(prompt ? 'toasts.edited' : 'toasts.added'))
    onClose()
  }

  const queueHint = () => {
    if (queues.failed) return t('hints.queuesFailed')
    if (queues.none) return t('hints.noQueues')
    return t('hints.queue')
  }

  const keyHint = (masked: string, otherwise: string) =>
    masked ? t('hints.keyStored', { masked }) : otherwise

  const { maxTokens, temperature, maxMessages } = PROMPT_LIMITS
  const saving = formState.isSubmitting
  return (
    <Form namespace="prompts" onSubmit={handleSubmit(handleSave)}>
      <DialogBody>
        <DialogTitle>{t(prompt ? 'dialog.editTitle' : 'dialog.addTitle')}</DialogTitle>
        <DialogContent className={styles.content}>
          <div className={styles.row}>
            <TextField control={control} name="name" label={t('fields.name')} required />
            <SelectField
              control={control}
              name="queueId"
              label={t('fields.queue')}
              hint={queueHint()}
              required
              options={queues.options}
            />
          </div>
          <TextAreaField
            control={control}
            name="prompt"
            label={t('fields.prompt')}
            hint={t('hints.prompt')}
            placeholder={t('placeholders.prompt')}
            required
            rows={10}
            className={styles.prompt}
          />
          <div className={styles.row}>
            <SecretField
              control={control}
              name="apiKey"
              label={t('fields.apiKey')}
              hint={keyHint(prompt?.apiKey ?? '', t('hints.apiKey'))}
              stored={prompt?.apiKey ?? ''}
              required={!stored.apiKey}
            />
            <TextField
              control={control}
              name="model"
              label={t('fields.model')}
              hint={t('hints.model')}
              placeholder={t('placeholders.model')}
            />
          </div>
          <div className={styles.numbers}>
            <NumberField
              control={control}
              name="maxTokens"
              label={t('fields.maxTokens')}
              hint={t('hints.range', maxTokens)}
              whole
            />
            <DecimalField
              control={control}
              name="temperature"
              label={t('fields.temperature')}
              hint={t('hints.range', temperature)}
              min={temperature.min}
              max={temperature.max}
              step={0.1}
            />
            <NumberField
              control={control}
              name="maxMessages"
              label={t('fields.maxMessages')}
              hint={t('hints.range', maxMessages)}
              whole
            />
          </div>
          <SelectField
            control={control}
            name="voice"
            label={t('fields.voice')}
            hint={t('hints.voice')}
            options={voiceOptions}
          />
          {speaks(voice) && (
            <div className={styles.row}>
              <SecretField
                control={control}
                name="voiceKey"
                label={t('fields.voiceKey')}
                hint={keyHint(prompt?.voiceKey ?? '', t('hints.voiceKey'))}
                stored={prompt?.voiceKey ?? ''}
                required={!stored.voiceKey}
              />
              <TextField
                control={control}
                name="voiceRegion"
                label={t('fields.voiceRegion')}
                hint={t('hints.voiceRegion')}
                placeholder={t('placeholders.voiceRegion')}
                required
              />
            </div>
          )}
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(prompt ? 'actions.save' : 'dialog.submitAdd')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
