import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
} from '@fluentui/react-components'
import { DeleteRegular, DocumentRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BusyButton } from '@renderer/components/BusyButton'
import type { MediaUpload } from '../api'
import { useMediaPreviewDialogStyles } from './MediaPreviewDialog.styles'

export interface MediaPreviewDialogProps {
  files: File[]
  /** What a file's caption starts as (a quick reply's text); empty otherwise. */
  initialCaptions?: ReadonlyMap<File, string>
  busy: boolean
  onRemove: (file: File) => void
  onCancel: () => void
  onSend: (uploads: MediaUpload[]) => void
}

/** Object URLs for the images and videos among `files`, revoked when they go. */
const usePreviews = (files: File[]): Map<File, string> => {
  const previews = useMemo(
    () =>
      new Map(
        files
          .filter((file) => file.type.startsWith('image/') || file.type.startsWith('video/'))
          .map((file) => [file, URL.createObjectURL(file)]),
      ),
    [files],
  )
  useEffect(
    () => () => {
      for (const url of previews.values()) URL.revokeObjectURL(url)
    },
    [previews],
  )
  return previews
}

/** Files about to be sent, each with its own caption (000 §2 Modals: media preview). */
export const MediaPreviewDialog = ({
  files,
  initialCaptions,
  busy,
  onRemove,
  onCancel,
  onSend,
}: MediaPreviewDialogProps) => {
  const { t } = useTranslation('messages')
  const styles = useMediaPreviewDialogStyles()
  const previews = usePreviews(files)
  const [captions, setCaptions] = useState<Map<File, string>>(new Map())
  const captionOf = (file: File) => captions.get(file) ?? initialCaptions?.get(file) ?? ''

  const send = () => onSend(files.map((file) => ({ file, caption: captionOf(file).trim() })))

  return (
    <Dialog
      open={files.length > 0}
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) onCancel()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('mediaPreview.title')}</DialogTitle>
          <DialogContent>
            <div className={styles.list}>
              {files.map((file, index) => {
                const preview = previews.get(file)
                return (
                  <div key={`${file.name}-${file.lastModified}-${index}`} className={styles.item}>
                    {preview && file.type.startsWith('image/') ? (
                      <img className={styles.thumb} src={preview} alt={file.name} />
                    ) : preview ? (
                      <video className={styles.thumb} src={preview} muted />
                    ) : (
                      <span className={styles.fileIcon} aria-hidden>
                        <DocumentRegular />
                      </span>
                    )}
                    <div className={styles.fields}>
                      <Caption1 className={styles.name}>{file.name}</Caption1>
                      <Input
                        value={captionOf(file)}
                        placeholder={t('mediaPreview.caption')}
                        aria-label={t('mediaPreview.captionFor', { name: file.name })}
                        disabled={busy}
                        onChange={(_event, data) =>
                          setCaptions((current) => new Map(current).set(file, data.value))
                        }
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') {
                            event.preventDefault()
                            if (!busy) send()
                          }
                        }}
                      />
                    </div>
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={t('mediaPreview.remove', { name: file.name })}
                      disabled={busy}
                      onClick={() => onRemove(file)}
                    />
                  </div>
                )
              })}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {t('dialog.cancel')}
            </Button>
            <BusyButton busy={busy} onClick={send}>
              {t('mediaPreview.send', { total: files.length })}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
