import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { NumberField } from '@renderer/components/form/NumberField'
import type { CampaignSettingsFormValues } from '../forms/campaign-settings-schema'
import { SettingsSection } from './SettingsSection'
import { useSettingsSectionStyles } from './SettingsSection.styles'

export interface ConfirmationSectionProps {
  control: Control<CampaignSettingsFormValues>
  disabled: boolean
}

/** Confirmação: how long a campaign's confirmation request waits for the contact's reply. */
export const ConfirmationSection = ({ control, disabled }: ConfirmationSectionProps) => {
  const { t } = useTranslation('campaignSettings')
  const styles = useSettingsSectionStyles()
  return (
    <SettingsSection title={t('confirmation.title')}>
      <div className={styles.grid}>
        <NumberField
          control={control}
          name="confirmationExpiryHours"
          label={t('confirmation.expiryHours')}
          hint={t('confirmation.expiryHoursHint')}
          required
          whole
          disabled={disabled}
        />
      </div>
    </SettingsSection>
  )
}
