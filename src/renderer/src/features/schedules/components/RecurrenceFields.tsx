import { Caption1 } from '@fluentui/react-components'
import { useMemo } from 'react'
import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  SCHEDULE_DAY_RULES,
  SCHEDULE_INTERVAL_MAX,
  SCHEDULE_REPEAT_MAX,
  SCHEDULE_UNITS,
  type ScheduleUnit,
} from '@shared/contracts/schedules'
import { NumberField } from '@renderer/components/form/NumberField'
import { SelectField } from '@renderer/components/form/SelectField'
import { SwitchField } from '@renderer/components/form/SwitchField'
import type { ScheduleFormValues } from '../forms/schedule-schema'
import { useScheduleDialogStyles } from './ScheduleDialog.styles'

/** The name of each interval unit, as the translations key it. */
const UNIT_NAMES = Object.fromEntries(
  Object.entries(SCHEDULE_UNITS).map(([name, unit]) => [unit, name]),
) as Record<ScheduleUnit, keyof typeof SCHEDULE_UNITS>

export interface RecurrenceFieldsProps {
  control: Control<ScheduleFormValues>
  disabled: boolean
}

/**
 * Whether the message repeats (reference §3): off sends it once; on sends it every N days, weeks,
 * months or minutes, so many times in all, and moves a send that falls on a weekend to the
 * business day before or after, if asked.
 */
export const RecurrenceFields = ({ control, disabled }: RecurrenceFieldsProps) => {
  const { t } = useTranslation('schedules')
  const styles = useScheduleDialogStyles()
  const [repeat, every, unit, total] = useWatch({
    control,
    name: ['repeat', 'valorIntervalo', 'intervalo', 'enviarQuantasVezes'],
  })

  const unitOptions = useMemo(
    () =>
      Object.values(SCHEDULE_UNITS).map((value) => ({
        value,
        label: t(`unitOptions.${UNIT_NAMES[value]}`),
      })),
    [t],
  )
  const dayRuleOptions = useMemo(
    () =>
      Object.entries(SCHEDULE_DAY_RULES).map(([name, value]) => ({
        value,
        label: t(`dayRules.${name}`),
      })),
    [t],
  )

  return (
    <div className={styles.group}>
      <div className={styles.switchRow}>
        <SwitchField
          control={control}
          name="repeat"
          label={t('fields.repeat')}
          disabled={disabled}
        />
        <Caption1 className={styles.hint} aria-live="polite">
          {repeat && Number.isInteger(every) && every > 0 && Number.isInteger(total) && total > 0
            ? t('recurrence.summary', {
                count: total,
                every: t(`units.${UNIT_NAMES[unit]}`, { count: every }),
              })
            : t('recurrence.once')}
        </Caption1>
      </div>
      {repeat && (
        <>
          <div className={styles.row}>
            <NumberField
              control={control}
              name="valorIntervalo"
              label={t('fields.valorIntervalo')}
              hint={t('hints.interval', { max: SCHEDULE_INTERVAL_MAX })}
              disabled={disabled}
              whole
            />
            <SelectField
              control={control}
              name="intervalo"
              label={t('fields.intervalo')}
              disabled={disabled}
              options={unitOptions}
            />
            <NumberField
              control={control}
              name="enviarQuantasVezes"
              label={t('fields.enviarQuantasVezes')}
              hint={t('hints.repeatCount', { max: SCHEDULE_REPEAT_MAX })}
              disabled={disabled}
              whole
            />
          </div>
          <SelectField
            control={control}
            name="tipoDias"
            label={t('fields.tipoDias')}
            hint={t('hints.dayRule')}
            disabled={disabled}
            options={dayRuleOptions}
          />
        </>
      )}
    </div>
  )
}
