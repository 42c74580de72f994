import { Button, Field } from '@fluentui/react-components'
import { DismissRegular, ImageAddRegular } from '@fluentui/react-icons'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { AVATAR_MAX_BYTES } from '@shared/constants'
import { UserAvatar } from './UserAvatar'
import { useUserAvatarFieldStyles } from './UserAvatarField.styles'

export interface UserAvatarFieldProps {
  name: string
  /** The avatar already stored, as the server's signed path. */
  profileImage: string | null
  /** The image chosen to replace it, uploaded when the dialog saves. */
  file: File | null
  /** A translated message: the file was refused here or by the server. */
  error: string | null
  onChange: (file: File | null, error: string | null) => void
}

/** Why a file cannot be an avatar (001 §5: images only; the server caps them at 2 MB). */
export const avatarFileProblem = (file: File): 'invalidType' | 'tooLarge' | null => {
  if (!file.type.startsWith('image/')) return 'invalidType'
  if (file.size > AVATAR_MAX_BYTES) return 'tooLarge'
  return null
}

/** A local preview URL for the chosen file, released when the file changes or the field goes. */
const usePreviewUrl = (file: File | null): string | null => {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return url
}

export const UserAvatarField = ({
  name,
  profileImage,
  file,
  error,
  onChange,
}: UserAvatarFieldProps) => {
  const { t } = useTranslation('users')
  const styles = useUserAvatarFieldStyles()
  const inputRef = useRef<HTMLInputElement>(null)
  const previewUrl = usePreviewUrl(file)

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = ''
    if (!chosen) return
    const problem = avatarFileProblem(chosen)
    if (problem) onChange(null, t(`dialog.avatar.${problem}`))
    else onChange(chosen, null)
  }

  return (
    <Field
      label={t('dialog.fields.avatar')}
      hint={t('dialog.hints.avatar')}
      validationMessage={error ?? undefined}
    >
      {(fieldProps) => (
        // A group rather than one control: the label and messages describe the whole row.
        <div {...fieldProps} role="group" className={styles.row}>
          <UserAvatar name={name} profileImage={profileImage} previewUrl={previewUrl} size={56} />
          <div className={styles.buttons}>
            <Button icon={<ImageAddRegular />} onClick={() => inputRef.current?.click()}>
              {t('dialog.avatar.choose')}
            </Button>
            {file && (
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                onClick={() => onChange(null, null)}
              >
                {t('dialog.avatar.remove')}
              </Button>
            )}
          </div>
          <input
            ref={inputRef}
            className={styles.fileInput}
            type="file"
            accept="image/*"
            aria-label={t('dialog.avatar.choose')}
            onChange={handleFileChange}
          />
        </div>
      )}
    </Field>
  )
}
