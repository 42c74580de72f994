import { Button, Spinner, TableCell } from '@fluentui/react-components'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConfirmDeleteDialog } from '@renderer/hooks/useConfirmDelete'
import { BusyButton } from './BusyButton'
import { ConfirmDialog } from './ConfirmDialog'
import { EditDeleteButtons } from './EditDeleteButtons'
import { EmptyState } from './EmptyState'
import { Form } from './form/Form'
import { useAdminSectionStyles } from './AdminSection.styles'

export interface AdminSectionProps {
  /** Above: an `AdminSectionForm` adding a record or editing the one picked in the table. */
  form: ReactNode
  /** Below: an `AdminSectionTable`. */
  children: ReactNode
  /** The delete question, from `useConfirmDelete`. */
  deletion: ConfirmDeleteDialog
}

/**
 * An operator's records screen (001 §2 Companies, plans, helps): the form above, the table below,
 * and the question before a delete.
 */
export const AdminSection = ({ form, children, deletion }: AdminSectionProps) => {
  const { t } = useTranslation('common')
  const styles = useAdminSectionStyles()
  return (
    <div className={styles.root}>
      {form}
      {children}
      <ConfirmDialog {...deletion} title={t('confirmDelete.title')}>
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </div>
  )
}

export interface AdminSectionFormProps {
  /** The i18next namespace of the fields' validation messages. */
  namespace: string
  /** The form's accessible name: adding, or editing which kind of record. */
  label: string
  /** A record is being edited: the form saves it, and offers to cancel. */
  editing: boolean
  busy: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
  onCancel: () => void
  children: ReactNode
}

/** The section's form: its fields in a grid, then Cancel (while editing) and Add or Save. */
export const AdminSectionForm = ({
  namespace,
  label,
  editing,
  busy,
  onSubmit,
  onCancel,
  children,
}: AdminSectionFormProps) => {
  const { t } = useTranslation('common')
  const styles = useAdminSectionStyles()
  return (
    <Form namespace={namespace} className={styles.form} aria-label={label} onSubmit={onSubmit}>
      {children}
      <div className={styles.formActions}>
        {editing && (
          <Button appearance="secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        )}
        <BusyButton type="submit" busy={busy}>
          {t(editing ? 'actions.save' : 'actions.add')}
        </BusyButton>
      </div>
    </Form>
  )
}

export interface AdminSectionTableProps {
  isPending: boolean
  /** The list could not be loaded and there is nothing to show. */
  failed: boolean
  onRetry: () => void
  failedTitle: string
  isEmpty: boolean
  emptyTitle: string
  /** The table, and what follows it in the scroller (a load-more button). */
  children: ReactNode
}

/** The section's table once loaded; a spinner before it, a retry on failure, or the empty text. */
export const AdminSectionTable = ({
  isPending,
  failed,
  onRetry,
  failedTitle,
  isEmpty,
  emptyTitle,
  children,
}: AdminSectionTableProps) => {
  const { t } = useTranslation('common')
  const styles = useAdminSectionStyles()
  if (isPending) return <Spinner label={t('loading')} />
  if (failed)
    return (
      <EmptyState
        title={failedTitle}
        actions={
          <Button appearance="primary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        }
      />
    )
  if (isEmpty) return <EmptyState title={emptyTitle} />
  return <div className={styles.scroller}>{children}</div>
}

export interface AdminSectionRowActionsProps {
  onEdit: () => void
  /** Absent when the row cannot be deleted. */
  onDelete?: () => void
  /** Buttons of this kind of record, before edit and delete. */
  children?: ReactNode
}

/** The last cell of a section's row: its own buttons, then edit and (when allowed) delete. */
export const AdminSectionRowActions = ({
  onEdit,
  onDelete,
  children,
}: AdminSectionRowActionsProps) => {
  const { t } = useTranslation('common')
  const styles = useAdminSectionStyles()
  return (
    <TableCell>
      <div className={styles.actions}>
        {children}
        <EditDeleteButtons
          editLabel={t('actions.edit')}
          onEdit={onEdit}
          deleteLabel={t('actions.delete')}
          {...(onDelete ? { onDelete } : {})}
        />
      </div>
    </TableCell>
  )
}

/** The switches of an `AdminSectionForm`, together below its fields. */
export const AdminSectionSwitches = ({ children }: { children: ReactNode }) => {
  const styles = useAdminSectionStyles()
  return <div className={styles.switches}>{children}</div>
}
