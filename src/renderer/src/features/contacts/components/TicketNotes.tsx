import { Button, Caption1, Spinner } from '@fluentui/react-components'
import { DeleteRegular } from '@fluentui/react-icons'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TicketNoteDto } from '@shared/contracts/ticket-notes'
import { isAdmin } from '@shared/permissions'
import { BusyButton } from '@renderer/components/BusyButton'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { Form } from '@renderer/components/form/Form'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { formatDateTime } from '@renderer/lib/format'
import { errorMessage, notifySuccess } from '@renderer/lib/notify'
import { noteSchema, type NoteFormValues } from '../forms/note-schema'
import { useCreateTicketNoteMutation, useDeleteTicketNoteMutation } from '../mutations'
import { contactQueries } from '../queries'
import { useTicketNotesStyles } from './TicketNotes.styles'

export interface TicketNotesProps {
  ticketId: number
  contactId: number
}

/**
 * The ticket's notes in the contact drawer (000 §2): newest first, a form to add one and a
 * confirmed delete for admins and the note's author.
 */
export const TicketNotes = ({ ticketId, contactId }: TicketNotesProps) => {
  const { t, i18n } = useTranslation('contacts')
  const styles = useTicketNotesStyles()
  const me = useCurrentUser()
  const notes = useQuery(contactQueries.notes(ticketId, contactId))
  const create = useCreateTicketNoteMutation()
  const remove = useDeleteTicketNoteMutation(ticketId, contactId)
  const [pendingDelete, setPendingDelete] = useState<TicketNoteDto | null>(null)
  const { control, handleSubmit, reset, formState } = useForm<NoteFormValues>({
    defaultValues: { note: '' },
    resolver: yupResolver(noteSchema),
  })

  const handleAdd = async ({ note }: NoteFormValues) => {
    try {
      await create.mutateAsync({ note: note.trim(), ticketId, contactId })
    } catch {
      return
    }
    reset({ note: '' })
    notifySuccess(t('notes.added'))
  }

  const handleDelete = () => {
    if (!pendingDelete) return
    remove.mutate(pendingDelete.id, {
      onSuccess: () => notifySuccess(t('notes.deleted')),
      onSettled: () => setPendingDelete(null),
    })
  }

  const canDelete = (note: TicketNoteDto) => isAdmin(me) || note.userId === me.id

  return (
    <div className={styles.root}>
      <Form namespace="contacts" className={styles.form} onSubmit={handleSubmit(handleAdd)}>
        <TextAreaField
          control={control}
          name="note"
          label={t('notes.label')}
          placeholder={t('notes.placeholder')}
          rows={3}
        />
        <BusyButton type="submit" busy={formState.isSubmitting}>
          {t('notes.add')}
        </BusyButton>
      </Form>
      {notes.isPending && <Spinner size="tiny" label={t('notes.loading')} />}
      {notes.isError && <Caption1 className={styles.error}>{errorMessage(notes.error)}</Caption1>}
      {notes.data?.length === 0 && <Caption1>{t('notes.empty')}</Caption1>}
      {notes.data && notes.data.length > 0 && (
        <ul className={styles.list} aria-label={t('notes.listLabel')}>
          {notes.data.map((note) => (
            <li key={note.id} className={styles.item}>
              <div className={styles.itemText}>{note.note}</div>
              <div className={styles.meta}>
                <Caption1>
                  {t('notes.meta', {
                    user: note.user?.name ?? '—',
                    date: formatDateTime(note.createdAt, i18n.language),
                  })}
                </Caption1>
                {canDelete(note) && (
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('notes.delete')}
                    onClick={() => setPendingDelete(note)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('notes.deleteTitle')}
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setPendingDelete(null)}
      >
        {t('notes.deleteConfirm')}
      </ConfirmDialog>
    </div>
  )
}
