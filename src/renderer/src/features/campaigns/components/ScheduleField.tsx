import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CAMPAIGN_EDIT_LEAD_MS } from '@shared/contracts/campaigns'
import { DateTimeFields } from '@renderer/components/form/DateTimeFields'
import {
  localScheduledAt,
  scheduleInstant,
  startsNow,
  type CampaignFormValues,
} from '../forms/campaign-schema'
import { useNow } from '../hooks/useNow'

/** How often the hint judges again how far ahead the chosen time is. */
const HINT_CHECK_MS = 5_000

export interface ScheduleFieldProps {
  control: Control<CampaignFormValues>
  disabled: boolean
}

/**
 * When the campaign starts (002 §3.4, reference §1), a day and a time in the interface
 * language: both empty keep it a draft (INATIVA); a time less than 30 s ahead, or past, starts
 * it when saved; within the hour, it can no longer be changed once saved. The hint says which.
 */
export const ScheduleField = ({ control, disabled }: ScheduleFieldProps) => {
  const { t } = useTranslation('campaigns')
  const now = useNow(HINT_CHECK_MS)
  const [scheduledDate, scheduledTime] = useWatch({
    control,
    name: ['scheduledDate', 'scheduledTime'],
  })
  const local = localScheduledAt({ scheduledDate, scheduledTime })

  const hint = () => {
    const instant = scheduleInstant(local)
    if (instant === null) return t('hints.draft')
    const time = Date.parse(instant)
    if (Number.isNaN(time)) return undefined
    if (startsNow(local, now)) return t('hints.startsNow')
    if (time - now <= CAMPAIGN_EDIT_LEAD_MS) return t('hints.startsSoon')
    return t('hints.scheduled')
  }

  return (
    <DateTimeFields
      control={control}
      dateName="scheduledDate"
      timeName="scheduledTime"
      label={t('fields.scheduledAt')}
      dateLabel={t('fields.scheduledDate')}
      timeLabel={t('fields.scheduledTime')}
      hint={hint()}
      disabled={disabled}
    />
  )
}
