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
import type { ContactListItemDto } from '@shared/contracts/contact-lists'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { TextField } from '@renderer/components/form/TextField'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { notifyError, notifyInfo, notifySuccess } from '@renderer/lib/notify'
import { isExistingContact, readContactListItemFieldError } from '../api'
import {
  contactListItemSchema,
  isContactListItemField,
  toContactListItemBody,
  toContactListItemFormValues,
  type ContactListItemFormValues,
} from '../forms/contact-list-schemas'
import { useSaveContactListItemMutation } from '../mutations'
import { contactListQueries } from '../queries'
import { useContactListDialogStyles } from './ContactListDialog.styles'

export interface ContactListItemDialogProps {
  open: boolean
  /** The list a new contact joins. */
  contactListId: number
  /** The contact to edit; absent to add one. */
  itemId?: number
  onClose: () => void
}

/**
 * Add or edit a contact of a list (002 §2.5, §5): name, number and e-mail. Escape and Cancel
 * close it; Enter saves.
 */
export const ContactListItemDialog = ({
  open,
  contactListId,
  itemId,
  onClose,
}: ContactListItemDialogProps) => {
  const { t } = useTranslation('contactLists')
  const styles = useContactListDialogStyles()
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={itemId}
      load={contactListQueries.itemDetail}
      surfaceClassName={styles.surface}
      title={t('items.dialog.editTitle')}
      loadingLabel={t('items.dialog.loading')}
      errorLabel={t('items.dialog.loadError')}
    >
      {(record) => (
        <ContactListItemForm
          key={itemId ?? 'new'}
          item={record}
          contactListId={contactListId}
          onClose={onClose}
        />
      )}
    </RecordDialog>
  )
}

interface ContactListItemFormProps {
  item: ContactListItemDto | null
  contactListId: number
  onClose: () => void
}

const ContactListItemForm = ({ item, contactListId, onClose }: ContactListItemFormProps) => {
  const { t } = useTranslation('contactLists')
  const styles = useContactListDialogStyles()
  const { control, handleSubmit, setError, formState } = useForm<ContactListItemFormValues>({
    defaultValues: toContactListItemFormValues(item),
    resolver: yupResolver(contactListItemSchema),
  })
  const mutation = useSaveContactListItemMutation()

  /** Puts a server refusal on its field; the mutation toasts the others. */
  const showServerError = (error: unknown) => {
    const fieldError = readContactListItemFieldError(error)
    if (!fieldError) return
    if (isContactListItemField(fieldError.field)) {
      setError(
        fieldError.field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: ContactListItemFormValues) => {
    const body = toContactListItemBody(values)
    let saved: ContactListItemDto
    try {
      saved = await mutation.mutateAsync({ id: item?.id ?? null, contactListId, body })
    } catch (error) {
      showServerError(error)
      return
    }
    if (item) notifySuccess(t('items.toasts.edited'))
    else if (isExistingContact(body, saved))
      notifyInfo(t('items.toasts.existing', { name: saved.name }))
    else notifySuccess(t('items.toasts.added'))
    onClose()
  }

  const saving = formState.isSubmitting
  return (
    <Form namespace="contactLists" onSubmit={handleSubmit(handleSave)}>
      <DialogBody>
        <DialogTitle>{t(item ? 'items.dialog.editTitle' : 'items.dialog.addTitle')}</DialogTitle>
        <DialogContent className={styles.content}>
          <TextField control={control} name="name" label={t('items.fields.name')} required />
          <TextField
            control={control}
            name="number"
            type="tel"
            inputMode="tel"
            label={t('items.fields.number')}
            hint={t('items.hints.number')}
            required
          />
          <TextField control={control} name="email" type="email" label={t('items.fields.email')} />
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(item ? 'actions.save' : 'items.dialog.submitAdd')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
