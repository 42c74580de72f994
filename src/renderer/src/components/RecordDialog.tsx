import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  DialogSurface,
} from '@fluentui/react-components'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@renderer/lib/notify'
import { useRecordDialogStyles } from './RecordDialog.styles'

interface RecordDialogProps<T, K extends QueryKey> {
  open: boolean
  onClose: () => void
  /** The record to edit; undefined to create one. */
  recordId: number | undefined
  /** The record's query by id (`xQueries.detail`). */
  load: (id: number) => UseQueryOptions<T, Error, T, K>
  surfaceClassName?: string
  /** The edit dialog's title while the record loads. */
  title: string
  loadingLabel: string
  errorLabel?: string
  /** The form: of the loaded record, or of a new one (null). */
  children: (record: T | null) => ReactNode
  /**
   * Once it has finished closing: the page is no longer hidden behind it, so what replaces the
   * page may come (a navigation before that left the next screen `aria-hidden`).
   */
  onClosed?: () => void
}

/**
 * A create-or-edit dialog: the form of a new record at once, or of the record `recordId` once
 * it is loaded. Escape and the form's Cancel close it.
 */
export function RecordDialog<T, K extends QueryKey>({
  open,
  onClose,
  recordId,
  load,
  surfaceClassName,
  children,
  onClosed,
  ...labels
}: RecordDialogProps<T, K>) {
  const surface = useRef<HTMLDivElement>(null)
  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => !data.open && onClose()}
      surfaceMotion={{
        onMotionFinish: (_event, data) => {
          if (data.direction === 'exit') onClosed?.()
        },
      }}
    >
      <DialogSurface ref={surface} className={surfaceClassName}>
        {recordId === undefined ? (
          children(null)
        ) : (
          <LoadedRecord id={recordId} load={load} onClose={onClose} surface={surface} {...labels}>
            {children}
          </LoadedRecord>
        )}
      </DialogSurface>
    </Dialog>
  )
}

interface LoadedRecordProps<T, K extends QueryKey> extends Pick<
  RecordDialogProps<T, K>,
  'load' | 'title' | 'loadingLabel' | 'errorLabel' | 'onClose'
> {
  id: number
  children: (record: T) => ReactNode
  surface: RefObject<HTMLDivElement | null>
}

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), button:not([disabled])'

/**
 * The body of an edit dialog until its record arrives: a spinner while it loads, the error with
 * a retry when it cannot, and a close button throughout.
 */
function LoadedRecord<T, K extends QueryKey>({
  id,
  load,
  title,
  loadingLabel,
  errorLabel,
  onClose,
  children,
  surface,
}: LoadedRecordProps<T, K>) {
  const { t } = useTranslation('common')
  const styles = useRecordDialogStyles()
  const query = useQuery(load(id))
  const loaded = query.data !== undefined
  // The loading state's close button held the focus and is gone: the form's first field takes
  // it, so the keyboard (Escape included) still reaches the dialog.
  useEffect(() => {
    const dialog = surface.current
    if (!loaded || !dialog || dialog.contains(document.activeElement)) return
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus()
  }, [loaded, surface])
  if (query.data !== undefined) return children(query.data)
  return (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {query.isError ? (
          <MessageBar intent="error">
            <MessageBarBody>
              {errorLabel ? `${errorLabel} ` : ''}
              {errorMessage(query.error)}
            </MessageBarBody>
          </MessageBar>
        ) : (
          <div className={styles.state}>
            <Spinner label={loadingLabel} />
          </div>
        )}
      </DialogContent>
      <DialogActions>
        {query.isError && (
          <Button appearance="primary" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        )}
        <Button appearance="secondary" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </DialogBody>
  )
}
