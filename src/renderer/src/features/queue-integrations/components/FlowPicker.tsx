import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SelectField } from '@renderer/components/form/SelectField'
import { useFlowOptions } from '@renderer/features/flows'
import type { IntegrationFormValues } from '../forms/integration-schema'

/**
 * A flow integration's flow (issue 18): a queue that uses the integration runs it for each
 * contact it takes in. The company's flows by name.
 */
export const FlowPicker = ({ control }: { control: Control<IntegrationFormValues> }) => {
  const { t } = useTranslation('queueIntegrations')
  const flows = useFlowOptions()
  const hint = flows.isLoading
    ? t('hints.flowsLoading')
    : flows.isError
      ? t('hints.flowsFailed')
      : flows.options.length === 0
        ? t('hints.noFlows')
        : t('hints.flowId')
  return (
    <SelectField
      control={control}
      name="flowId"
      label={t('fields.flowId')}
      hint={hint}
      required
      disabled={flows.isLoading}
      options={flows.options}
    />
  )
}
