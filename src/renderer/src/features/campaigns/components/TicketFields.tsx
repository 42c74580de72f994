import { Caption1 } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CAMPAIGN_TICKET_STATUSES, type CampaignDto } from '@shared/contracts/campaigns'
import { SelectField } from '@renderer/components/form/SelectField'
import { SwitchField } from '@renderer/components/form/SwitchField'
import type { CampaignFormValues } from '../forms/campaign-schema'
import { campaignQueries } from '../queries'
import { UserSearchField } from './UserSearchField'
import { useCampaignDialogStyles } from './CampaignDialog.styles'

export interface TicketFieldsProps {
  control: Control<CampaignFormValues>
  campaign: CampaignDto | null
  disabled: boolean
}

/**
 * Whether each send opens a ticket (002 §3.4, §5), and then for whom: a user (searched from 3
 * characters), the queue (required once a user is chosen) and the ticket's status. The three
 * are disabled while no ticket is opened.
 */
export const TicketFields = ({ control, campaign, disabled }: TicketFieldsProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useCampaignDialogStyles()
  const openTicket = useWatch({ control, name: 'openTicket' })
  const queues = useQuery(campaignQueries.queues())
  const off = disabled || openTicket !== 'enabled'

  const queueOptions = useMemo(() => {
    const options = (queues.data ?? []).map((queue) => ({ value: queue.id, label: queue.name }))
    const stored = campaign?.queue
    return stored && !options.some((option) => option.value === stored.id)
      ? [...options, { value: stored.id, label: stored.name }]
      : options
  }, [queues.data, campaign])

  const statusOptions = useMemo(
    () =>
      CAMPAIGN_TICKET_STATUSES.map((status) => ({
        value: status,
        label: t(`ticketStatus.${status}`),
      })),
    [t],
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
        <UserSearchField control={control} stored={campaign?.user ?? null} disabled={off} />
        <SelectField
          control={control}
          name="queueId"
          label={t('fields.queue')}
          hint={queues.isError ? t('hints.choicesFailed') : undefined}
          noneLabel={t('dialog.noQueue')}
          disabled={off || queues.isLoading}
          options={queueOptions}
        />
        <SelectField
          control={control}
          name="statusTicket"
          label={t('fields.statusTicket')}
          disabled={off}
          options={statusOptions}
        />
      </div>
    </div>
  )
}
