import {
  Button,
  Field,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Controller, useForm, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { HelpDto } from '@shared/contracts/helps'
import { BusyButton } from '@renderer/components/BusyButton'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { EditDeleteButtons } from '@renderer/components/EditDeleteButtons'
import { EmptyState } from '@renderer/components/EmptyState'
import { notifySuccess } from '@renderer/lib/notify'
import { helpSchema, helpToFormValues, toHelpBody, type HelpFormValues } from '../forms/help-schema'
import { useDeleteHelpMutation, useSaveHelpMutation } from '../mutations'
import { helpQueries } from '../queries'
import { useHelpsManagerStyles } from './HelpsManager.styles'

/** The operator's help videos: a form and the table (title, description, video code). */
export const HelpsManager = () => {
  const { t } = useTranslation('helps')
  const styles = useHelpsManagerStyles()
  const [editing, setEditing] = useState<HelpDto | null>(null)
  const [pendingDelete, setPendingDelete] = useState<HelpDto | null>(null)
  const helps = useQuery(helpQueries.gallery())
  const remove = useDeleteHelpMutation()

  const handleConfirmDelete = () => {
    if (!pendingDelete) return
    remove.mutate(pendingDelete.id, {
      onSuccess: () => {
        notifySuccess(t('toasts.saved'))
        if (editing?.id === pendingDelete.id) setEditing(null)
      },
      onSettled: () => setPendingDelete(null),
    })
  }

  const renderTable = () => {
    if (helps.isPending) return <Spinner label={t('loading')} />
    if (helps.isError)
      return (
        <EmptyState
          title={t('loadError')}
          actions={
            <Button appearance="primary" onClick={() => void helps.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )
    if (helps.data.length === 0) return <EmptyState title={t('empty')} />
    return (
      <div className={styles.scroller}>
        <Table size="small" aria-label={t('table.label')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('form.title')}</TableHeaderCell>
              <TableHeaderCell>{t('form.description')}</TableHeaderCell>
              <TableHeaderCell>{t('form.video')}</TableHeaderCell>
              <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {helps.data.map((help) => (
              <TableRow key={help.id}>
                <TableCell>{help.title}</TableCell>
                <TableCell>{help.description}</TableCell>
                <TableCell>{help.video}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <EditDeleteButtons
                      editLabel={t('actions.edit')}
                      onEdit={() => setEditing(help)}
                      deleteLabel={t('actions.delete')}
                      onDelete={() => setPendingDelete(help)}
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    )
  }

  return (
    <div className={styles.root}>
      <HelpForm key={editing?.id ?? 'new'} help={editing} onDone={() => setEditing(null)} />
      {renderTable()}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={() => setPendingDelete(null)}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </div>
  )
}

const HelpForm = ({ help, onDone }: { help: HelpDto | null; onDone: () => void }) => {
  const { t } = useTranslation('helps')
  const styles = useHelpsManagerStyles()
  const save = useSaveHelpMutation()
  const { control, handleSubmit, reset, formState } = useForm<HelpFormValues>({
    defaultValues: helpToFormValues(help),
    resolver: yupResolver(helpSchema),
  })
  const message = (error: FieldError | undefined) => (error?.message ? t(error.message) : undefined)

  const handleSave = async (values: HelpFormValues) => {
    try {
      await save.mutateAsync({ id: help?.id ?? null, body: toHelpBody(values) })
    } catch {
      return
    }
    notifySuccess(t('toasts.saved'))
    reset()
    onDone()
  }

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t(help ? 'form.editTitle' : 'form.addTitle')}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
    >
      <Controller
        control={control}
        name="title"
        render={({ field, fieldState }) => (
          <Field label={t('form.title')} required validationMessage={message(fieldState.error)}>
            <Input {...field} onChange={(_event, data) => field.onChange(data.value)} />
          </Field>
        )}
      />
      <Controller
        control={control}
        name="video"
        render={({ field, fieldState }) => (
          <Field
            label={t('form.video')}
            hint={t('form.videoHint')}
            validationMessage={message(fieldState.error)}
          >
            <Input {...field} onChange={(_event, data) => field.onChange(data.value)} />
          </Field>
        )}
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <Field
            className={styles.wide}
            label={t('form.description')}
            validationMessage={message(fieldState.error)}
          >
            <Textarea {...field} onChange={(_event, data) => field.onChange(data.value)} />
          </Field>
        )}
      />
      <div className={styles.formActions}>
        {help && (
          <Button appearance="secondary" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
        )}
        <BusyButton type="submit" busy={formState.isSubmitting}>
          {t(help ? 'actions.save' : 'actions.add')}
        </BusyButton>
      </div>
    </form>
  )
}
