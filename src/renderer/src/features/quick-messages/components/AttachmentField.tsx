import {
  Button,
  Caption1,
  Field,
  Link,
  ProgressBar,
  Text,
  Tooltip,
} from '@fluentui/react-components'
import { AttachRegular, DeleteRegular, OpenRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useRef, type ChangeEvent } from 'react'
import { useController, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { useServerBase } from '@renderer/hooks/useServerBase'
import type { QuickMessageFormValues } from '../forms/quick-message-schema'
import type { UploadState } from '../hooks/useQuickMessageForm'
import { AttachmentIcon } from './AttachmentIcon'
import { useAttachmentFieldStyles } from './AttachmentField.styles'

export interface AttachmentFieldProps {
  control: Control<QuickMessageFormValues>
  /** The stored file's type and address; null when the row has none. */
  storedMedia: { mime: string | null; url: string | null } | null
  /** Where the chosen file stands since the last save, if it was sent. */
  upload: UploadState | null
  disabled: boolean
  /** Shows the file without the means to change it. */
  readOnly: boolean
  onChoose: (file: File) => void
  onRemove: () => void
}

/** An object URL for an image file, revoked when the file changes or the field goes. */
const useImagePreview = (file: File | null): string | null => {
  const url = useMemo(
    () => (file?.type.startsWith('image/') ? URL.createObjectURL(file) : null),
    [file],
  )
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url)
    },
    [url],
  )
  return url
}

/** A stored file's address may be a server path, which the desktop app prefixes. */
const useServerHref = (url: string | null | undefined): string | null => {
  const base = useServerBase()
  if (!url) return null
  return url.startsWith('/') ? `${base ?? ''}${url}` : url
}

/**
 * The quick message's one attachment, sent with its text as the caption: choose a file, see its
 * name (and a thumbnail of an image), open the stored one, remove it. A file being sent shows
 * its progress; one refused, by the form or the server, shows why.
 */
export const AttachmentField = ({
  control,
  storedMedia,
  upload,
  disabled,
  readOnly,
  onChoose,
  onRemove,
}: AttachmentFieldProps) => {
  const { t } = useTranslation('quickMessages')
  const styles = useAttachmentFieldStyles()
  const inputRef = useRef<HTMLInputElement>(null)
  const { field, fieldState } = useController({ control, name: 'file' })
  const storedName = useWatch({ control, name: 'storedName' })
  const file = field.value
  const fileError = useFieldMessage(fieldState.error)
  const preview = useImagePreview(file)
  const kept = storedName !== null && storedMedia !== null
  const storedHref = useServerHref(kept ? storedMedia.url : null)
  const storedImage = kept && storedMedia.mime?.startsWith('image/') ? storedHref : null

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = ''
    if (chosen) onChoose(chosen)
  }

  const failure = upload?.status === 'failed' ? upload.message : undefined
  const message = fileError ?? failure
  const name = file?.name ?? (kept ? storedName : null)
  const mime = file ? file.type : (storedMedia?.mime ?? null)
  const thumbnail = file ? preview : storedImage

  return (
    <Field
      label={t('fields.attachment')}
      hint={readOnly ? undefined : t('hints.attachment')}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
    >
      {(fieldProps) => (
        <div {...fieldProps} role="group" className={styles.root}>
          {name === null ? (
            <Text className={styles.none}>{t('dialog.noAttachment')}</Text>
          ) : (
            <div className={styles.file}>
              {thumbnail ? (
                <img
                  className={styles.thumbnail}
                  src={thumbnail}
                  alt={t('dialog.thumbnail', { name })}
                />
              ) : (
                <span className={styles.iconBox}>
                  <AttachmentIcon mime={mime} className={styles.icon} />
                </span>
              )}
              <div className={styles.fileText}>
                <Text className={styles.fileName} title={name}>
                  {name}
                </Text>
                {file ? (
                  <Caption1 className={styles.fileDetail}>{t('dialog.chosenFile')}</Caption1>
                ) : (
                  storedHref && (
                    <Link
                      className={styles.open}
                      href={storedHref}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('dialog.openFileOf', { name })}
                    >
                      <OpenRegular aria-hidden />
                      {t('dialog.openFile')}
                    </Link>
                  )
                )}
              </div>
              {!readOnly && (
                <Tooltip content={t('dialog.removeFile', { name })} relationship="label">
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    disabled={disabled}
                    onClick={onRemove}
                  />
                </Tooltip>
              )}
            </div>
          )}
          {!readOnly && (
            <div>
              <Button
                ref={field.ref}
                icon={<AttachRegular />}
                disabled={disabled}
                onClick={() => inputRef.current?.click()}
                onBlur={field.onBlur}
              >
                {t(name === null ? 'dialog.chooseFile' : 'dialog.replaceFile')}
              </Button>
              <input
                ref={inputRef}
                className={styles.fileInput}
                type="file"
                tabIndex={-1}
                aria-label={t('dialog.chooseFile')}
                disabled={disabled}
                onChange={handleFileChange}
              />
            </div>
          )}
          {upload?.status === 'uploading' && (
            <div className={styles.progress}>
              <ProgressBar
                value={upload.share}
                max={1}
                thickness="large"
                aria-label={t('dialog.uploadingLabel')}
              />
              <Caption1 aria-live="polite">
                {t('dialog.uploading', { percent: Math.round(upload.share * 100) })}
              </Caption1>
            </div>
          )}
        </div>
      )}
    </Field>
  )
}
