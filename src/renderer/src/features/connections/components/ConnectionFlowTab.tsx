import { Link } from '@fluentui/react-components'
import { useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { routeLink } from '@shared/navigation'
import { isAdmin } from '@shared/permissions'
import { SelectField } from '@renderer/components/form/SelectField'
import { useFlowOptions, type FlowOptions } from '@renderer/features/flows'
import { useCurrentUser } from '@renderer/hooks/useSession'
import type { ConnectionFormValues } from '../forms/connection-schema'
import { useConnectionDialogStyles } from './ConnectionDialog.styles'

type FlowFieldName = 'flowIdWelcome' | 'flowIdNotPhrase'

/**
 * The default-flow tab: the flows that welcome a contact and answer a message no phrase
 * campaign matches, each none or one of the company's flows by name. An admin whose company
 * has no flow yet is pointed to /flowbuilders.
 */
export const ConnectionFlowTab = ({ control }: { control: Control<ConnectionFormValues> }) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionDialogStyles()
  const flows = useFlowOptions()
  const admin = isAdmin(useCurrentUser())
  return (
    <>
      <FlowField control={control} name="flowIdWelcome" flows={flows} />
      <FlowField control={control} name="flowIdNotPhrase" flows={flows} />
      {admin && !flows.isLoading && !flows.isError && flows.options.length === 0 && (
        <Link className={styles.pickerHint} href={`#${routeLink('flowBuilders')}`}>
          {t('dialog.noFlows')}
        </Link>
      )}
    </>
  )
}

const LABELS = { flowIdWelcome: 'dialog.flowWelcome', flowIdNotPhrase: 'dialog.flowNotPhrase' }

interface FlowFieldProps {
  control: Control<ConnectionFormValues>
  name: FlowFieldName
  flows: FlowOptions
}

/**
 * One default flow. While the list loads, or should it miss the stored flow, that flow shows by
 * its id, so saving never drops what another client chose.
 */
const FlowField = ({ control, name, flows }: FlowFieldProps) => {
  const { t } = useTranslation('connections')
  const stored = useWatch({ control, name })
  const listed = stored === null || flows.options.some((option) => option.value === stored)
  const options = listed
    ? flows.options
    : [...flows.options, { value: stored, label: t('dialog.storedOption', { id: stored }) }]
  const hint = () => {
    if (flows.isLoading) return t('dialog.flowsLoading')
    if (flows.isError) return t('dialog.flowsFailed')
    return undefined
  }
  return (
    <SelectField
      control={control}
      name={name}
      label={t(LABELS[name])}
      hint={hint()}
      disabled={flows.isLoading}
      noneLabel={t('dialog.noneOption')}
      options={options}
    />
  )
}
