import { Button, Tooltip } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { CAMPAIGN_RECIPIENT_VARIABLES, type CampaignVariable } from '@shared/contracts/campaigns'
import { useVariableChipsStyles } from './VariableChips.styles'

export interface VariableChipsProps {
  /** The company's custom variables (campaign settings), offered after the built-in ones. */
  variables: readonly CampaignVariable[]
  disabled: boolean
  onInsert: (token: string) => void
  /** The group's name; "Variables" unless told. */
  label?: string
  /** A chip's name, when "Insert {token}" would not say where it goes. */
  insertLabel?: (token: string) => string
}

/**
 * The variables a campaign text may hold (reference §1 "Variables"), `{nome}`, `{numero}`,
 * `{email}` and the custom ones, as chips that insert themselves into the text.
 */
export const VariableChips = ({
  variables,
  disabled,
  onInsert,
  label,
  insertLabel,
}: VariableChipsProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useVariableChipsStyles()
  const nameOf = (token: string) => insertLabel?.(token) ?? t('variables.insert', { token })
  return (
    <div role="group" aria-label={label ?? t('variables.label')} className={styles.root}>
      {CAMPAIGN_RECIPIENT_VARIABLES.map((key) => (
        <VariableChip
          key={key}
          token={`{${key}}`}
          name={nameOf(`{${key}}`)}
          disabled={disabled}
          onInsert={onInsert}
        />
      ))}
      {variables.map((variable) => (
        <VariableChip
          key={variable.key}
          token={`{${variable.key}}`}
          name={nameOf(`{${variable.key}}`)}
          description={variable.value}
          disabled={disabled}
          onInsert={onInsert}
        />
      ))}
    </div>
  )
}

interface VariableChipProps {
  token: string
  name: string
  /** A custom variable's value, told on hover and focus. */
  description?: string
  disabled: boolean
  onInsert: (token: string) => void
}

const VariableChip = ({ token, name, description, disabled, onInsert }: VariableChipProps) => {
  const chip = (
    <Button
      size="small"
      shape="circular"
      appearance="outline"
      aria-label={name}
      disabled={disabled}
      onClick={() => onInsert(token)}
    >
      {token}
    </Button>
  )
  return description === undefined ? (
    chip
  ) : (
    <Tooltip content={description} relationship="description">
      {chip}
    </Tooltip>
  )
}
