import { Button, Field, ProgressBar, Text } from '@fluentui/react-components'
import { AttachRegular } from '@fluentui/react-icons'
import { useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FLOW_MEDIA_ACCEPT } from '@shared/contracts/flows'
import {
  acceptedExtensions,
  checkMediaFile,
  MEDIA_KIND_OF,
  type MediaBlockType,
} from '@renderer/features/flow-editor/media/media-check'
import { useMediaFileFieldStyles } from './MediaFileField.styles'

export interface MediaFileFieldProps {
  type: MediaBlockType
  label: string
  /** The file's name as it stands (stored or chosen), or '' for none. */
  fileName: string
  /** The share sent so far while uploading, from 0 to 1; null when nothing is being sent. */
  progress: number | null
  /** Why the file is missing or was not taken (a form rule, a failed upload). */
  error?: string
  disabled?: boolean
  /** A file that passed the type and size checks (002 §5). */
  onChoose: (file: File) => void
}

/**
 * A file picker for one media kind: the type and size are checked before anything is sent
 * ('Arquivo é muito grande! 2MB máximo'), the upload's progress and any refusal shown under it.
 */
export const MediaFileField = ({
  type,
  label,
  fileName,
  progress,
  error,
  disabled = false,
  onChoose,
}: MediaFileFieldProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useMediaFileFieldStyles()
  const input = useRef<HTMLInputElement>(null)
  const [refusal, setRefusal] = useState<string | null>(null)

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared so that choosing the same file again still reports a change.
    event.target.value = ''
    if (!file) return
    const refused = checkMediaFile(MEDIA_KIND_OF[type], file)
    if (refused?.reason === 'tooLarge') {
      setRefusal(t('media.tooLarge', { size: refused.maxMb }))
      return
    }
    if (refused?.reason === 'wrongType') {
      setRefusal(t('media.wrongType', { extensions: refused.extensions }))
      return
    }
    setRefusal(null)
    onChoose(file)
  }

  const message = refusal ?? error
  const sending = progress !== null
  return (
    <Field
      label={label}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
      hint={t('media.accepts', { extensions: acceptedExtensions(MEDIA_KIND_OF[type]) })}
    >
      {(fieldProps) => (
        <div className={styles.root}>
          <div className={styles.row}>
            <Button
              {...fieldProps}
              icon={<AttachRegular />}
              disabled={disabled || sending}
              onClick={() => input.current?.click()}
            >
              {fileName ? t('media.replace') : t('media.choose')}
            </Button>
            <Text className={styles.name} title={fileName}>
              {fileName || t('media.none')}
            </Text>
            <input
              ref={input}
              className={styles.input}
              type="file"
              accept={FLOW_MEDIA_ACCEPT[MEDIA_KIND_OF[type]]}
              tabIndex={-1}
              aria-hidden
              onChange={handleChange}
            />
          </div>
          {sending && (
            <ProgressBar
              value={progress}
              max={1}
              aria-label={t('media.uploading', { percent: Math.round(progress * 100) })}
            />
          )}
        </div>
      )}
    </Field>
  )
}
