import { Link } from '@fluentui/react-components'
import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { routeLink } from '@shared/navigation'
import { SelectField } from '@renderer/components/form/SelectField'
import { useIntegrationOptions } from '@renderer/features/queue-integrations'
import type { ConnectionFormValues } from '../forms/connection-schema'
import { usePromptOptions } from '@renderer/features/prompts'
import { useConnectionDialogStyles } from './ConnectionDialog.styles'

export interface ConnectionIntegrationsTabProps {
  control: Control<ConnectionFormValues>
  /** The plan has integrations: only then is there one to pick. */
  withIntegration: boolean
  /** An admin whose plan has OpenAI: only then is there a prompt to pick. */
  withPrompt: boolean
}

/** The integrations tab: the company's integration and, with OpenAI, the prompt. */
export const ConnectionIntegrationsTab = ({
  control,
  withIntegration,
  withPrompt,
}: ConnectionIntegrationsTabProps) => {
  const { t } = useTranslation('connections')
  const integrations = useIntegrationOptions(withIntegration)
  return (
    <>
      {withIntegration && (
        <SelectField
          control={control}
          name="integrationId"
          label={t('dialog.integration')}
          noneLabel={t('dialog.noneOption')}
          options={integrations}
        />
      )}
      {withPrompt && <PromptField control={control} />}
    </>
  )
}

/**
 * The AI prompt answering the connection's contacts: none, or one of the company's by name.
 * While the list loads the stored prompt shows by its id; a company without prompts is pointed
 * to /prompts.
 */
const PromptField = ({ control }: { control: Control<ConnectionFormValues> }) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionDialogStyles()
  const prompts = usePromptOptions(true)
  const stored = useWatch({ control, name: 'promptId' })
  const listed = stored === null || prompts.options.some((option) => option.value === stored)
  const options = listed
    ? prompts.options
    : [...prompts.options, { value: stored, label: t('dialog.storedOption', { id: stored }) }]
  return (
    <div className={styles.picker}>
      <SelectField
        control={control}
        name="promptId"
        label={t('dialog.prompt')}
        hint={prompts.isLoading ? t('dialog.promptsLoading') : undefined}
        disabled={prompts.isLoading}
        noneLabel={t('dialog.noneOption')}
        options={options}
      />
      {!prompts.isLoading && prompts.options.length === 0 && (
        <Link className={styles.pickerHint} href={`#${routeLink('prompts')}`}>
          {t('dialog.noPrompts')}
        </Link>
      )}
    </div>
  )
}
