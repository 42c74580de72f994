import {
  Button,
  Caption1,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Subtitle2,
  Text,
} from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useCallback, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { FILE_LIST_OPTIONS_MAX, type FileListDto } from '@shared/contracts/file-lists'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import { RecordDialog } from '@renderer/components/RecordDialog'
import { useFileListForm } from '../hooks/useFileListForm'
import { fileListQueries } from '../queries'
import { FileOptionRow } from './FileOptionRow'
import { useFileListDialogStyles } from './FileListDialog.styles'

export interface FileListDialogProps {
  open: boolean
  /** The list to edit; absent to add one. */
  fileListId?: number
  onClose: () => void
}

/**
 * Add or edit a file list (002 §2.19, §3.13): its name, the message sent before its files, and
 * the files, each named. Escape and Cancel close it, except while the list is being saved and
 * its files sent.
 */
export const FileListDialog = ({ open, fileListId, onClose }: FileListDialogProps) => {
  const { t } = useTranslation('files')
  const styles = useFileListDialogStyles()
  // Read when Escape or the backdrop asks to close: a save in flight keeps the dialog open.
  const busy = useRef(false)
  const handleClose = () => {
    if (!busy.current) onClose()
  }
  const handleBusyChange = useCallback((value: boolean) => {
    busy.current = value
  }, [])
  return (
    <RecordDialog
      open={open}
      onClose={handleClose}
      recordId={fileListId}
      load={fileListQueries.detail}
      surfaceClassName={styles.surface}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => (
        <FileListForm
          key={fileListId ?? 'new'}
          list={record}
          onClose={onClose}
          onBusyChange={handleBusyChange}
        />
      )}
    </RecordDialog>
  )
}

interface FileListFormProps {
  list: FileListDto | null
  onClose: () => void
  onBusyChange: (busy: boolean) => void
}

const FileListForm = ({ list, onClose, onBusyChange }: FileListFormProps) => {
  const { t } = useTranslation('files')
  const styles = useFileListDialogStyles()
  const optionsHeadingId = useId()
  const form = useFileListForm({ list, onClose })
  const { control, saving } = form

  useEffect(() => {
    onBusyChange(saving)
  }, [saving, onBusyChange])
  useEffect(() => () => onBusyChange(false), [onBusyChange])

  return (
    <Form namespace="files" onSubmit={form.submit}>
      <DialogBody>
        <DialogTitle>{t(form.isNew ? 'dialog.addTitle' : 'dialog.editTitle')}</DialogTitle>
        <DialogContent className={styles.content}>
          <TextField
            control={control}
            name="name"
            label={t('fields.name')}
            disabled={saving}
            required
          />
          <TextAreaField
            control={control}
            name="message"
            label={t('fields.message')}
            hint={t('hints.message')}
            disabled={saving}
            required
            rows={3}
          />
          <div className={styles.optionsHeader}>
            <Subtitle2 as="h3" id={optionsHeadingId}>
              {t('dialog.optionsTitle')}
            </Subtitle2>
            <Caption1 className={styles.optionsHint}>
              {t('hints.options', { max: FILE_LIST_OPTIONS_MAX })}
            </Caption1>
          </div>
          {form.rows.length === 0 ? (
            <Text className={styles.noOptions}>{t('dialog.noOptions')}</Text>
          ) : (
            <ul className={styles.options} aria-labelledby={optionsHeadingId}>
              {form.rows.map((row, index) => (
                <li key={row.key}>
                  <FileOptionRow
                    control={control}
                    index={index}
                    upload={form.uploads[row.key]}
                    disabled={saving}
                    onChooseFile={form.chooseFile}
                    onRemove={form.removeOption}
                  />
                </li>
              ))}
            </ul>
          )}
          <div>
            <Button
              appearance="secondary"
              icon={<AddRegular />}
              disabled={saving || !form.canAddOption}
              onClick={form.addOption}
            >
              {t('actions.addFile')}
            </Button>
          </div>
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t(form.isNew ? 'dialog.submitAdd' : 'actions.save')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
