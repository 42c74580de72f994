import {
  Button,
  Caption1,
  Field,
  Link,
  ProgressBar,
  Text,
  Tooltip,
} from '@fluentui/react-components'
import { DeleteRegular, ImageAddRegular, ImageRegular, OpenRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useRef, type ChangeEvent } from 'react'
import { useController, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SCHEDULE_MEDIA_MAX_BYTES } from '@shared/contracts/schedules'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { useServerBase } from '@renderer/hooks/useServerBase'
import { IMAGE_ACCEPT, isAcceptedImage, type ScheduleFormValues } from '../forms/schedule-schema'
import type { UploadState } from '../hooks/useScheduleForm'
import { useAttachmentFieldStyles } from './AttachmentField.styles'

const MAX_MB = SCHEDULE_MEDIA_MAX_BYTES / (1024 * 1024)

export interface AttachmentFieldProps {
  control: Control<ScheduleFormValues>
  /** The stored image's address; null when the schedule has none. */
  storedUrl: string | null
  /** Where the chosen image stands since the last save, if it was sent. */
  upload: UploadState | null
  disabled: boolean
  /** Shows the image without the means to change it. */
  readOnly: boolean
  onChoose: (file: File) => void
  onRemove: () => void
}

/** An object URL for an accepted image, revoked when the file changes or the field goes. */
const useImagePreview = (file: File | null): string | null => {
  const url = useMemo(
    () => (file && isAcceptedImage(file) ? URL.createObjectURL(file) : null),
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
const useServerHref = (url: string | null): string | null => {
  const base = useServerBase()
  if (!url) return null
  return url.startsWith('/') ? `${base ?? ''}${url}` : url
}

/**
 * The schedule's one image (002 §5: png, jpg or jpeg), sent with the text as its caption: choose
 * it, see its thumbnail and name, open the stored one, remove it. It is sent after the schedule
 * is saved, its progress shown; one refused, by the form or the server, shows why.
 */
export const AttachmentField = ({
  control,
  storedUrl,
  upload,
  disabled,
  readOnly,
  onChoose,
  onRemove,
}: AttachmentFieldProps) => {
  const { t } = useTranslation('schedules')
  const styles = useAttachmentFieldStyles()
  const inputRef = useRef<HTMLInputElement>(null)
  const { field, fieldState } = useController({ control, name: 'file' })
  const storedName = useWatch({ control, name: 'storedMediaName' })
  const file = field.value
  const fileError = useFieldMessage(fieldState.error)
  const preview = useImagePreview(file)
  const storedHref = useServerHref(!file && storedName !== null ? storedUrl : null)
  const name = file?.name ?? storedName
  const thumbnail = file ? preview : storedHref

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
      label={t('fields.attachment')}
      hint={readOnly ? undefined : t('hints.attachment', { max: MAX_MB })}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
    >
      {(fieldProps) => (
        <div {...fieldProps} role="group" className={styles.root}>
          {name === null ? (
            <Text className={styles.none}>{t('attachment.none')}</Text>
          ) : (
            <div className={styles.file}>
              {thumbnail ? (
                <img
                  className={styles.thumbnail}
                  src={thumbnail}
                  alt={t('attachment.thumbnail', { name })}
                />
              ) : (
                <span className={styles.iconBox}>
                  <ImageRegular aria-hidden />
                </span>
              )}
              <div className={styles.fileText}>
                <Text className={styles.fileName} title={name}>
                  {name}
                </Text>
                {file ? (
                  <Caption1 className={styles.fileDetail}>{t('attachment.chosen')}</Caption1>
                ) : (
                  storedHref && (
                    <Link
                      className={styles.open}
                      href={storedHref}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('attachment.openOf', { name })}
                    >
                      <OpenRegular aria-hidden />
                      {t('attachment.open')}
                    </Link>
                  )
                )}
              </div>
              {!readOnly && (
                <Tooltip content={t('attachment.remove', { name })} relationship="label">
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
                icon={<ImageAddRegular />}
                disabled={disabled}
                onClick={() => inputRef.current?.click()}
                onBlur={field.onBlur}
              >
                {t(name === null ? 'attachment.choose' : 'attachment.replace')}
              </Button>
              <input
                ref={inputRef}
                className={styles.fileInput}
                type="file"
                accept={IMAGE_ACCEPT}
                tabIndex={-1}
                aria-label={t('attachment.choose')}
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
                aria-label={t('attachment.uploadingLabel')}
              />
              <Caption1 aria-live="polite">
                {t('attachment.uploading', { percent: Math.round(upload.share * 100) })}
              </Caption1>
            </div>
          )}
        </div>
      )}
    </Field>
  )
}
