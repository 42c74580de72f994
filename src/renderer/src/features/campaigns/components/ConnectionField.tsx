import { Badge, Field, Option } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useController, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { CampaignDto } from '@shared/contracts/campaigns'
import type { Channel } from '@shared/contracts/connections'
import { Dropdown } from '@renderer/components/Dropdown'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { connectionQueries } from '@renderer/features/connections'
import type { CampaignFormValues } from '../forms/campaign-schema'
import { useCampaignDialogStyles } from './CampaignDialog.styles'

/** Reference §1: campaigns are sent through WhatsApp, by its session or its Cloud API. */
const CAMPAIGN_CHANNELS: readonly Channel[] = ['whatsapp', 'whatsappapi']

export interface ConnectionFieldProps {
  control: Control<CampaignFormValues>
  /** The stored campaign's connection, named while the list loads or should it miss it. */
  stored: CampaignDto['whatsapp']
  disabled: boolean
  /** Told when another connection is chosen (its templates are not the last one's). */
  onConnectionChange: (id: number) => void
}

/**
 * The WhatsApp connection the campaign sends through: the company's WhatsApp connections, each
 * with its state, and a warning when the chosen one is offline, since nothing is sent then.
 */
export const ConnectionField = ({
  control,
  stored,
  disabled,
  onConnectionChange,
}: ConnectionFieldProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useCampaignDialogStyles()
  const query = useQuery(connectionQueries.list())
  const { field, fieldState } = useController({ control, name: 'whatsappId' })
  const message = useFieldMessage(fieldState.error)
  const connections = useMemo(
    () => (query.data ?? []).filter((connection) => CAMPAIGN_CHANNELS.includes(connection.channel)),
    [query.data],
  )
  const id = field.value
  const chosen = connections.find((connection) => connection.id === id)
  const storedName = stored && stored.id === id ? stored.name : null
  const label =
    id === null ? '' : (chosen?.name ?? storedName ?? t('dialog.storedConnection', { id }))

  const hint = () => {
    if (query.isLoading) return t('hints.connectionsLoading')
    if (query.isError) return t('hints.connectionsFailed')
    if (connections.length === 0) return t('hints.noConnections')
    if (chosen && chosen.status !== 'CONNECTED') return t('hints.connectionOffline')
    return undefined
  }

  return (
    <Field label={t('fields.connection')} hint={hint()} required validationMessage={message}>
      <Dropdown
        ref={field.ref}
        value={label}
        selectedOptions={id === null ? [] : [String(id)]}
        placeholder={t('placeholders.connection')}
        disabled={disabled || query.isLoading}
        onOptionSelect={(_event, data) => {
          const chosenId = Number(data.optionValue)
          if (!data.optionValue || chosenId === id) return
          field.onChange(chosenId)
          onConnectionChange(chosenId)
        }}
        onBlur={field.onBlur}
      >
        {connections.map((connection) => {
          const online = connection.status === 'CONNECTED'
          return (
            <Option key={connection.id} value={String(connection.id)} text={connection.name}>
              <span className={styles.option}>
                <span className={styles.optionName}>{connection.name}</span>
                <Badge appearance="tint" size="small" color={online ? 'success' : 'danger'}>
                  {t(online ? 'connectionStatus.online' : 'connectionStatus.offline')}
                </Badge>
              </span>
            </Option>
          )
        })}
        {id !== null && !chosen && <Option value={String(id)}>{label}</Option>}
      </Dropdown>
    </Field>
  )
}
