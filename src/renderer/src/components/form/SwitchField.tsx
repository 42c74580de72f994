import { Switch } from '@fluentui/react-components'
import { useController, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form'
import type { FieldProps } from './field-props'

/**
 * A boolean field switches between true and false; a field the form spells otherwise
 * (`enabled`/`disabled`) names the values stored for on and off.
 */
type SwitchValues<T extends FieldValues, N extends FieldPath<T>> =
  PathValue<T, N> extends boolean
    ? { on?: never; off?: never }
    : { on: PathValue<T, N>; off: PathValue<T, N> }

export type SwitchFieldProps<T extends FieldValues, N extends FieldPath<T>> = Pick<
  FieldProps<T, unknown>,
  'control' | 'label' | 'disabled' | 'className'
> & { name: N } & SwitchValues<T, N>

/** A switch bound to a field of the form. */
export const SwitchField = <T extends FieldValues, N extends FieldPath<T>>(
  props: SwitchFieldProps<T, N>,
) => {
  const { control, name, label, disabled, className } = props
  const { on = true, off = false }: { on?: unknown; off?: unknown } = props
  const { field } = useController({ control, name })
  return (
    <Switch
      ref={field.ref}
      className={className}
      label={label}
      checked={field.value === on}
      disabled={disabled}
      onChange={(_event, data) => field.onChange(data.checked ? on : off)}
    />
  )
}
