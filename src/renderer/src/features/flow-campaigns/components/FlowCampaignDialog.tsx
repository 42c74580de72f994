import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Link,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useMemo } from 'react'
import { useForm, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { FlowCampaignDto } from '@shared/contracts/flow-campaigns'
import { routeLink } from '@shared/navigation'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { SelectField } from '@renderer/components/form/SelectField'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextField } from '@renderer/components/form/TextField'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { useFlowOptions } from '@renderer/features/flows'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { readFlowCampaignFieldError } from '../api'
import {
  flowCampaignSchema,
  isFlowCampaignField,
  toFlowCampaignBody,
  toFlowCampaignFormValues,
  type FlowCampaignFormValues,
} from '../forms/flow-campaign-schema'
import type { ConnectionChoices } from '../hooks/useConnectionChoices'
import { useSaveFlowCampaignMutation } from '../mutations'
import { flowCampaignQueries } from '../queries'
import { ConnectionPickerField } from './ConnectionPickerField'
import { useFlowCampaignDialogStyles } from './FlowCampaignDialog.styles'

export interface FlowCampaignDialogProps {
  open: boolean
  /** The campaign to edit; absent to create one. */
  campaignId?: number
  /** The company's connections, as the page reads them. */
  connections: ConnectionChoices
  onClose: () => void
}

/**
 * Create or edit a campaign by phrase (002 §2.16): its name, the flow it starts, the connection
 * whose contacts start it, the phrase, and whether it is on. Escape and Cancel close it; Enter
 * in a one-line field saves.
 */
export const FlowCampaignDialog = ({
  open,
  campaignId,
  connections,
  onClose,
}: FlowCampaignDialogProps) => {
  const { t } = useTranslation('flowCampaigns')
  const styles = useFlowCampaignDialogStyles()
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={campaignId}
      load={flowCampaignQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => (
        <FlowCampaignForm
          key={campaignId ?? 'new'}
          campaign={record}
          connections={connections}
          onClose={onClose}
        />
      )}
    </RecordDialog>
  )
}

interface FlowCampaignFormProps {
  campaign: FlowCampaignDto | null
  connections: ConnectionChoices
  onClose: () => void
}

const FlowCampaignForm = ({ campaign, connections, onClose }: FlowCampaignFormProps) => {
  const { t } = useTranslation('flowCampaigns')
  const styles = useFlowCampaignDialogStyles()
  const { control, handleSubmit, setError, formState } = useForm<FlowCampaignFormValues>({
    defaultValues: toFlowCampaignFormValues(campaign),
    resolver: yupResolver(flowCampaignSchema),
  })
  const mutation = useSaveFlowCampaignMutation()

  /** Puts a server refusal on its field; the mutation toasts the others. */
  const showServerError = (error: unknown) => {
    const fieldError = readFlowCampaignFieldError(error)
    if (!fieldError) return
    if (isFlowCampaignField(fieldError.field)) {
      setError(
        fieldError.field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: FlowCampaignFormValues) => {
    try {
      await mutation.mutateAsync({
        id: campaign?.id ?? null,
        body: toFlowCampaignBody(values),
        status: values.status,
      })
    } catch (error) {
      showServerError(error)
      return
    }
    notifySuccess(t(campaign ? 'toasts.edited' : 'toasts.created'))
    onClose()
  }

  const saving = formState.isSubmitting
  return (
    <Form namespace="flowCampaigns" onSubmit={handleSubmit(handleSave)}>
      <DialogBody>
        <DialogTitle>{t(campaign ? 'dialog.editTitle' : 'dialog.addTitle')}</DialogTitle>
        <DialogContent className={styles.content}>
          <TextField control={control} name="name" label={t('fields.name')} required />
          <div className={styles.row}>
            <FlowPickerField control={control} campaign={campaign} />
            <ConnectionPickerField control={control} choices={connections} />
          </div>
          <TextField
            control={control}
            name="phrase"
            label={t('fields.phrase')}
            hint={t('hints.phrase')}
            required
          />
          <SwitchField control={control} name="status" label={t('fields.status')} />
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(campaign ? 'dialog.submitEdit' : 'dialog.submitAdd')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}

interface FlowPickerFieldProps {
  control: Control<FlowCampaignFormValues>
  campaign: FlowCampaignDto | null
}

/**
 * The flow the phrase starts, by name. The campaign's own flow keeps its name while the list
 * loads or should it miss it; a company without flows is pointed to /flowbuilders.
 */
const FlowPickerField = ({ control, campaign }: FlowPickerFieldProps) => {
  const { t } = useTranslation('flowCampaigns')
  const styles = useFlowCampaignDialogStyles()
  const flows = useFlowOptions()
  const options = useMemo(() => {
    if (!campaign || flows.options.some((option) => option.value === campaign.flowId)) {
      return flows.options
    }
    return [...flows.options, { value: campaign.flowId, label: campaign.flowName }]
  }, [flows.options, campaign])

  const hint = () => {
    if (flows.isLoading) return t('hints.flowsLoading')
    if (flows.isError) return t('hints.flowsFailed')
    return undefined
  }

  return (
    <div className={styles.picker}>
      <SelectField
        control={control}
        name="flowId"
        label={t('fields.flow')}
        hint={hint()}
        required
        disabled={flows.isLoading}
        options={options}
      />
      {!flows.isLoading && !flows.isError && flows.options.length === 0 && (
        <Link className={styles.pickerLink} href={`#${routeLink('flowBuilders')}`}>
          {t('hints.noFlows')}
        </Link>
      )}
    </div>
  )
}
