import { Badge, Field, Option } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useController, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { ContactChannel } from '@shared/contracts/contacts'
import type { Channel } from '@shared/contracts/connections'
import type { ScheduleDto } from '@shared/contracts/schedules'
import { Dropdown } from '@renderer/components/Dropdown'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { connectionQueries } from '@renderer/features/connections'
import type { ScheduleFormValues } from '../forms/schedule-schema'
import { useScheduleDialogStyles } from './ScheduleDialog.styles'

/** The connections that reach a contact of each channel: WhatsApp by its session or Cloud API. */
const CHANNELS_OF: Record<ContactChannel, readonly Channel[]> = {
  whatsapp: ['whatsapp', 'whatsappapi'],
  facebook: ['facebook'],
  instagram: ['instagram'],
}

/** The option of the automatic choice; Fluent's options carry strings. */
const AUTOMATIC = ''

export interface ConnectionFieldProps {
  control: Control<ScheduleFormValues>
  /** The contact's channel, once known: only the connections that reach it are offered. */
  channel: ContactChannel | undefined
  /** The stored schedule's connection, named while the list loads or should it miss it. */
  stored: ScheduleDto['whatsapp']
  disabled: boolean
}

/**
 * The connection the message goes through (optional): "automatic" lets the server take the
 * contact's last connection, else the company's default. Each connection shows its state, and a
 * hint warns when the chosen one is offline.
 */
export const ConnectionField = ({ control, channel, stored, disabled }: ConnectionFieldProps) => {
  const { t } = useTranslation('schedules')
  const styles = useScheduleDialogStyles()
  const query = useQuery(connectionQueries.list())
  const { field, fieldState } = useController({ control, name: 'whatsappId' })
  const message = useFieldMessage(fieldState.error)
  const connections = useMemo(
    () =>
      (query.data ?? []).filter(
        (connection) => !channel || CHANNELS_OF[channel].includes(connection.channel),
      ),
    [query.data, channel],
  )
  const id = field.value
  const chosen = connections.find((connection) => connection.id === id)
  // A connection that cannot reach the contact chosen since goes back to the automatic choice.
  const unreachable =
    !disabled &&
    id !== null &&
    !chosen &&
    (query.data ?? []).some((connection) => connection.id === id)
  const { onChange } = field
  useEffect(() => {
    if (unreachable) onChange(null)
  }, [unreachable, onChange])
  const storedName = stored && stored.id === id ? stored.name : null
  const automatic = t('connection.automatic')
  const label =
    id === null ? automatic : (chosen?.name ?? storedName ?? t('connection.stored', { id }))

  const hint = () => {
    if (query.isError) return t('hints.choicesFailed')
    if (chosen && chosen.status !== 'CONNECTED') return t('hints.connectionOffline')
    return t('hints.connection')
  }

  return (
    <Field label={t('fields.connection')} hint={hint()} validationMessage={message}>
      <Dropdown
        ref={field.ref}
        value={label}
        selectedOptions={[id === null ? AUTOMATIC : String(id)]}
        disabled={disabled || query.isLoading}
        onOptionSelect={(_event, data) => {
          if (data.optionValue === undefined) return
          field.onChange(data.optionValue === AUTOMATIC ? null : Number(data.optionValue))
        }}
        onBlur={field.onBlur}
      >
        <Option value={AUTOMATIC} text={automatic}>
          {automatic}
        </Option>
        {connections.map((connection) => {
          const online = connection.status === 'CONNECTED'
          return (
            <Option key={connection.id} value={String(connection.id)} text={connection.name}>
              <span className={styles.option}>
                <span className={styles.optionName}>{connection.name}</span>
                <Badge appearance="tint" size="small" color={online ? 'success' : 'danger'}>
                  {t(online ? 'connection.online' : 'connection.offline')}
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
