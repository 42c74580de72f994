import { Dropdown, Field, Input, Option, Switch, Textarea } from '@fluentui/react-components'
import { Controller, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { QueueDto } from '@shared/contracts/queues'
import type { ConnectionFormValues } from '../forms/connection-schema'

type Name<T> = {
  [K in keyof ConnectionFormValues]: ConnectionFormValues[K] extends T ? K : never
}[keyof ConnectionFormValues]

interface FieldProps<T> {
  control: Control<ConnectionFormValues>
  name: Name<T>
  label: string
  hint?: string
  required?: boolean
  disabled?: boolean
}

/** Error keys of the `connections` namespace, translated where the field shows them. */
const useMessage = () => {
  const { t } = useTranslation('connections')
  return (message: string | undefined) => (message ? t(message) : undefined)
}

export const TextField = ({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  multiline,
  type = 'text',
  min,
  max,
}: FieldProps<string> & {
  multiline?: boolean
  type?: 'text' | 'password' | 'date' | 'datetime-local'
  min?: string
  max?: string
}) => {
  const message = useMessage()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          hint={hint}
          required={required}
          validationMessage={message(fieldState.error?.message)}
        >
          {multiline ? (
            <Textarea
              ref={field.ref}
              value={field.value}
              disabled={disabled}
              resize="vertical"
              onChange={(_event, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
            />
          ) : (
            <Input
              ref={field.ref}
              type={type}
              value={field.value}
              disabled={disabled}
              min={min}
              max={max}
              autoComplete="off"
              onChange={(_event, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      )}
    />
  )
}

export const NumberField = ({ control, name, label, hint, disabled }: FieldProps<number>) => {
  const message = useMessage()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} hint={hint} validationMessage={message(fieldState.error?.message)}>
          <Input
            ref={field.ref}
            type="number"
            min={0}
            value={String(field.value)}
            disabled={disabled}
            onChange={(_event, data) =>
              field.onChange(data.value === '' ? 0 : Math.max(0, Math.trunc(Number(data.value))))
            }
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  )
}

export const SwitchField = ({ control, name, label, disabled }: FieldProps<boolean>) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <Switch
        ref={field.ref}
        label={label}
        checked={field.value}
        disabled={disabled}
        onChange={(_event, data) => field.onChange(data.checked)}
      />
    )}
  />
)

/** One queue or none. */
export const QueuePicker = ({
  control,
  name,
  label,
  queues,
}: FieldProps<number | null> & { queues: QueueDto[] }) => {
  const { t } = useTranslation('connections')
  const message = useMessage()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} validationMessage={message(fieldState.error?.message)}>
          <Dropdown
            ref={field.ref}
            value={queues.find((queue) => queue.id === field.value)?.name ?? t('dialog.noneOption')}
            selectedOptions={[field.value === null ? '' : String(field.value)]}
            onOptionSelect={(_event, data) =>
              field.onChange(data.optionValue ? Number(data.optionValue) : null)
            }
            onBlur={field.onBlur}
          >
            <Option value="">{t('dialog.noneOption')}</Option>
            {queues.map((queue) => (
              <Option key={queue.id} value={String(queue.id)}>
                {queue.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
    />
  )
}

/**
 * A picker for records whose screens arrive later (integrations, prompts, flows): it offers
 * "none" and keeps a stored id, so saving never loses what another client set.
 */
export const ReferencePicker = ({ control, name, label, hint }: FieldProps<number | null>) => {
  const { t } = useTranslation('connections')
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} hint={hint}>
          <Dropdown
            ref={field.ref}
            value={
              field.value === null
                ? t('dialog.noneOption')
                : t('dialog.storedOption', { id: field.value })
            }
            selectedOptions={[field.value === null ? '' : String(field.value)]}
            onOptionSelect={(_event, data) =>
              field.onChange(data.optionValue ? Number(data.optionValue) : null)
            }
            onBlur={field.onBlur}
          >
            <Option value="">{t('dialog.noneOption')}</Option>
            {field.value !== null && (
              <Option value={String(field.value)}>
                {t('dialog.storedOption', { id: field.value })}
              </Option>
            )}
          </Dropdown>
        </Field>
      )}
    />
  )
}
