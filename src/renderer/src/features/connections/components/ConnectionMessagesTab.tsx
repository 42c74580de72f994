import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import { vacationEarliestStart, type ConnectionFormValues } from '../forms/connection-schema'
import { useConnectionDialogStyles } from './ConnectionDialog.styles'

export interface ConnectionMessagesTabProps {
  control: Control<ConnectionFormValues>
  /** When the dialog opened: a vacation starts at most 10 days before it. */
  now: Date
}

/**
 * The messages tab: greeting (required once the connection has several queues), completion and
 * out-of-hours messages, and the collective vacation.
 */
export const ConnectionMessagesTab = ({ control, now }: ConnectionMessagesTabProps) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionDialogStyles()
  const queueIds = useWatch({ control, name: 'queueIds' })
  return (
    <>
      <TextAreaField
        control={control}
        name="greetingMessage"
        label={t('dialog.greetingMessage')}
        required={queueIds.length > 1}
      />
      <TextAreaField
        control={control}
        name="complationMessage"
        label={t('dialog.complationMessage')}
      />
      <TextAreaField
        control={control}
        name="outOfHoursMessage"
        label={t('dialog.outOfHoursMessage')}
      />
      <fieldset className={styles.group}>
        <legend>{t('dialog.vacationTitle')}</legend>
        <TextAreaField
          control={control}
          name="collectiveVacationMessage"
          label={t('dialog.vacationMessage')}
        />
        <div className={styles.row}>
          <TextField
            control={control}
            name="collectiveVacationStart"
            type="date"
            label={t('dialog.vacationStart')}
            min={vacationEarliestStart(now)}
          />
          <TextField
            control={control}
            name="collectiveVacationEnd"
            type="date"
            label={t('dialog.vacationEnd')}
          />
        </div>
      </fieldset>
    </>
  )
}
