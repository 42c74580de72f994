import { Field, Input } from '@fluentui/react-components'
import { useState } from 'react'
import { useController, type FieldValues } from 'react-hook-form'
import type { FieldProps } from '@renderer/components/form/field-props'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'

export interface DecimalFieldProps<T extends FieldValues> extends FieldProps<T, number> {
  min: number
  max: number
  /** The arrow keys' step, such as 0.1. */
  step: number
}

/** What is typed as a number: a comma counts as the decimal point; nothing is NaN. */
const parse = (text: string): number =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'))

/**
 * A number input that takes fractions (the kit's NumberField cuts to whole numbers from 0). It
 * keeps the text being typed ("0.", "1,5") instead of rewriting it from the parsed value; what
 * cannot be read reaches the form as NaN, for the schema's message.
 */
export const DecimalField = <T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  className,
  min,
  max,
  step,
}: DecimalFieldProps<T>) => {
  const { field, fieldState } = useController({ control, name })
  const message = useFieldMessage(fieldState.error)
  const value = field.value as number
  const [shown, setShown] = useState({ text: String(value), value })
  // A value set from outside (a reset) replaces the text; a value this input sent keeps it.
  if (!Object.is(shown.value, value)) setShown({ text: String(value), value })
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
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={shown.text}
        disabled={disabled}
        onChange={(_event, data) => {
          const next = parse(data.value)
          setShown({ text: data.value, value: next })
          field.onChange(next)
        }}
        onBlur={field.onBlur}
      />
    </Field>
  )
}
