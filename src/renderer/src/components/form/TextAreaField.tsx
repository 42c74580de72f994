import { Field, Textarea, type TextareaProps } from '@fluentui/react-components'
import { useController, type FieldValues } from 'react-hook-form'
import type { FieldProps } from './field-props'
import { useFieldMessage } from './useFieldMessage'

export interface TextAreaFieldProps<T extends FieldValues> extends FieldProps<T, string> {
  placeholder?: string
  rows?: number
  /** Vertical unless told otherwise: long messages are written here. */
  resize?: TextareaProps['resize']
}

/** A multi-line text input bound to a string field of the form. */
export const TextAreaField = <T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  className,
  resize = 'vertical',
  ...textarea
}: TextAreaFieldProps<T>) => {
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
      <Textarea
        {...textarea}
        ref={field.ref}
        name={field.name}
        value={field.value}
        disabled={disabled}
        resize={resize}
        onChange={(_event, data) => field.onChange(data.value)}
        onBlur={field.onBlur}
      />
    </Field>
  )
}
