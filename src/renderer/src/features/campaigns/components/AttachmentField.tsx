import {
  Button,
  Caption1,
  Field,
  Link,
  ProgressBar,
  Text,
  Tooltip,
} from '@fluentui/react-components'
import { AttachRegular, DeleteRegular, DocumentRegular, OpenRegular } from '@fluentui/react-icons'
import { useRef, type ChangeEvent } from 'react'
import { useController, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { useServerBase } from '@renderer/hooks/useServerBase'
import type { CampaignFormValues } from '../forms/campaign-schema'
import type { UploadState } from '../hooks/useCampaignForm'
import { useAttachmentFieldStyles } from './AttachmentField.styles'

export interface AttachmentFieldProps {
  control: Control<CampaignFormValues>
  /** The stored file's address; null when the campaign has none. */
  storedUrl: string | null
  /** Where the chosen file stands since the last save, if it was sent. */
  upload: UploadState | null
  disabled: boolean
  /** Shows the file without the means to change it. */
  readOnly: boolean
  onChoose: (file: File) => void
  onRemove: () => void
}

/** A stored file's address may be a server path, which the desktop app prefixes. */
const useServerHref = (url: string | null): string | null => {
  const base = useServerBase()
  if (!url) return null
  return url.startsWith('/') ? `${base ?? ''}${url}` : url
}

/**
 * The campaign's one attachment, sent with the message as its caption: choose a file, see its
 * name, open the stored one, remove it. It is sent after the campaign is saved, its progress
 * shown; a file refused, by the form or the server, shows why.
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
  const { t } = useTranslation('campaigns')
  const styles = useAttachmentFieldStyles()
  const inputRef = useRef<HTMLInputElement>(null)
  const { field, fieldState } = useController({ control, name: 'file' })
  const storedName = useWatch({ control, name: 'storedMediaName' })
  const file = field.value
  const fileError = useFieldMessage(fieldState.error)
  const href = useServerHref(!file && storedName !== null ? storedUrl : null)
  const name = file?.name ?? storedName

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
              <DocumentRegular className={styles.icon} aria-hidden />
              <div className={styles.fileText}>
                <Text className={styles.fileName} title={name}>
                  {name}
                </Text>
                {file ? (
                  <Caption1 className={styles.fileDetail}>{t('dialog.chosenFile')}</Caption1>
                ) : (
                  href && (
                    <Link
                      className={styles.open}
                      href={href}
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
