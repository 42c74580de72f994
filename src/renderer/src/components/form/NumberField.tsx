import { Field, Input } from '@fluentui/react-components'
import { useController, type FieldValues } from 'react-hook-form'
import type { FieldProps } from './field-props'
import { useFieldMessage } from './useFieldMessage'

export interface NumberFieldProps<T extends FieldValues> extends FieldProps<T, number> {
  /**
   * Cut what is typed to a whole number of at least 0 (minutes, counts whose rules say nothing
   * more), instead of leaving a fraction or a negative to the schema's message.
   */
  whole?: boolean
}

/** A number input from 0 up bound to a number field of the form; an emptied input means 0. */
export const NumberField = <T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  className,
  whole = false,
}: NumberFieldProps<T>) => {
  const { field, fieldState } = useController({ control, name })
  const message = useFieldMessage(fieldState.error)
  const parse = (text: string) => {
    if (text === '') return 0
    const value = Number(text)
    return whole ? Math.max(0, Math.trunc(value)) : value
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
        ref={field.ref}
        name={field.name}
        type="number"
        min={0}
        value={String(field.value)}
        disabled={disabled}
        onChange={(_event, data) => field.onChange(parse(data.value))}
        onBlur={field.onBlur}
      />
    </Field>
  )
}
