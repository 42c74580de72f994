import { Field, Option } from '@fluentui/react-components'
import { useController, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Dropdown } from '@renderer/components/Dropdown'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import type { FlowCampaignFormValues } from '../forms/flow-campaign-schema'
import type { ConnectionChoices } from '../hooks/useConnectionChoices'
import { ConnectionStatusBadge, isOnline } from './ConnectionStatusBadge'
import { useConnectionPickerFieldStyles } from './ConnectionPickerField.styles'

export interface ConnectionPickerFieldProps {
  control: Control<FlowCampaignFormValues>
  choices: ConnectionChoices
}

/**
 * The connection whose contacts' phrase starts the flow (002 §2.16): each choice with its
 * status, a stored connection the list misses by its id, and a warning when the chosen one is
 * offline, since a campaign only fires on a connected one.
 */
export const ConnectionPickerField = ({ control, choices }: ConnectionPickerFieldProps) => {
  const { t } = useTranslation('flowCampaigns')
  const styles = useConnectionPickerFieldStyles()
  const { field, fieldState } = useController({ control, name: 'whatsappId' })
  const message = useFieldMessage(fieldState.error)
  const id = field.value
  const chosen = choices.connections.find((connection) => connection.id === id)
  const storedLabel = (stored: number) => t('dialog.storedConnection', { id: stored })
  const label = id === null ? '' : (chosen?.name ?? storedLabel(id))

  const hint = () => {
    if (choices.isLoading) return t('hints.connectionsLoading')
    if (choices.isError) return t('hints.connectionsFailed')
    if (choices.connections.length === 0) return t('hints.noConnections')
    if (chosen && !isOnline(chosen.status)) return t('hints.connectionOffline')
    return undefined
  }

  return (
    <Field label={t('fields.connection')} hint={hint()} required validationMessage={message}>
      <Dropdown
        ref={field.ref}
        value={label}
        selectedOptions={id === null ? [] : [String(id)]}
        placeholder={t('placeholders.connection')}
        disabled={choices.isLoading}
        onOptionSelect={(_event, data) => {
          if (data.optionValue) field.onChange(Number(data.optionValue))
        }}
        onBlur={field.onBlur}
      >
        {choices.connections.map((connection) => (
          <Option key={connection.id} value={String(connection.id)} text={connection.name}>
            <span className={styles.option}>
              <span className={styles.name}>{connection.name}</span>
              <ConnectionStatusBadge className={styles.badge} status={connection.status} />
            </span>
          </Option>
        ))}
        {id !== null && !chosen && <Option value={String(id)}>{storedLabel(id)}</Option>}
      </Dropdown>
    </Field>
  )
}
