import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { NumberField } from '@renderer/components/form/NumberField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import type { ConnectionFormValues } from '../forms/connection-schema'
import { useConnectionDialogStyles } from './ConnectionDialog.styles'

/** The assessment tab (NPS): its message, when it expires and how many attempts it gets. */
export const ConnectionNpsTab = ({ control }: { control: Control<ConnectionFormValues> }) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionDialogStyles()
  return (
    <>
      <TextAreaField
        control={control}
        name="ratingMessage"
        label={t('dialog.ratingMessage')}
        hint={t('dialog.ratingHint')}
      />
      <div className={styles.row}>
        <NumberField
          control={control}
          name="expiresTicketNPS"
          label={t('dialog.expiresTicketNPS')}
          whole
        />
        <NumberField
          control={control}
          name="maxUseBotQueuesNPS"
          label={t('dialog.maxUseBotQueuesNPS')}
          whole
        />
      </div>
    </>
  )
}
