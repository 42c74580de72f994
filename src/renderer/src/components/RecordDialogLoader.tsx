import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@renderer/lib/notify'
import { useRecordDialogLoaderStyles } from './RecordDialogLoader.styles'

interface RecordDialogLoaderProps<T> {
  /** The record's query (`useQuery(xQueries.detail(id))`). */
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown }
  title: string
  loadingLabel: string
  /** Said before the error's own message when the record cannot be loaded. */
  errorLabel?: string
  onClose: () => void
  /** The dialog's form once the record is there. */
  children: (record: T) => ReactNode
}

/**
 * The body of an edit dialog until its record arrives: a spinner while it loads, the error with
 * a retry when it cannot, and a close button throughout.
 */
export function RecordDialogLoader<T>({
  query,
  title,
  loadingLabel,
  errorLabel,
  onClose,
  children,
}: RecordDialogLoaderProps<T>) {
  const { t } = useTranslation('common')
  const styles = useRecordDialogLoaderStyles()
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
