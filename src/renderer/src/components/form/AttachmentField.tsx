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
  DeleteRegular,
  ImageAddRegular,
  ImageRegular,
  OpenRegular,
} from '@fluentui/react-icons'
import { useEffect, useMemo, useRef, type ChangeEvent } from 'react'
import {
  useController,
  useWatch,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useServerBase } from '@renderer/hooks/useServerBase'
import { AttachmentIcon } from '../AttachmentIcon'
import { useAttachmentFieldStyles } from './AttachmentField.styles'
import { useFieldMessage } from './useFieldMessage'

/** Where the chosen file stands after a save: being sent, or refused with the reason. */
export type AttachmentUpload =
  { status: 'uploading'; share: number } | { status: 'failed'; message: string }

/** The stored file's type (unknown for some records) and address. */
export interface StoredAttachment {
  mime?: string | null
  url: string | null
}

export interface AttachmentFieldProps<T extends FieldValues> {
  control: Control<T>
  /** The field holding the file chosen here, sent once the record is saved. */
  name: FieldPathByValue<T, File | null>
  /** The field holding the stored file's name; null once removed here, or when there is none. */
  storedName: FieldPathByValue<T, string | null>
  /**
   * `image` when only an image is taken (its own words and icons, and the stored file shown as a
   * thumbnail); `file` for any file, an image among them shown as a thumbnail.
   */
  kind: 'file' | 'image'
  label: string
  /** What may be sent, said only while the file can change. */
  hint?: string
  /** What the file picker offers (`accept`); anything by default. */
  accept?: string
  /** The stored file; null when the record has none. */
  storedMedia: StoredAttachment | null
  /** Where the chosen file stands since the last save, if it was sent. */
  upload: AttachmentUpload | null
  disabled: boolean
  /** Shows the file without the means to change it. */
  readOnly: boolean
  onChoose: (file: File) => void
  onRemove: () => void
}

const isImage = (mime: string | null | undefined) => Boolean(mime?.startsWith('image/'))

/** An object URL for an image file, revoked when the file changes or the field goes. */
const useImagePreview = (file: File | null): string | null => {
  const url = useMemo(() => (file && isImage(file.type) ? URL.createObjectURL(file) : null), [file])
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
 * A record's one attachment (a quick message's, a campaign's, a schedule's image), sent with its
 * text as the caption: choose a file, see its name (and a thumbnail of an image), open the
 * stored one, remove it. The record sends it after it is saved: while it goes its progress
 * shows, and a file refused, by the form or the server, shows why.
 */
export const AttachmentField = <T extends FieldValues>({
  control,
  name,
  storedName: storedNameField,
  kind,
  label,
  hint,
  accept,
  storedMedia,
  upload,
  disabled,
  readOnly,
  onChoose,
  onRemove,
}: AttachmentFieldProps<T>) => {
  const { t } = useTranslation('common')
  const styles = useAttachmentFieldStyles()
  const inputRef = useRef<HTMLInputElement>(null)
  const { field, fieldState } = useController({ control, name })
  const file: File | null = field.value
  const storedName: string | null = useWatch({ control, name: storedNameField })
  const fileError = useFieldMessage(fieldState.error)
  const preview = useImagePreview(file)
  const kept = !file && storedName !== null && storedMedia !== null
  const storedHref = useServerHref(kept ? storedMedia.url : null)
  const storedIsImage = kind === 'image' || isImage(storedMedia?.mime)
  const thumbnail = file ? preview : storedIsImage ? storedHref : null
  const fileName = file?.name ?? storedName
  const mime = file ? file.type : storedMedia?.mime

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = ''
    if (chosen) onChoose(chosen)
  }

  const failure = upload?.status === 'failed' ? upload.message : undefined
  const message = fileError ?? failure

  return (
    <Field
      label={label}
      hint={readOnly ? undefined : hint}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
    >
      {(fieldProps) => (
        <div {...fieldProps} role="group" className={styles.root}>
          {fileName === null ? (
            <Text className={styles.none}>{t(`attachment.${kind}.none`)}</Text>
          ) : (
            <div className={styles.file}>
              {thumbnail ? (
                <img
                  className={styles.thumbnail}
                  src={thumbnail}
                  alt={t('attachment.thumbnail', { name: fileName })}
                />
              ) : (
                <span className={styles.iconBox}>
                  {kind === 'image' ? <ImageRegular aria-hidden /> : <AttachmentIcon mime={mime} />}
                </span>
              )}
              <div className={styles.fileText}>
                <Text className={styles.fileName} title={fileName}>
                  {fileName}
                </Text>
                {file ? (
                  <Caption1 className={styles.fileDetail}>
                    {t(`attachment.${kind}.chosen`)}
                  </Caption1>
                ) : (
                  storedHref && (
                    <Link
                      className={styles.open}
                      href={storedHref}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('attachment.openOf', { name: fileName })}
                    >
                      <OpenRegular aria-hidden />
                      {t('attachment.open')}
                    </Link>
                  )
                )}
              </div>
              {!readOnly && (
                <Tooltip content={t('attachment.remove', { name: fileName })} relationship="label">
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
                icon={kind === 'image' ? <ImageAddRegular /> : <AttachRegular />}
                disabled={disabled}
                onClick={() => inputRef.current?.click()}
                onBlur={field.onBlur}
              >
                {t(`attachment.${kind}.${fileName === null ? 'choose' : 'replace'}`)}
              </Button>
              <input
                ref={inputRef}
                className={styles.fileInput}
                type="file"
                accept={accept}
                tabIndex={-1}
                aria-label={t(`attachment.${kind}.choose`)}
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
                aria-label={t(`attachment.${kind}.uploadingLabel`)}
              />
              <Caption1 aria-live="polite">
                {t(`attachment.${kind}.uploading`, { percent: Math.round(upload.share * 100) })}
              </Caption1>
            </div>
          )}
        </div>
      )}
    </Field>
  )
}
