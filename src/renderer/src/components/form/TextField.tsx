import { Field, Input, type InputProps } from '@fluentui/react-components'
import { useController, type FieldValues } from 'react-hook-form'
import type { FieldProps } from './field-props'
import { useFieldMessage } from './useFieldMessage'

export interface TextFieldProps<T extends FieldValues> extends FieldProps<T, string> {
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'datetime-local' | 'time'
  placeholder?: string
  /** `off` unless the browser may help (`new-password`). */
  autoComplete?: string
  inputMode?: InputProps['inputMode']
  min?: string
  max?: string
  step?: number
  readOnly?: boolean
  /** Inside the input, after the text: a show-password or regenerate button. */
  contentAfter?: InputProps['contentAfter']
}

/** A one-line text input bound to a string field of the form. */
export const TextField = <T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  className,
  type = 'text',
  autoComplete = 'off',
  ...input
}: TextFieldProps<T>) => {
  const { field, fieldState } = useController({ control, name })
  const message = useFieldMessage(fieldState.error)
  return (
    <Field
      className={className}
      label={label}
      hint={hint}
      required={required}
      validationMessage={message}
    >
      <Input
        {...input}
        ref={field.ref}
        name={field.name}
        type={type}
        value={field.value}
        disabled={disabled}
        autoComplete={autoComplete}
        onChange={(_event, data) => field.onChange(data.value)}
        onBlur={field.onBlur}
      />
    </Field>
  )
}
