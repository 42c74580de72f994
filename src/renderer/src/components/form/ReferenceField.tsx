import { Field } from '@fluentui/react-components'
import { useController, type FieldValues } from 'react-hook-form'
import { StoredIdPicker } from '../StoredIdPicker'
import type { FieldProps } from './field-props'
import { useFieldMessage } from './useFieldMessage'

export interface ReferenceFieldProps<T extends FieldValues> extends FieldProps<T, number | null> {
  noneLabel: string
  storedLabel: (id: number) => string
}

/** A `StoredIdPicker` bound to an id field of the form. */
export const ReferenceField = <T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  className,
  noneLabel,
  storedLabel,
}: ReferenceFieldProps<T>) => {
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
      <StoredIdPicker
        ref={field.ref}
        id={field.value}
        noneLabel={noneLabel}
        storedLabel={storedLabel}
        disabled={disabled}
        onSelect={field.onChange}
        onBlur={field.onBlur}
      />
    </Field>
  )
}
