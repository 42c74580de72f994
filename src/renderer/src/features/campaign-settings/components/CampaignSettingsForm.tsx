import {
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { CampaignSettings } from '@shared/contracts/campaigns'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { useCampaignSettingsForm } from '../hooks/useCampaignSettingsForm'
import { useCampaignSettingsFormStyles } from './CampaignSettingsForm.styles'
import { ConfirmationSection } from './ConfirmationSection'
import { IntervalsSection } from './IntervalsSection'
import { SendingWindowSection } from './SendingWindowSection'
import { VariablesSection } from './VariablesSection'

/** The campaign settings (002 §2.9, §3.7) in sections, with one save for all of them. */
export const CampaignSettingsForm = ({ settings }: { settings: CampaignSettings }) => {
  const { t } = useTranslation('campaignSettings')
  const styles = useCampaignSettingsFormStyles()
  const { control, submit, saving, canSave, changedElsewhere, discard } =
    useCampaignSettingsForm(settings)

  return (
    <Form namespace="campaignSettings" className={styles.root} onSubmit={submit}>
      <div className={styles.body}>
        <div className={styles.sections}>
          {changedElsewhere && (
            <MessageBar intent="warning">
              <MessageBarBody>{t('changedElsewhere.message')}</MessageBarBody>
              <MessageBarActions>
                <Button onClick={discard}>{t('changedElsewhere.discard')}</Button>
              </MessageBarActions>
            </MessageBar>
          )}
          <IntervalsSection control={control} disabled={saving} />
          <SendingWindowSection control={control} disabled={saving} />
          <ConfirmationSection control={control} disabled={saving} />
          <VariablesSection control={control} disabled={saving} />
        </div>
      </div>
      <div className={styles.footer}>
        {canSave && <Caption1 className={styles.unsaved}>{t('unsaved')}</Caption1>}
        <BusyButton type="submit" busy={saving} disabled={!canSave}>
          {t('actions.save')}
        </BusyButton>
      </div>
    </Form>
  )
}
