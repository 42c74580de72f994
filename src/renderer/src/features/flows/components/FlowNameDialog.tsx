import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FLOW_NAME, type FlowDto } from '@shared/contracts/flows'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { TextField } from '@renderer/components/form/TextField'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { readFlowFieldError } from '../api'
import { flowNameSchema, isFlowNameField, type FlowNameFormValues } from '../forms/flow-name-schema'
import { useSaveFlowNameMutation } from '../mutations'
import { useFlowNameDialogStyles } from './FlowNameDialog.styles'

export interface FlowNameDialogProps {
  open: boolean
  /** The flow to rename; null to create one. */
  flow: FlowDto | null
  onClose: () => void
  /** After a save: the flow as the server answered it, and whether it is new. */
  onSaved: (flow: FlowDto, created: boolean) => void
}

/**
 * A flow's name, alone (002 §2.14 'Editar nome', and the first step of 'Adicionar Fluxo'):
 * required, 2 to 50 characters, unique in the company. Escape and Cancel close it; Enter saves.
 */
export const FlowNameDialog = ({ open, flow, onClose, onSaved }: FlowNameDialogProps) => {
  const styles = useFlowNameDialogStyles()
  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <FlowNameForm key={flow?.id ?? 'new'} flow={flow} onClose={onClose} onSaved={onSaved} />
      </DialogSurface>
    </Dialog>
  )
}

type FlowNameFormProps = Omit<FlowNameDialogProps, 'open'>

const FlowNameForm = ({ flow, onClose, onSaved }: FlowNameFormProps) => {
  const { t } = useTranslation('flows')
  const { control, handleSubmit, setError, formState } = useForm<FlowNameFormValues>({
    defaultValues: { name: flow?.name ?? '' },
    resolver: yupResolver(flowNameSchema),
  })
  const mutation = useSaveFlowNameMutation()

  /** Puts a server refusal on the name; the mutation toasts the others. */
  const showServerError = (error: unknown) => {
    const fieldError = readFlowFieldError(error)
    if (!fieldError) return
    if (isFlowNameField(fieldError.field)) {
      setError(
        fieldError.field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: FlowNameFormValues) => {
    let saved: FlowDto
    try {
      saved = await mutation.mutateAsync({ id: flow?.id ?? null, name: values.name.trim() })
    } catch (error) {
      showServerError(error)
      return
    }
    notifySuccess(t(flow ? 'toasts.renamed' : 'toasts.created'))
    onSaved(saved, flow === null)
  }

  const saving = formState.isSubmitting
  return (
    <Form namespace="flows" onSubmit={handleSubmit(handleSave)}>
      <DialogBody>
        <DialogTitle>{t(flow ? 'dialog.renameTitle' : 'dialog.addTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            control={control}
            name="name"
            label={t('fields.name')}
            hint={t('hints.name', FLOW_NAME)}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(flow ? 'actions.save' : 'dialog.submitAdd')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
