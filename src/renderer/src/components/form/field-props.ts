import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form'

/**
 * What every field of the kit takes: the form's `control`, the field's name (only names whose
 * value has the type the field edits), and the Fluent `Field` around it.
 */
export interface FieldProps<T extends FieldValues, Value> {
  control: Control<T>
  name: FieldPathByValue<T, Value>
  label: string
  hint?: string
  required?: boolean
  disabled?: boolean
  /** The Fluent Field's classes, such as a grid cell's span. */
  className?: string
}
