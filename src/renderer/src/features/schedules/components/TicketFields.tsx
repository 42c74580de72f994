import { Caption1 } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SCHEDULE_TICKET_STATUSES } from '@shared/contracts/schedules'
import { SelectField } from '@renderer/components/form/SelectField'
import { SwitchField } from '@renderer/components/form/SwitchField'
import type { ScheduleFormValues } from '../forms/schedule-schema'
import { scheduleQueries } from '../queries'
import { useScheduleDialogStyles } from './ScheduleDialog.styles'

export interface TicketFieldsProps {
  control: Control<ScheduleFormValues>
  disabled: boolean
}

/**
 * Whether the send opens a ticket (reference §3: on opens or reuses one of the contact's tickets,
 * off only logs the message in the contact's history), and then its status, attendant and queue,
 * which are disabled while no ticket is opened.
 */
export const TicketFields = ({ control, disabled }: TicketFieldsProps) => {
  const { t } = useTranslation('schedules')
  const styles = useScheduleDialogStyles()
  const openTicket = useWatch({ control, name: 'openTicket' })
  const users = useQuery(scheduleQueries.users())
  const queues = useQuery(scheduleQueries.queues())
  const off = disabled || openTicket !== 'enabled'

  const statusOptions = useMemo(
    () =>
      SCHEDULE_TICKET_STATUSES.map((status) => ({
        value: status,
        label: t(`ticketStatus.${status}`),
      })),
    [t],
  )
  const userOptions = useMemo(
    () => (users.data ?? []).map((user) => ({ value: user.id, label: user.name })),
    [users.data],
  )
  const queueOptions = useMemo(
    () => (queues.data ?? []).map((queue) => ({ value: queue.id, label: queue.name })),
    [queues.data],
  )

  return (
    <div className={styles.group}>
      <div className={styles.switchRow}>
        <SwitchField
          control={control}
          name="openTicket"
          on="enabled"
          off="disabled"
          label={t('fields.openTicket')}
          disabled={disabled}
        />
        <Caption1 className={styles.hint}>{t('hints.openTicket')}</Caption1>
      </div>
      <div className={styles.row}>
        <SelectField
          control={control}
          name="statusTicket"
          label={t('fields.statusTicket')}
          disabled={off}
          options={statusOptions}
        />
        <SelectField
          control={control}
          name="ticketUserId"
          label={t('fields.ticketUser')}
          hint={users.isError ? t('hints.choicesFailed') : undefined}
          noneLabel={t('dialog.noUser')}
          disabled={off || users.isLoading}
          options={userOptions}
        />
        <SelectField
          control={control}
          name="queueId"
          label={t('fields.queue')}
          hint={queues.isError ? t('hints.choicesFailed') : undefined}
          noneLabel={t('dialog.noQueue')}
          disabled={off || queues.isLoading}
          options={queueOptions}
        />
      </div>
    </div>
  )
}
