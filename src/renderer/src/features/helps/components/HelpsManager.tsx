import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useAdminSectionForm } from '@renderer/hooks/useAdminSectionForm'
import type { HelpDto } from '@shared/contracts/helps'
import {
  AdminSectionRowActions,
  AdminSection,
  AdminSectionForm,
  AdminSectionTable,
} from '@renderer/components/AdminSection'
import { useAdminSectionStyles } from '@renderer/components/AdminSection.styles'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import { useRecordSection } from '@renderer/hooks/useRecordSection'
import { notifySuccess } from '@renderer/lib/notify'
import { helpSchema, helpToFormValues, toHelpBody, type HelpFormValues } from '../forms/help-schema'
import { useDeleteHelpMutation, useSaveHelpMutation } from '../mutations'
import { helpQueries } from '../queries'

/** The operator's help videos: a form and the table (title, description, video code). */
export const HelpsManager = () => {
  const { t } = useTranslation('helps')
  const styles = useAdminSectionStyles()
  const helps = useQuery(helpQueries.gallery())
  const remove = useDeleteHelpMutation()
  const { editing, edit, stopEditing, deletion } = useRecordSection(
    (help: HelpDto) => remove.mutateAsync(help.id),
    () => notifySuccess(t('toasts.saved')),
  )

  return (
    <AdminSection
      form={<HelpForm key={editing?.id ?? 'new'} help={editing} onDone={stopEditing} />}
      deletion={deletion.dialog}
    >
      <AdminSectionTable
        isPending={helps.isPending}
        failed={helps.isError}
        onRetry={() => void helps.refetch()}
        failedTitle={t('loadError')}
        isEmpty={helps.data?.length === 0}
        emptyTitle={t('empty')}
      >
        <Table className={styles.table} size="small" aria-label={t('table.label')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('form.title')}</TableHeaderCell>
              <TableHeaderCell>{t('form.description')}</TableHeaderCell>
              <TableHeaderCell>{t('form.video')}</TableHeaderCell>
              <TableHeaderCell>{t('table.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {helps.data?.map((help) => (
              <TableRow key={help.id}>
                <TableCell>{help.title}</TableCell>
                <TableCell>{help.description}</TableCell>
                <TableCell>{help.video}</TableCell>
                <AdminSectionRowActions
                  onEdit={() => edit(help)}
                  onDelete={() => deletion.ask(help)}
                />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AdminSectionTable>
    </AdminSection>
  )
}

const HelpForm = ({ help, onDone }: { help: HelpDto | null; onDone: () => void }) => {
  const { t } = useTranslation('helps')
  const styles = useAdminSectionStyles()
  const save = useSaveHelpMutation()
  const { control, formProps } = useAdminSectionForm<HelpFormValues>({
    defaultValues: helpToFormValues(help),
    resolver: yupResolver(helpSchema),
    save: (values) => save.mutateAsync({ id: help?.id ?? null, body: toHelpBody(values) }),
    savedMessage: t('toasts.saved'),
    onDone,
  })

  return (
    <AdminSectionForm
      namespace="helps"
      label={t(help ? 'form.editTitle' : 'form.addTitle')}
      editing={help !== null}
      {...formProps}
    >
      <TextField control={control} name="title" label={t('form.title')} required />
      <TextField
        control={control}
        name="video"
        label={t('form.video')}
        hint={t('form.videoHint')}
      />
      <TextAreaField
        className={styles.wide}
        control={control}
        name="description"
        label={t('form.description')}
        resize="none"
      />
    </AdminSectionForm>
  )
}
