import { Field, Input, type InputProps } from '@fluentui/react-components'
import { useController, type FieldValues } from 'react-hook-form'
import type { FieldProps } from './field-props'
import { useDateText } from './useDateText'
import { useFieldMessage } from './useFieldMessage'

export interface TextFieldProps<T extends FieldValues> extends FieldProps<T, string> {
  /**
   * `date` (YYYY-MM-DD) and `time` (HH:mm) are typed as text in the interface language, since
   * the browser's own inputs follow the browser's locale; `datetime-local` is the browser's input.
   */
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'datetime-local' | 'time'
  placeholder?: string
  /** `off` unless the browser may help (`new-password`). */
  autoComplete?: string
  inputMode?: InputProps['inputMode']
  /** Bounds of a date or time: arrow keys and the browser's picker stay within them. */
  min?: string
  max?: string
  /** Seconds per arrow-key step of a time. */
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
  placeholder,
  min,
  max,
  step,
  ...input
}: TextFieldProps<T>) => {
  const { field, fieldState } = useController({ control, name })
  const message = useFieldMessage(fieldState.error)
  const dateText = useDateText(type, field.value, field.onChange, { min, max, step })
  const own: InputProps = dateText
    ? {
        type: 'text',
        value: dateText.value,
        placeholder: placeholder ?? dateText.placeholder,
        onKeyDown: dateText.onKeyDown,
        onChange: (_event, data) => dateText.onChange(data.value),
      }
    : {
        type,
        value: field.value,
        placeholder,
        min,
        max,
        step,
        onChange: (_event, data) => field.onChange(data.value),
      }
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
        {...own}
        ref={field.ref}
        name={field.name}
        disabled={disabled}
        autoComplete={autoComplete}
        onBlur={field.onBlur}
      />
    </Field>
  )
}
