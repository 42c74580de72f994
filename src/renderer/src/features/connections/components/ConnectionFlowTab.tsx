import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ReferenceField } from '@renderer/components/form/ReferenceField'
import type { ConnectionFormValues } from '../forms/connection-schema'

/** The default-flow tab: the flows that welcome a contact and answer an unknown phrase. */
export const ConnectionFlowTab = ({ control }: { control: Control<ConnectionFormValues> }) => {
  const { t } = useTranslation('connections')
  const storedLabel = (id: number) => t('dialog.storedOption', { id })
  return (
    <>
      <ReferenceField
        control={control}
        name="flowIdWelcome"
        label={t('dialog.flowWelcome')}
        hint={t('dialog.notYetHint')}
        noneLabel={t('dialog.noneOption')}
        storedLabel={storedLabel}
      />
      <ReferenceField
        control={control}
        name="flowIdNotPhrase"
        label={t('dialog.flowNotPhrase')}
        hint={t('dialog.notYetHint')}
        noneLabel={t('dialog.noneOption')}
        storedLabel={storedLabel}
      />
    </>
  )
}
