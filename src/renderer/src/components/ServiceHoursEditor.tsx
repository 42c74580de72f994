import { Caption1, Field, Input, mergeClasses } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  defaultServiceHours,
  serviceHoursProblem,
  WEEKDAY_LABELS,
  WEEKDAYS_EN,
  type ServiceHours,
  type ServiceHoursDay,
  type ShiftTimeField,
  type WeekdayEn,
} from '@shared/contracts/service-hours'
import { useServiceHoursEditorStyles } from './ServiceHoursEditor.styles'

export { defaultServiceHours, isValidServiceHours } from '@shared/contracts/service-hours'

export interface ServiceHoursEditorProps {
  /** The stored days; a weekday missing from it shows as closed (both shifts empty). */
  value: ServiceHours
  /** Called with all seven days, Monday first, after every keystroke. */
  onChange: (value: ServiceHours) => void
  disabled?: boolean
}

/**
 * What a form starts from: the record's days, or the spec's default hours when it has none
 * yet (an empty list means "no hours set", 001 §3).
 */
export const serviceHoursOrDefault = (value: ServiceHours | null | undefined): ServiceHours =>
  value && value.length > 0 ? value : defaultServiceHours()

const emptyDay = (weekdayEn: WeekdayEn): ServiceHoursDay => ({
  weekday: WEEKDAY_LABELS[weekdayEn],
  weekdayEn,
  startTimeA: '',
  endTimeA: '',
  startTimeB: '',
  endTimeB: '',
})

/** The seven days in display order, whatever order or subset the stored value has. */
const normalize = (value: ServiceHours): ServiceHoursDay[] =>
  WEEKDAYS_EN.map((weekdayEn) => {
    const stored = value.find((day) => day.weekdayEn.toLowerCase() === weekdayEn)
    return stored ? { ...stored, weekdayEn } : emptyDay(weekdayEn)
  })

/** Keeps digits only and puts the colon in: "0830" → "08:30" (the ##:## mask). */
export const maskTime = (raw: string): string => {
  const digits = raw.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits
}

const SHIFTS = [
  { label: 'serviceHours.shiftA', fields: ['startTimeA', 'endTimeA'] },
  { label: 'serviceHours.shiftB', fields: ['startTimeB', 'endTimeB'] },
] as const

const cellKey = (weekdayEn: string, field: ShiftTimeField) => `${weekdayEn}.${field}`

/**
 * Seven weekdays × two shifts of "HH:MM" times (001 §3, §5 "Schedules form"). Controlled: the
 * parent keeps the value and saves it; a bad or half-filled time is flagged beside its input
 * once the user leaves it. Used by queues, connections and the company's settings.
 */
export const ServiceHoursEditor = ({
  value,
  onChange,
  disabled = false,
}: ServiceHoursEditorProps) => {
  const { t } = useTranslation('common')
  const styles = useServiceHoursEditorStyles()
  // A time being typed is incomplete by nature; judge it only once the user leaves the input.
  const [focused, setFocused] = useState<string | null>(null)
  const days = normalize(value)

  const handleChange = (weekdayEn: WeekdayEn, field: ShiftTimeField, raw: string) => {
    onChange(
      days.map((day) =>
        day.weekdayEn === weekdayEn
          ? { ...day, weekday: day.weekday || WEEKDAY_LABELS[weekdayEn], [field]: maskTime(raw) }
          : day,
      ),
    )
  }

  return (
    <div className={styles.root}>
      <div className={styles.scroller}>
        <table className={styles.table} aria-label={t('serviceHours.title')}>
          <thead>
            <tr>
              <th className={styles.headCell} rowSpan={2} scope="col">
                {t('serviceHours.weekday')}
              </th>
              {SHIFTS.map((shift) => (
                <th
                  key={shift.label}
                  className={mergeClasses(styles.headCell, styles.shiftHead)}
                  colSpan={2}
                  scope="colgroup"
                >
                  {t(shift.label)}
                </th>
              ))}
            </tr>
            <tr>
              {SHIFTS.flatMap((shift) => [
                <th key={`${shift.label}.start`} className={styles.headCell} scope="col">
                  {t('serviceHours.start')}
                </th>,
                <th key={`${shift.label}.end`} className={styles.headCell} scope="col">
                  {t('serviceHours.end')}
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => {
              const weekdayEn = day.weekdayEn as WeekdayEn
              const dayLabel = t(`serviceHours.days.${weekdayEn}`)
              return (
                <tr key={weekdayEn}>
                  <th className={styles.dayCell} scope="row">
                    {dayLabel}
                  </th>
                  {SHIFTS.flatMap((shift) =>
                    shift.fields.map((field, index) => {
                      const key = cellKey(weekdayEn, field)
                      const problem = focused === key ? undefined : serviceHoursProblem(day, field)
                      return (
                        <td key={key} className={styles.timeCell}>
                          <Field
                            size="small"
                            validationMessage={problem ? t(`serviceHours.${problem}`) : undefined}
                          >
                            <Input
                              className={styles.input}
                              size="small"
                              value={day[field]}
                              disabled={disabled}
                              placeholder={t('serviceHours.placeholder')}
                              aria-label={t('serviceHours.fieldLabel', {
                                day: dayLabel,
                                shift: t(shift.label),
                                edge: t(index === 0 ? 'serviceHours.start' : 'serviceHours.end'),
                              })}
                              input={{ inputMode: 'numeric', maxLength: 5, autoComplete: 'off' }}
                              onFocus={() => setFocused(key)}
                              onBlur={() =>
                                setFocused((current) => (current === key ? null : current))
                              }
                              onChange={(_event, data) =>
                                handleChange(weekdayEn, field, data.value)
                              }
                            />
                          </Field>
                        </td>
                      )
                    }),
                  )}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <Caption1 className={styles.hint}>{t('serviceHours.hint')}</Caption1>
    </div>
  )
}
