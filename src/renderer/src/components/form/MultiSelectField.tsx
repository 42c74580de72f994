import { Field, Option } from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import type { ReactNode } from 'react'
import { useController, type FieldValues } from 'react-hook-form'
import type { FieldProps } from './field-props'
import { useFieldMessage } from './useFieldMessage'

export interface MultiSelectOption {
  value: number
  label: string
  /** What the option shows when it is more than its label (a colour swatch before it). */
  content?: ReactNode
}

export interface MultiSelectFieldProps<T extends FieldValues> extends FieldProps<T, number[]> {
  options: readonly MultiSelectOption[]
  placeholder?: string
}

/**
 * A drop-down of several ids bound to an id-list field of the form (queues). The field shows the
 * chosen labels; an id the options lack (a queue no longer listed) stays chosen.
 */
export const MultiSelectField = <T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  className,
  options,
  placeholder,
}: MultiSelectFieldProps<T>) => {
  const { field, fieldState } = useController({ control, name })
  const message = useFieldMessage(fieldState.error)
  const ids = field.value as number[]
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
        multiselect
        disabled={disabled}
        placeholder={placeholder}
        value={options
          .filter((option) => ids.includes(option.value))
          .map((option) => option.label)
          .join(', ')}
        selectedOptions={ids.map(String)}
        onOptionSelect={(_event, data) => field.onChange(data.selectedOptions.map(Number))}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <Option key={option.value} value={String(option.value)} text={option.label}>
            {option.content ?? option.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}
