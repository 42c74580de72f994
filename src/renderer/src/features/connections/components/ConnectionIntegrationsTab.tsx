import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ReferenceField } from '@renderer/components/form/ReferenceField'
import type { ConnectionFormValues } from '../forms/connection-schema'

export interface ConnectionIntegrationsTabProps {
  control: Control<ConnectionFormValues>
  /** The plan has OpenAI: only then is there a prompt to pick. */
  withPrompt: boolean
}

/** The integrations tab: the queue integration and, with OpenAI, the prompt. */
export const ConnectionIntegrationsTab = ({
  control,
  withPrompt,
}: ConnectionIntegrationsTabProps) => {
  const { t } = useTranslation('connections')
  const storedLabel = (id: number) => t('dialog.storedOption', { id })
  return (
    <>
      <ReferenceField
        control={control}
        name="integrationId"
        label={t('dialog.integration')}
        hint={t('dialog.notYetHint')}
        noneLabel={t('dialog.noneOption')}
        storedLabel={storedLabel}
      />
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
