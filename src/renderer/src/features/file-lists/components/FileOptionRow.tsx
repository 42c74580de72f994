import {
  Button,
  Caption1,
  Field,
  Link,
  ProgressBar,
  Text,
  Tooltip,
} from '@fluentui/react-components'
import {
  AttachRegular,
  CheckmarkCircleRegular,
  DeleteRegular,
  OpenRegular,
} from '@fluentui/react-icons'
import { useRef, type ChangeEvent } from 'react'
import { useController, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { TextField } from '@renderer/components/form/TextField'
import { useServerBase } from '@renderer/hooks/useServerBase'
import { formatFileSize } from '../file-size'
import { fileNameOfPath, type FileListFormValues } from '../forms/file-list-schema'
import type { UploadState } from '../hooks/useFileListForm'
import { MediaFamilyIcon } from './MediaFamilyIcon'
import { useFileOptionRowStyles } from './FileOptionRow.styles'

export interface FileOptionRowProps {
  control: Control<FileListFormValues>
  index: number
  /** Where this option's file stands since the last save, if it was sent. */
  upload: UploadState | undefined
  disabled: boolean
  onChooseFile: (index: number, file: File) => void
  onRemove: (index: number) => void
}

/** A stored preview address may be a server path, which the desktop app prefixes. */
const useOpenUrl = (url: string | null): string | null => {
  const base = useServerBase()
  if (!url) return null
  return url.startsWith('/') ? `${base ?? ''}${url}` : url
}

/**
 * One file of the list: its name, the file chosen or stored (with its type's icon and a link
 * to open the stored one), and a remove button. A file being sent shows its progress; a file
 * refused, by this form or the server, shows why under the picker.
 */
export const FileOptionRow = ({
  control,
  index,
  upload,
  disabled,
  onChooseFile,
  onRemove,
}: FileOptionRowProps) => {
  const { t, i18n } = useTranslation('files')
  const styles = useFileOptionRowStyles()
  const inputRef = useRef<HTMLInputElement>(null)
  const number = index + 1
  const name = useWatch({ control, name: `options.${index}.name` })
  const storedPath = useWatch({ control, name: `options.${index}.storedPath` })
  const storedMediaType = useWatch({ control, name: `options.${index}.storedMediaType` })
  const storedUrl = useWatch({ control, name: `options.${index}.storedUrl` })
  const { field, fieldState } = useController({ control, name: `options.${index}.file` })
  const file = field.value
  const fileError = useFieldMessage(fieldState.error)
  const openUrl = useOpenUrl(file ? null : storedUrl)
  const label = name.trim() || t('dialog.option', { number })

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = ''
    if (chosen) onChooseFile(index, chosen)
  }

  const failure = upload?.status === 'failed' ? upload.message : undefined
  const message = fileError ?? failure

  const summary = () => {
    if (file) {
      return (
        <span className={styles.summary}>
          <MediaFamilyIcon mediaType={file.type} className={styles.icon} />
          <span className={styles.fileText}>
            <Text className={styles.fileName} title={file.name}>
              {file.name}
            </Text>
            <Caption1 className={styles.fileType}>
              {t('dialog.fileDetails', {
                type: file.type || t('dialog.unknownType'),
                size: formatFileSize(file.size, i18n.language),
              })}
            </Caption1>
          </span>
        </span>
      )
    }
    if (storedPath) {
      const fileName = fileNameOfPath(storedPath)
      return (
        <span className={styles.summary}>
          <MediaFamilyIcon mediaType={storedMediaType} className={styles.icon} />
          <span className={styles.fileText}>
            <Text className={styles.fileName} title={fileName}>
              {fileName}
            </Text>
            <Caption1 className={styles.fileType}>
              {storedMediaType ?? t('dialog.unknownType')}
            </Caption1>
          </span>
          {openUrl && (
            <Link
              className={styles.open}
              href={openUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('dialog.openFileOf', { name: label })}
            >
              <OpenRegular aria-hidden />
              {t('dialog.openFile')}
            </Link>
          )}
        </span>
      )
    }
    return <Text className={styles.none}>{t('dialog.noFile')}</Text>
  }

  return (
    <div role="group" aria-label={t('dialog.option', { number })} className={styles.row}>
      <TextField
        className={styles.name}
        control={control}
        name={`options.${index}.name`}
        label={t('fields.optionName')}
        disabled={disabled}
        required
      />
      <Field
        className={styles.file}
        label={t('fields.file')}
        required={!storedPath}
        validationMessage={message}
        validationState={message ? 'error' : 'none'}
      >
        {(fieldProps) => (
          <div {...fieldProps} role="group" className={styles.picker}>
            <Button
              ref={field.ref}
              icon={<AttachRegular />}
              disabled={disabled}
              onClick={() => inputRef.current?.click()}
              onBlur={field.onBlur}
            >
              {t(file || storedPath ? 'dialog.replaceFile' : 'dialog.chooseFile')}
            </Button>
            <input
              ref={inputRef}
              className={styles.fileInput}
              type="file"
              aria-label={t('dialog.chooseFileFor', { name: label })}
              disabled={disabled}
              onChange={handleFileChange}
            />
            {summary()}
            {upload?.status === 'uploading' && (
              <div className={styles.progress}>
                <ProgressBar
                  value={upload.share}
                  max={1}
                  thickness="large"
                  aria-label={t('dialog.uploadingOf', { name: label })}
                />
                <Caption1 aria-live="polite">
                  {t('dialog.uploading', { percent: Math.round(upload.share * 100) })}
                </Caption1>
              </div>
            )}
            {upload?.status === 'done' && (
              <Caption1 className={styles.done}>
                <CheckmarkCircleRegular aria-hidden />
                {t('dialog.uploaded')}
              </Caption1>
            )}
          </div>
        )}
      </Field>
      <Tooltip content={t('dialog.removeOption', { name: label })} relationship="label">
        <Button
          className={styles.remove}
          appearance="subtle"
          icon={<DeleteRegular />}
          disabled={disabled}
          onClick={() => onRemove(index)}
        />
      </Tooltip>
    </div>
  )
}
