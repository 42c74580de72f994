import { Body1 } from '@fluentui/react-components'
import type { TFunction } from 'i18next'
import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from '@shared/contracts/campaigns'
import { SelectField, type SelectOption } from '@renderer/components/form/SelectField'
import type { CampaignSettingsFormValues } from '../forms/campaign-settings-schema'
import { pacingSummary } from '../pacing'
import { SettingsSection } from './SettingsSection'
import { useSettingsSectionStyles } from './SettingsSection.styles'

/**
 * The choices of 002 §9, with the stored value among them should it be another the rules
 * accept (saved by an older client or through the API), so the field never shows empty.
 */
const choicesOf = (
  options: readonly number[],
  current: number,
  label: (value: number) => string,
): SelectOption<number>[] =>
  (options.includes(current) ? [...options] : [...options, current].sort((a, b) => a - b)).map(
    (value) => ({ value, label: label(value) }),
  )

/** "About N messages an hour at most", and the slower rate once the longer gap applies. */
const summaryOf = (
  t: TFunction<'campaignSettings'>,
  values: Parameters<typeof pacingSummary>[0],
): string => {
  const { perHour, later } = pacingSummary(values)
  const first =
    perHour === null
      ? t('intervals.summary.unlimited')
      : t('intervals.summary.perHour', { rate: perHour })
  return later === null
    ? first
    : `${first} ${t('intervals.summary.later', { after: later.after, rate: later.perHour })}`
}

export interface IntervalsSectionProps {
  control: Control<CampaignSettingsFormValues>
  disabled: boolean
}

/** Intervalos: the gap between sends, and the longer gap after a number of them. */
export const IntervalsSection = ({ control, disabled }: IntervalsSectionProps) => {
  const { t } = useTranslation('campaignSettings')
  const styles = useSettingsSectionStyles()
  const [messageInterval, longerIntervalAfter, greaterInterval] = useWatch({
    control,
    name: ['messageInterval', 'longerIntervalAfter', 'greaterInterval'],
  })
  const seconds = (value: number) => t('units.seconds', { value })
  const messages = (value: number) => t('units.messages', { value })

  return (
    <SettingsSection title={t('intervals.title')}>
      <div className={styles.grid}>
        <SelectField
          control={control}
          name="messageInterval"
          label={t('intervals.messageInterval')}
          hint={t('intervals.messageIntervalHint')}
          disabled={disabled}
          options={choicesOf(MESSAGE_INTERVAL_OPTIONS, messageInterval, (value) =>
            value === 0 ? t('intervals.noInterval') : seconds(value),
          )}
        />
        <SelectField
          control={control}
          name="longerIntervalAfter"
          label={t('intervals.longerIntervalAfter')}
          hint={t('intervals.longerIntervalAfterHint')}
          disabled={disabled}
          options={choicesOf(LONGER_INTERVAL_AFTER_OPTIONS, longerIntervalAfter, (value) =>
            value === 0 ? t('intervals.never') : messages(value),
          )}
        />
        <SelectField
          control={control}
          name="greaterInterval"
          label={t('intervals.greaterInterval')}
          hint={t('intervals.greaterIntervalHint')}
          disabled={disabled}
          options={choicesOf(GREATER_INTERVAL_OPTIONS, greaterInterval, (value) =>
            value === 0 ? t('intervals.disabled') : seconds(value),
          )}
        />
      </div>
      <Body1 className={styles.note} role="status">
        {summaryOf(t, { messageInterval, longerIntervalAfter, greaterInterval })}
      </Body1>
    </SettingsSection>
  )
}
