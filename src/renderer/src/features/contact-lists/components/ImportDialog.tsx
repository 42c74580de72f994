import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Link,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  TableCell,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CONTACT_LIST_SHEET_HEADERS,
  type ContactListUploadResult,
} from '@shared/contracts/contact-lists'
import { VirtualTable } from '@renderer/components/VirtualTable'
import { errorMessage } from '@renderer/lib/notify'
import { useUploadContactListMutation } from '../mutations'
import { useImportDialogStyles } from './ImportDialog.styles'

type Step =
  | { name: 'confirm' }
  | { name: 'uploading'; share: number }
  | { name: 'failed'; error: unknown }
  | { name: 'done'; result: ContactListUploadResult }

type RejectedRow = ContactListUploadResult['rejected'][number]

/** The rejected rows arrive whole: there is never a next page. */
const NO_PAGING = {
  hasNextPage: false,
  isFetchingNextPage: false,
  loadMoreFailed: false,
  onLoadMore: () => undefined,
}

const ROW_HEIGHT = 36

/** Moves the focus to an element as it appears, so the keyboard follows the dialog's steps. */
const focusOnMount = (element: HTMLElement | null) => element?.focus()

export interface ImportDialogProps {
  open: boolean
  /** The spreadsheet chosen; kept while the dialog fades out. */
  file: File | null
  list: { id: number; name: string }
  onClose: () => void
  onDownloadExample: () => void
  /** The example spreadsheet is being downloaded. */
  downloading: boolean
}

/**
 * The import of a spreadsheet into a list (002 §2.5): a confirmation naming the file, the list
 * and the columns read, the upload's progress, then what was added, what the list already had
 * and which rows were refused, and why. Keyed by the caller per file, so each starts anew.
 */
export const ImportDialog = ({
  open,
  file,
  list,
  onClose,
  onDownloadExample,
  downloading,
}: ImportDialogProps) => {
  const { t } = useTranslation('contactLists')
  const styles = useImportDialogStyles()
  const [step, setStep] = useState<Step>({ name: 'confirm' })
  const upload = useUploadContactListMutation()
  const uploading = step.name === 'uploading'

  const handleProgress = (share: number) =>
    setStep((current) => (current.name === 'uploading' ? { ...current, share } : current))

  const handleImport = () => {
    if (!file) return
    setStep({ name: 'uploading', share: 0 })
    upload.mutate(
      { contactListId: list.id, file, onProgress: handleProgress },
      {
        onSuccess: (result) => setStep({ name: 'done', result }),
        onError: (error) => setStep({ name: 'failed', error }),
      },
    )
  }

  const fileName = file?.name ?? ''
  const title = () => {
    if (step.name === 'done') return t('import.resultTitle')
    if (step.name === 'failed') return t('import.failedTitle')
    return t('import.confirmTitle')
  }

  const renderContent = () => {
    switch (step.name) {
      case 'confirm':
        return (
          <>
            <Body1 className={styles.wrap}>
              {t('import.confirmMessage', { file: fileName, list: list.name })}
            </Body1>
            <Body1>{t('import.columns', { columns: CONTACT_LIST_SHEET_HEADERS.join(', ') })}</Body1>
            <Link
              as="button"
              className={styles.example}
              disabled={downloading}
              onClick={onDownloadExample}
            >
              {t('actions.downloadExample')}
            </Link>
          </>
        )
      case 'uploading': {
        // Once the file is sent, the server reads it: no share to tell, only that it works.
        const sent = step.share >= 1
        return (
          <div ref={focusOnMount} tabIndex={-1} className={styles.progress}>
            <Field
              label={
                sent
                  ? t('import.reading')
                  : t('import.uploading', { percent: Math.round(step.share * 100) })
              }
              validationState="none"
            >
              <ProgressBar value={sent ? undefined : step.share} max={1} thickness="large" />
            </Field>
          </div>
        )
      }
      case 'failed':
        return (
          <MessageBar intent="error">
            <MessageBarBody>{errorMessage(step.error)}</MessageBarBody>
          </MessageBar>
        )
      case 'done':
        return <ImportResult result={step.result} />
    }
  }

  return (
    <Dialog
      open={open}
      // The upload cannot be called back: the dialog stays until its answer.
      onOpenChange={(_event, data) => !data.open && !uploading && onClose()}
    >
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title()}</DialogTitle>
          <DialogContent className={styles.content}>{renderContent()}</DialogContent>
          <DialogActions>
            {step.name === 'confirm' && (
              <>
                <Button appearance="secondary" onClick={onClose}>
                  {t('actions.cancel')}
                </Button>
                <Button appearance="primary" onClick={handleImport}>
                  {t('import.confirm')}
                </Button>
              </>
            )}
            {(step.name === 'done' || step.name === 'failed') && (
              <Button ref={focusOnMount} appearance="primary" onClick={onClose}>
                {t('import.close')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** What an upload did: rows read, added, already in the list, and the refused rows with why. */
const ImportResult = ({ result }: { result: ContactListUploadResult }) => {
  const { t } = useTranslation('contactLists')
  const styles = useImportDialogStyles()
  const counts = [
    { key: 'total', value: result.total },
    { key: 'added', value: result.added },
    { key: 'existing', value: result.existing },
    { key: 'rejected', value: result.rejected.length },
  ] as const
  return (
    <>
      <dl className={styles.counts}>
        {counts.map(({ key, value }) => (
          <div key={key} className={styles.count}>
            <dt>
              <Caption1>{t(`import.counts.${key}`)}</Caption1>
            </dt>
            <dd className={styles.figure}>{value}</dd>
          </div>
        ))}
      </dl>
      {result.added > 0 && <Body1>{t('import.checking')}</Body1>}
      {result.rejected.length > 0 && (
        <div className={styles.rejected}>
          <VirtualTable
            label={t('import.rejected.label')}
            columns={[
              t('import.rejected.row'),
              t('import.rejected.name'),
              t('import.rejected.number'),
              t('import.rejected.problem'),
            ]}
            items={result.rejected}
            keyOf={(row) => row.row}
            rowHeight={ROW_HEIGHT}
            renderCells={(row) => <RejectedCells row={row} />}
            {...NO_PAGING}
            loadingMoreLabel={t('items.table.loadingMore')}
            retryLabel={t('actions.retry')}
          />
        </div>
      )}
    </>
  )
}

const RejectedCells = ({ row }: { row: RejectedRow }) => {
  const { t } = useTranslation('contactLists')
  const styles = useImportDialogStyles()
  return (
    <>
      <TableCell className={styles.nowrap}>{row.row}</TableCell>
      <TableCell>{row.name}</TableCell>
      <TableCell className={styles.nowrap}>{row.number}</TableCell>
      <TableCell>{t(`import.problems.${row.problem}`)}</TableCell>
    </>
  )
}
