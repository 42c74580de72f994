import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ReferenceField } from '@renderer/components/form/ReferenceField'
import { SelectField } from '@renderer/components/form/SelectField'
import { useIntegrationOptions } from '@renderer/features/queue-integrations'
import type { ConnectionFormValues } from '../forms/connection-schema'

export interface ConnectionIntegrationsTabProps {
  control: Control<ConnectionFormValues>
  /** The plan has integrations: only then is there one to pick. */
  withIntegration: boolean
  /** The plan has OpenAI: only then is there a prompt to pick. */
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
  const storedLabel = (id: number) => t('dialog.storedOption', { id })
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
      {withPrompt && (
        <ReferenceField
          control={control}
          name="promptId"
          label={t('dialog.prompt')}
          hint={t('dialog.notYetHint')}
          noneLabel={t('dialog.noneOption')}
          storedLabel={storedLabel}
        />
      )}
    </>
  )
}
