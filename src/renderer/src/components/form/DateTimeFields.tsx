import { Caption1, mergeClasses } from '@fluentui/react-components'
import { useId } from 'react'
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form'
import { useDateTimeFieldsStyles } from './DateTimeFields.styles'
import { TextField } from './TextField'

export interface DateTimeFieldsProps<T extends FieldValues> {
  control: Control<T>
  /** The day, YYYY-MM-DD (the text typed while it reads no day). */
  dateName: FieldPathByValue<T, string>
  /** The time of day, HH:mm (the text typed while it reads no time). */
  timeName: FieldPathByValue<T, string>
  dateLabel: string
  timeLabel: string
  /** The name of the pair, for assistive technology (each field has its own label). */
  label?: string
  /** Said once under both fields, of the moment they name together. */
  hint?: string
  required?: boolean
  disabled?: boolean
  /** The first day the date's arrow keys reach, YYYY-MM-DD. */
  minDate?: string
  className?: string
}

/**
 * A moment typed as a day and a time side by side, both in the interface language (the
 * browser's own date and time inputs follow the operating system's locale instead).
 */
export const DateTimeFields = <T extends FieldValues>({
  control,
  dateName,
  timeName,
  dateLabel,
  timeLabel,
  label,
  hint,
  required,
  disabled,
  minDate,
  className,
}: DateTimeFieldsProps<T>) => {
  const styles = useDateTimeFieldsStyles()
  const hintId = useId()
  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={hint ? hintId : undefined}
      className={mergeClasses(styles.root, className)}
    >
      <div className={styles.fields}>
        <TextField
          control={control}
          name={dateName}
          type="date"
          label={dateLabel}
          min={minDate}
          required={required}
          disabled={disabled}
        />
        <TextField
          control={control}
          name={timeName}
          type="time"
          label={timeLabel}
          required={required}
          disabled={disabled}
        />
      </div>
      {hint && (
        <Caption1 id={hintId} className={styles.hint}>
          {hint}
        </Caption1>
      )}
    </div>
  )
}
