import { Caption1 } from '@fluentui/react-components'
import { useMemo, type ReactNode } from 'react'
import { useWatch, type Control, type FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SelectField, type SelectOption } from './SelectField'
import { SwitchField } from './SwitchField'
import { useTicketFieldsStyles } from './TicketFields.styles'

/** The statuses a ticket opened by a send may start in. */
export type OpenedTicketStatus = 'closed' | 'pending' | 'open'

/** The fields a form with these fields names alike. */
export interface TicketFieldValues {
  openTicket: 'enabled' | 'disabled'
  queueId: number | null
  statusTicket: OpenedTicketStatus
}

/** The company's queues as their read gives them (a react-query result will do). */
export interface TicketQueues {
  data?: readonly QueueChoice[]
  isLoading: boolean
  isError: boolean
}

interface QueueChoice {
  id: number
  name: string
}

export interface TicketFieldsProps<T extends TicketFieldValues & FieldValues> {
  control: Control<T>
  /** What opening a ticket does here, under the switch. */
  hint: string
  /** The statuses offered, in order. */
  statuses: readonly T['statusTicket'][]
  queues: TicketQueues
  /** The stored record's queue, offered should the read miss it (or while it loads). */
  storedQueue?: QueueChoice | null
  /** The field of the user the tickets go to, disabled while `off`. */
  renderUser: (off: boolean) => ReactNode
  disabled: boolean
}

/**
 * Whether a send opens a ticket (a campaign's, a schedule's), and then for whom: the user, the
 * queue and the ticket's status, disabled while no ticket is opened.
 */
export const TicketFields = <T extends TicketFieldValues & FieldValues>({
  control: formControl,
  hint,
  statuses,
  queues,
  storedQueue,
  renderUser,
  disabled,
}: TicketFieldsProps<T>) => {
  const { t } = useTranslation('common')
  const styles = useTicketFieldsStyles()
  // react-hook-form cannot resolve a field's path on a generic form: T has these three fields
  // with these types, so the same control serves them.
  const control = formControl as unknown as Control<TicketFieldValues>
  const openTicket = useWatch({ control, name: 'openTicket' })
  const off = disabled || openTicket !== 'enabled'

  const queueOptions = useMemo(() => {
    const options: SelectOption<number>[] = (queues.data ?? []).map((queue) => ({
      value: queue.id,
      label: queue.name,
    }))
    return storedQueue && !options.some((option) => option.value === storedQueue.id)
      ? [...options, { value: storedQueue.id, label: storedQueue.name }]
      : options
  }, [queues.data, storedQueue])

  const statusOptions = useMemo(
    () => statuses.map((status) => ({ value: status, label: t(`ticketFields.status.${status}`) })),
    [statuses, t],
  )

  return (
    <div className={styles.root}>
      <div className={styles.switchRow}>
        <SwitchField
          control={control}
          name="openTicket"
          on="enabled"
          off="disabled"
          label={t('ticketFields.openTicket')}
          disabled={disabled}
        />
        <Caption1 className={styles.hint}>{hint}</Caption1>
      </div>
      <div className={styles.row}>
        {renderUser(off)}
        <SelectField
          control={control}
          name="queueId"
          label={t('ticketFields.queue')}
          hint={queues.isError ? t('ticketFields.choicesFailed') : undefined}
          noneLabel={t('ticketFields.noQueue')}
          disabled={off || queues.isLoading}
          options={queueOptions}
        />
        <SelectField
          control={control}
          name="statusTicket"
          label={t('ticketFields.statusTicket')}
          disabled={off}
          options={statusOptions}
        />
      </div>
    </div>
  )
}
