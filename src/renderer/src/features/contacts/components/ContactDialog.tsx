import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Subtitle2,
} from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { isAxiosError } from 'axios'
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { RecordDialog } from '@renderer/components/RecordDialog'
import type { ContactDetailDto, ContactDto } from '@shared/contracts/contacts'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { TextField } from '@renderer/components/form/TextField'
import { errorCodeOf } from '@renderer/lib/http'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import {
  contactSchema,
  contactToFormValues,
  emptyContactFormValues,
  storedNumberNotice,
  type ContactFormValues,
} from '../forms/contact-schema'
import { useSaveContactMutation } from '../mutations'
import { contactQueries } from '../queries'
import { useContactDialogStyles } from './ContactDialog.styles'
import { ContactTagsField } from './ContactTagsField'

export interface ContactDialogProps {
  open: boolean
  /** The contact to edit; absent to create one. */
  contactId?: number
  /** A name to start a new contact with (the send-contact modal's typed name). */
  initialName?: string
  onClose: () => void
  onSaved?: (contact: ContactDto) => void
}

/** The contact add/edit dialog (000 §5 Contact form). Escape and Cancel close it. */
export const ContactDialog = ({
  open,
  contactId,
  initialName,
  onClose,
  onSaved,
}: ContactDialogProps) => {
  const { t } = useTranslation('contacts')
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={contactId}
      load={contactQueries.detail}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
    >
      {(record) => (
        <ContactForm
          key={contactId}
          contact={record}
          initialName={initialName}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </RecordDialog>
  )
}

type ServerField = 'name' | 'number' | 'email'

/** The field a refused save points at: a duplicate is about the number, ERR_VALIDATION names it. */
const serverFieldOf = (error: unknown): { field: ServerField; code: string } | null => {
  if (!isAxiosError(error)) return null
  const body: unknown = error.response?.data
  const code = errorCodeOf(body)
  if (!code) return null
  if (code === 'ERR_DUPLICATED_CONTACT' || code.startsWith('ERR_WAPP_')) {
    return { field: 'number', code }
  }
  if (code === 'ERR_VALIDATION' && typeof body === 'object' && body !== null && 'field' in body) {
    const field = body.field
    if (field === 'name' || field === 'number' || field === 'email') return { field, code }
  }
  return null
}

interface ContactFormProps {
  contact: ContactDetailDto | null
  initialName?: string
  onClose: () => void
  onSaved?: (contact: ContactDto) => void
}

const ContactForm = ({ contact, initialName, onClose, onSaved }: ContactFormProps) => {
  const { t } = useTranslation('contacts')
  const styles = useContactDialogStyles()
  const mutation = useSaveContactMutation()
  const tagOptions = useQuery(contactQueries.tagOptions(0))
  const { control, handleSubmit, setError, formState } = useForm<ContactFormValues>({
    defaultValues: contact
      ? contactToFormValues(contact)
      : { ...emptyContactFormValues, name: initialName ?? '' },
    resolver: yupResolver(contactSchema),
  })
  const extraInfo = useFieldArray({ control, name: 'extraInfo', keyName: 'key' })
  const storedNumber = storedNumberNotice(useWatch({ control, name: 'number' }))

  const handleSave = async (values: ContactFormValues) => {
    try {
      const saved = await mutation.mutateAsync({ contact, values })
      notifySuccess(t(contact ? 'toasts.saved' : 'toasts.created'))
      onSaved?.(saved)
      onClose()
    } catch (error) {
      const fieldError = serverFieldOf(error)
      if (fieldError) {
        setError(
          fieldError.field,
          { type: 'server', message: `errors:${fieldError.code}` },
          { shouldFocus: true },
        )
      } else {
        notifyError(error)
      }
    }
  }

  const saving = formState.isSubmitting

  return (
    <Form namespace="contacts" onSubmit={handleSubmit(handleSave)}>
      <DialogBody>
        <DialogTitle>{t(contact ? 'dialog.editTitle' : 'dialog.addTitle')}</DialogTitle>
        <DialogContent className={styles.content}>
          <Subtitle2>{t('dialog.sections.data')}</Subtitle2>
          <div className={styles.grid}>
            <TextField control={control} name="name" label={t('dialog.fields.name')} required />
            <TextField
              control={control}
              name="number"
              type="tel"
              label={t('dialog.fields.number')}
              placeholder={t('dialog.numberPlaceholder')}
              hint={storedNumber ? t('dialog.numberStoredAs', { number: storedNumber }) : undefined}
              required
            />
            <TextField
              className={styles.wide}
              control={control}
              name="email"
              type="email"
              label={t('dialog.fields.email')}
            />
            <div className={styles.wide}>
              <Controller
                control={control}
                name="tags"
                render={({ field }) => (
                  <ContactTagsField
                    value={field.value}
                    onChange={field.onChange}
                    options={tagOptions.data ?? []}
                    disabled={saving}
                  />
                )}
              />
            </div>
          </div>
          <Subtitle2>{t('dialog.sections.extraInfo')}</Subtitle2>
          {extraInfo.fields.map((item, index) => (
            <div key={item.key} className={styles.extraRow}>
              <TextField
                control={control}
                name={`extraInfo.${index}.name`}
                label={t('dialog.fields.extraName')}
              />
              <TextField
                control={control}
                name={`extraInfo.${index}.value`}
                label={t('dialog.fields.extraValue')}
              />
              <Button
                appearance="subtle"
                className={styles.removeExtra}
                icon={<DeleteRegular />}
                aria-label={t('dialog.removeExtra')}
                onClick={() => extraInfo.remove(index)}
              />
            </div>
          ))}
          <div>
            <Button
              appearance="secondary"
              icon={<AddRegular />}
              onClick={() => extraInfo.append({ id: null, name: '', value: '' })}
            >
              {t('dialog.addExtra')}
            </Button>
          </div>
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(contact ? 'actions.save' : 'dialog.submitAdd')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
