import { Field, Option } from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useController, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form'
import type { FieldProps } from './field-props'
import { useFieldMessage } from './useFieldMessage'

export interface SelectOption<Value> {
  value: Value
  label: string
}

export type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>> = Omit<
  FieldProps<T, unknown>,
  'name'
> & {
  name: N
  options: readonly SelectOption<NonNullable<PathValue<T, N>>>[]
  /** Offers "no choice" first, stored as null, under this text. */
  noneLabel?: string
}

/**
 * The option key of a value (a string or a number): Fluent options carry strings, and "no
 * choice" is the empty one.
 */
const keyOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : ''

/** A drop-down of one choice bound to a field of the form: a string, a number, or null. */
export const SelectField = <T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  className,
  options,
  noneLabel,
}: SelectFieldProps<T, N>) => {
  const { field, fieldState } = useController({ control, name })
  const message = useFieldMessage(fieldState.error)
  const value: unknown = field.value
  const selected = options.find((option) => option.value === value)
  const noChoice = value === null && noneLabel === undefined
  return (
    <Field
      className={className}
      label={label}
      hint={hint}
      required={required}
      validationMessage={message}
    >
      <Dropdown
        ref={field.ref}
        value={selected?.label ?? noneLabel ?? ''}
        selectedOptions={noChoice ? [] : [keyOf(value)]}
        disabled={disabled}
        onOptionSelect={(_event, data) => {
          if (!data.optionValue) {
            if (noneLabel !== undefined) field.onChange(null)
            return
          }
          const option = options.find((candidate) => keyOf(candidate.value) === data.optionValue)
          if (option) field.onChange(option.value)
        }}
        onBlur={field.onBlur}
      >
        {noneLabel !== undefined && <Option value="">{noneLabel}</Option>}
        {options.map((option) => (
          <Option key={keyOf(option.value)} value={keyOf(option.value)}>
            {option.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}
