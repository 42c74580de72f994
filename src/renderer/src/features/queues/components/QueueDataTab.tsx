import { Dropdown, Field, Input, Option, Switch, Textarea } from '@fluentui/react-components'
import { Controller, useWatch, type Control, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ROTATION_MINUTES } from '@shared/contracts/queues'
import type { QueueFormValues } from '../forms/queue-schema'
import { ChatbotTreeEditor, StoredIdPicker, type PickerItem } from './ChatbotTreeEditor'
import { useQueueDialogStyles } from './QueueDialog.styles'

export interface QueueDataTabProps {
  control: Control<QueueFormValues>
  queues: PickerItem[]
  users: PickerItem[]
  useIntegrations: boolean
  showAllErrors: boolean
}

/** The data tab (001 §2): the queue's fields, then its chatbot option tree. */
export const QueueDataTab = ({
  control,
  queues,
  users,
  useIntegrations,
  showAllErrors,
}: QueueDataTabProps) => {
  const { t } = useTranslation('queues')
  const styles = useQueueDialogStyles()
  // Messages are keys: ours in `queues`, server codes as `errors:CODE`.
  const message = (error: FieldError | undefined) => (error?.message ? t(error.message) : undefined)
  const rotationOn = useWatch({ control, name: 'ativarRoteador' })
  const rotationLabel = (minutes: number) =>
    minutes === 0 ? t('rotation.off') : t('rotation.minutes', { count: minutes })

  const text = (name: 'name' | 'orderQueue', required = false, inputMode?: 'numeric') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={t(`fields.${name}`)}
          required={required}
          validationMessage={message(fieldState.error)}
        >
          <Input
            ref={field.ref}
            name={field.name}
            value={field.value}
            inputMode={inputMode}
            autoComplete="off"
            onChange={(_event, data) => field.onChange(data.value)}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  )

  const longText = (name: 'greetingMessage' | 'outOfHoursMessage') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={t(`fields.${name}`)}>
          <Textarea
            ref={field.ref}
            name={field.name}
            value={field.value}
            resize="vertical"
            onChange={(_event, data) => field.onChange(data.value)}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  )

  return (
    <div className={styles.grid}>
      {text('name', true)}
      <Controller
        control={control}
        name="color"
        render={({ field, fieldState }) => (
          <Field label={t('fields.color')} required validationMessage={message(fieldState.error)}>
            <div className={styles.colorRow}>
              <Input
                ref={field.ref}
                className={styles.colorInput}
                name={field.name}
                value={field.value}
                autoComplete="off"
                onChange={(_event, data) => field.onChange(data.value)}
                onBlur={field.onBlur}
              />
              <input
                type="color"
                className={styles.colorPicker}
                aria-label={t('fields.colorPicker')}
                // The native chooser only takes #rrggbb; a shorter colour shows as black.
                value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : '#000000'}
                onChange={(event) => field.onChange(event.target.value)}
              />
            </div>
          </Field>
        )}
      />
      {text('orderQueue', false, 'numeric')}
      <div className={styles.switchCell}>
        <Controller
          control={control}
          name="ativarRoteador"
          render={({ field }) => (
            <Switch
              label={t('fields.ativarRoteador')}
              checked={field.value}
              onChange={(_event, data) => field.onChange(data.checked)}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="tempoRoteador"
        render={({ field }) => (
          <Field label={t('fields.tempoRoteador')}>
            <Dropdown
              value={rotationLabel(field.value)}
              selectedOptions={[String(field.value)]}
              disabled={!rotationOn}
              onOptionSelect={(_event, data) => {
                const minutes = ROTATION_MINUTES.find((m) => String(m) === data.optionValue)
                if (minutes !== undefined) field.onChange(minutes)
              }}
            >
              {ROTATION_MINUTES.map((minutes) => (
                <Option key={minutes} value={String(minutes)}>
                  {rotationLabel(minutes)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
      />
      <div className={styles.wide}>{longText('greetingMessage')}</div>
      <div className={styles.wide}>{longText('outOfHoursMessage')}</div>
      {useIntegrations && (
        <Controller
          control={control}
          name="integrationId"
          render={({ field }) => (
            <Field label={t('fields.integration')} hint={t('chatbot.noneYet')}>
              <StoredIdPicker
                id={field.value}
                storedLabel={(id) => t('fields.storedIntegration', { id })}
                disabled={false}
                onSelect={field.onChange}
              />
            </Field>
          )}
        />
      )}
      <Controller
        control={control}
        name="fileListId"
        render={({ field }) => (
          <Field label={t('fields.fileList')} hint={t('chatbot.noneYet')}>
            <StoredIdPicker
              id={field.value}
              storedLabel={(id) => t('fields.storedFileList', { id })}
              disabled={false}
              onSelect={field.onChange}
            />
          </Field>
        )}
      />
      <div className={styles.switchCell}>
        <Controller
          control={control}
          name="closeTicket"
          render={({ field }) => (
            <Switch
              label={t('fields.closeTicket')}
              checked={field.value}
              onChange={(_event, data) => field.onChange(data.checked)}
            />
          )}
        />
      </div>
      <div className={styles.wide}>
        <Controller
          control={control}
          name="chatbots"
          render={({ field }) => (
            <ChatbotTreeEditor
              value={field.value}
              onChange={field.onChange}
              queues={queues}
              users={users}
              useIntegrations={useIntegrations}
              showAllErrors={showAllErrors}
            />
          )}
        />
      </div>
    </div>
  )
}
