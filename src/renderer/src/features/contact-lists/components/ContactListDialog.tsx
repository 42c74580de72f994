import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { ContactListDto } from '@shared/contracts/contact-lists'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { TextField } from '@renderer/components/form/TextField'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { readContactListFieldError } from '../api'
import {
  contactListSchema,
  toContactListBody,
  toContactListFormValues,
  type ContactListFormValues,
} from '../forms/contact-list-schemas'
import { useSaveContactListMutation } from '../mutations'
import { contactListQueries } from '../queries'
import { useContactListDialogStyles } from './ContactListDialog.styles'

export interface ContactListDialogProps {
  open: boolean
  /** The list to rename; absent to create one. */
  contactListId?: number
  onClose: () => void
}

/**
 * Create or rename a contact list (002 §2.4, §5: the name, 2 to 50 characters). Escape and
 * Cancel close it; Enter saves.
 */
export const ContactListDialog = ({ open, contactListId, onClose }: ContactListDialogProps) => {
  const { t } = useTranslation('contactLists')
  const styles = useContactListDialogStyles()
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={contactListId}
      load={contactListQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => <ContactListForm key={contactListId ?? 'new'} list={record} onClose={onClose} />}
    </RecordDialog>
  )
}

interface ContactListFormProps {
  list: ContactListDto | null
  onClose: () => void
}

const ContactListForm = ({ list, onClose }: ContactListFormProps) => {
  const { t } = useTranslation('contactLists')
  const styles = useContactListDialogStyles()
  const { control, handleSubmit, setError, formState } = useForm<ContactListFormValues>({
    defaultValues: toContactListFormValues(list),
    resolver: yupResolver(contactListSchema),
  })
  const mutation = useSaveContactListMutation()

  const handleSave = async (values: ContactListFormValues) => {
    try {
      await mutation.mutateAsync({ id: list?.id ?? null, body: toContactListBody(values) })
    } catch (error) {
      // The name is the form's only field: a refusal naming another one is a toast.
      const fieldError = readContactListFieldError(error)
      if (fieldError?.field === 'name') {
        setError(
          'name',
          { type: 'server', message: `errors:${fieldError.code}` },
          { shouldFocus: true },
        )
      } else if (fieldError) {
        notifyError(error)
      }
      return
    }
    notifySuccess(t(list ? 'toasts.edited' : 'toasts.added'))
    onClose()
  }

  const saving = formState.isSubmitting
  return (
    <Form namespace="contactLists" onSubmit={handleSubmit(handleSave)}>
      <DialogBody>
        <DialogTitle>{t(list ? 'dialog.editTitle' : 'dialog.addTitle')}</DialogTitle>
        <DialogContent className={styles.content}>
          <TextField control={control} name="name" label={t('fields.name')} required />
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(list ? 'actions.save' : 'dialog.submitAdd')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
