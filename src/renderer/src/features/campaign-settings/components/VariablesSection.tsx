import { Body1, Button, Caption1 } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useRef } from 'react'
import { useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CAMPAIGN_VARIABLE_KEY, CAMPAIGN_VARIABLES_MAX } from '@shared/contracts/campaigns'
import { TextField } from '@renderer/components/form/TextField'
import {
  CONTACT_VARIABLES,
  type CampaignSettingsFormValues,
} from '../forms/campaign-settings-schema'
import { SettingsSection } from './SettingsSection'
import { useVariablesSectionStyles } from './VariablesSection.styles'

interface FormProps {
  control: Control<CampaignSettingsFormValues>
  disabled: boolean
}

/** How a variable is written in a campaign's texts, once its key may be one. */
const VariableUsage = ({ control, index }: { control: FormProps['control']; index: number }) => {
  const { t } = useTranslation('campaignSettings')
  const styles = useVariablesSectionStyles()
  const key = useWatch({ control, name: `variables.${index}.key` }).trim()
  if (!CAMPAIGN_VARIABLE_KEY.test(key) || CONTACT_VARIABLES.includes(key)) return null
  return (
    <Caption1 className={styles.usage}>
      {t('variables.usage')}
      <code className={styles.token}>{`{${key}}`}</code>
    </Caption1>
  )
}

/**
 * The translated message of the list itself (too many, refused by the rules or the server).
 * While a row shows its own message, the list's would only repeat that something is wrong.
 */
const useListError = (control: FormProps['control'], rows: number): string | undefined => {
  const { t } = useTranslation('campaignSettings')
  const { errors } = useFormState({ control, name: 'variables' })
  const list = errors.variables
  // The resolver may turn the rows' errors into an object beside `root`: read them by index.
  if (Array.from({ length: rows }, (_, index) => list?.[index]).some(Boolean)) return undefined
  const message = list?.root?.message ?? list?.message
  return message ? t(message) : undefined
}

/**
 * Variáveis: constant texts campaigns write where their `{key}` appears (reference §1
 * "Variables"), up to CAMPAIGN_VARIABLES_MAX. Each row is a group named by its position.
 */
export const VariablesSection = ({ control, disabled }: FormProps) => {
  const { t } = useTranslation('campaignSettings')
  const styles = useVariablesSectionStyles()
  const { fields, append, remove } = useFieldArray({ control, name: 'variables' })
  const listError = useListError(control, fields.length)
  const addRef = useRef<HTMLButtonElement>(null)
  const full = fields.length >= CAMPAIGN_VARIABLES_MAX

  // The removed row held the focus: it goes to the add button rather than to the page.
  const handleRemove = (index: number) => {
    remove(index)
    addRef.current?.focus()
  }

  return (
    <SettingsSection title={t('variables.title')} description={t('variables.description')}>
      {fields.length === 0 ? (
        <Body1>{t('variables.empty')}</Body1>
      ) : (
        <div className={styles.list}>
          {fields.map((field, index) => {
            const position = index + 1
            return (
              <div
                key={field.id}
                className={styles.row}
                role="group"
                aria-label={t('variables.row', { index: position })}
              >
                <div className={styles.fields}>
                  <TextField
                    control={control}
                    name={`variables.${index}.key`}
                    label={t('variables.key')}
                    placeholder={t('variables.keyPlaceholder')}
                    required
                    disabled={disabled}
                  />
                  <TextField
                    control={control}
                    name={`variables.${index}.value`}
                    label={t('variables.value')}
                    disabled={disabled}
                  />
                </div>
                <div className={styles.rowFooter}>
                  <VariableUsage control={control} index={index} />
                  <Button
                    className={styles.remove}
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('variables.remove', { index: position })}
                    disabled={disabled}
                    onClick={() => handleRemove(index)}
                  >
                    {t('variables.removeShort')}
                  </Button>
                </div>
              </div>
            )
          })}
        </div>
      )}
      {listError && (
        <Body1 className={styles.error} role="alert">
          {listError}
        </Body1>
      )}
      <div className={styles.actions}>
        <Button
          ref={addRef}
          icon={<AddRegular />}
          disabled={disabled || full}
          onClick={() => append({ key: '', value: '' })}
        >
          {t('variables.add')}
        </Button>
        <Caption1 className={styles.count}>
          {t(full ? 'variables.full' : 'variables.count', {
            used: fields.length,
            max: CAMPAIGN_VARIABLES_MAX,
          })}
        </Caption1>
      </div>
    </SettingsSection>
  )
}
