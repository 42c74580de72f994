import { useQuery } from '@tanstack/react-query'
import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { NumberField } from '@renderer/components/form/NumberField'
import { SelectField } from '@renderer/components/form/SelectField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import type { ConnectionFormValues } from '../forms/connection-schema'
import { connectionQueries } from '../queries'
import { useConnectionDialogStyles } from './ConnectionDialog.styles'

const WHEN_EXPIRES = ['0', '1'] as const

/**
 * The chatbot tab: the bot's attempts and interval, the redirect to a queue, closing idle
 * tickets, the inactivity warning and when a new ticket opens. Its numbers are whole minutes or
 * attempts.
 */
export const ConnectionChatbotTab = ({ control }: { control: Control<ConnectionFormValues> }) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionDialogStyles()
  const queues = useQuery(connectionQueries.queues())
  return (
    <>
      <div className={styles.row}>
        <NumberField
          control={control}
          name="maxUseBotQueues"
          label={t('dialog.maxUseBotQueues')}
          whole
        />
        <NumberField
          control={control}
          name="timeUseBotQueues"
          label={t('dialog.timeUseBotQueues')}
          whole
        />
      </div>
      <div className={styles.row}>
        <NumberField
          control={control}
          name="timeSendQueue"
          label={t('dialog.timeSendQueue')}
          whole
        />
        <SelectField
          control={control}
          name="sendIdQueue"
          label={t('dialog.sendIdQueue')}
          noneLabel={t('dialog.noneOption')}
          options={(queues.data ?? []).map((queue) => ({ value: queue.id, label: queue.name }))}
        />
      </div>
      <div className={styles.row}>
        <NumberField
          control={control}
          name="expiresTicket"
          label={t('dialog.expiresTicket')}
          whole
        />
        <SelectField
          control={control}
          name="whenExpiresTicket"
          label={t('dialog.whenExpiresTicket')}
          options={WHEN_EXPIRES.map((option) => ({
            value: option,
            label: t(`dialog.whenExpiresOptions.${option}`),
          }))}
        />
      </div>
      <TextAreaField
        control={control}
        name="expiresInactiveMessage"
        label={t('dialog.expiresInactiveMessage')}
      />
      <div className={styles.row}>
        <NumberField
          control={control}
          name="timeInactiveMessage"
          label={t('dialog.timeInactiveMessage')}
          whole
        />
        <NumberField
          control={control}
          name="timeCreateNewTicket"
          label={t('dialog.timeCreateNewTicket')}
          whole
        />
      </div>
      <TextAreaField control={control} name="inactiveMessage" label={t('dialog.inactiveMessage')} />
    </>
  )
}
