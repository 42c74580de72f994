import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextField } from '@renderer/components/form/TextField'
import { useCurrentUser } from '@renderer/hooks/useSession'
import type { CampaignSettingsFormValues } from '../forms/campaign-settings-schema'
import { SettingsSection } from './SettingsSection'
import { useSettingsSectionStyles } from './SettingsSection.styles'

export interface SendingWindowSectionProps {
  control: Control<CampaignSettingsFormValues>
  disabled: boolean
}

/**
 * Janela de envio: the daily hours and the weekend days campaigns send in, read in the company's
 * time zone (reference §1 "Pacing": a send outside waits for the next allowed start).
 */
export const SendingWindowSection = ({ control, disabled }: SendingWindowSectionProps) => {
  const { t } = useTranslation('campaignSettings')
  const styles = useSettingsSectionStyles()
  const { timezone } = useCurrentUser().company
  return (
    <SettingsSection
      title={t('window.title')}
      description={t('window.description', { timeZone: timezone })}
    >
      <div className={styles.grid}>
        <TextField
          control={control}
          name="startHour"
          type="time"
          label={t('window.startHour')}
          hint={t('window.startHourHint')}
          required
          disabled={disabled}
        />
        <TextField
          control={control}
          name="endHour"
          type="time"
          label={t('window.endHour')}
          hint={t('window.endHourHint')}
          required
          disabled={disabled}
        />
      </div>
      <div className={styles.switches}>
        <SwitchField
          control={control}
          name="sabado"
          label={t('window.sabado')}
          disabled={disabled}
        />
        <SwitchField
          control={control}
          name="domingo"
          label={t('window.domingo')}
          disabled={disabled}
        />
      </div>
    </SettingsSection>
  )
}
