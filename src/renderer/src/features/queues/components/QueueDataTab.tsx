import { Field, Input, Link } from '@fluentui/react-components'
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ROTATION_MINUTES } from '@shared/contracts/queues'
import { routeLink } from '@shared/navigation'
import { SelectField } from '@renderer/components/form/SelectField'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { useFileListOptions } from '@renderer/features/file-lists'
import { useIntegrationOptions } from '@renderer/features/queue-integrations'
import type { QueueFormValues } from '../forms/queue-schema'
import { ChatbotTreeEditor, type PickerItem } from './ChatbotTreeEditor'
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
  // A queue may run a flow integration's flow for the contacts it takes in; an option of its
  // tree never hands the conversation to a flow (it would start in the middle of the tree).
  const integrations = useIntegrationOptions(useIntegrations)
  const optionIntegrations = useIntegrationOptions(useIntegrations, 'flowbuilder')
  // The queue screen is for admins, who may list the file lists.
  const fileLists = useFileListOptions(true)
  const styles = useQueueDialogStyles()
  const rotationOn = useWatch({ control, name: 'ativarRoteador' })
  const storedFileList = useWatch({ control, name: 'fileListId' })
  const fileListOptions =
    storedFileList === null || fileLists.options.some((option) => option.value === storedFileList)
      ? fileLists.options
      : [
          ...fileLists.options,
          { value: storedFileList, label: t('fields.storedFileList', { id: storedFileList }) },
        ]
  const toItems = (options: { value: number; label: string }[]) =>
    options.map(({ value, label }) => ({ id: value, name: label }))
  const rotationLabel = (minutes: number) =>
    minutes === 0 ? t('rotation.off') : t('rotation.minutes', { count: minutes })
  const { errors } = useFormState({ control, name: 'color' })
  const colorMessage = useFieldMessage(errors.color)

  return (
    <div className={styles.grid}>
      <TextField control={control} name="name" label={t('fields.name')} required />
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <Field label={t('fields.color')} required validationMessage={colorMessage}>
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
      <TextField
        control={control}
        name="orderQueue"
        label={t('fields.orderQueue')}
        inputMode="numeric"
      />
      <div className={styles.switchCell}>
        <SwitchField control={control} name="ativarRoteador" label={t('fields.ativarRoteador')} />
      </div>
      <SelectField
        control={control}
        name="tempoRoteador"
        label={t('fields.tempoRoteador')}
        options={ROTATION_MINUTES.map((minutes) => ({
          value: minutes,
          label: rotationLabel(minutes),
        }))}
        disabled={!rotationOn}
      />
      <TextAreaField
        className={styles.wide}
        control={control}
        name="greetingMessage"
        label={t('fields.greetingMessage')}
      />
      <TextAreaField
        className={styles.wide}
        control={control}
        name="outOfHoursMessage"
        label={t('fields.outOfHoursMessage')}
      />
      {useIntegrations && (
        <SelectField
          control={control}
          name="integrationId"
          label={t('fields.integration')}
          noneLabel={t('fields.none')}
          options={integrations}
        />
      )}
      <div className={styles.picker}>
        <SelectField
          control={control}
          name="fileListId"
          label={t('fields.fileList')}
          hint={fileLists.isLoading ? t('fields.fileListsLoading') : undefined}
          disabled={fileLists.isLoading}
          noneLabel={t('fields.none')}
          options={fileListOptions}
        />
        {!fileLists.isLoading && fileLists.options.length === 0 && (
          <Link className={styles.pickerHint} href={`#${routeLink('files')}`}>
            {t('fields.noFileLists')}
          </Link>
        )}
      </div>
      <div className={styles.switchCell}>
        <SwitchField control={control} name="closeTicket" label={t('fields.closeTicket')} />
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
              integrations={toItems(optionIntegrations)}
              fileLists={toItems(fileLists.options)}
              fileListsLoading={fileLists.isLoading}
              showAllErrors={showAllErrors}
            />
          )}
        />
      </div>
    </div>
  )
}
