import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components'
import { CameraRegular } from '@fluentui/react-icons'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifyError } from '@renderer/lib/notify'
import { useCameraDialogStyles } from './CameraDialog.styles'

export interface CameraDialogProps {
  open: boolean
  onCapture: (file: File) => void
  onClose: () => void
}

const PHOTO_TYPE = 'image/jpeg'
const PHOTO_QUALITY = 0.9

/** A photo from the camera (000 §2 Modals: camera capture), handed to the media preview. */
export const CameraDialog = ({ open, onCapture, onClose }: CameraDialogProps) => {
  const { t } = useTranslation('messages')
  const styles = useCameraDialogStyles()
  const videoRef = useRef<HTMLVideoElement>(null)
  const [stream, setStream] = useState<MediaStream | null>(null)

  useEffect(() => {
    if (!open) return
    let cancelled = false
    let acquired: MediaStream | null = null
    navigator.mediaDevices
      .getUserMedia({ video: true })
      .then((media) => {
        acquired = media
        if (cancelled) {
          for (const track of media.getTracks()) track.stop()
          return
        }
        setStream(media)
      })
      .catch((error: unknown) => {
        if (cancelled) return
        notifyError(error)
        onClose()
      })
    return () => {
      cancelled = true
      for (const track of acquired?.getTracks() ?? []) track.stop()
      setStream(null)
    }
  }, [open, onClose])

  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = stream
  }, [stream])

  const capture = () => {
    const video = videoRef.current
    if (!video || video.videoWidth === 0) return
    const canvas = document.createElement('canvas')
    canvas.width = video.videoWidth
    canvas.height = video.videoHeight
    canvas.getContext('2d')?.drawImage(video, 0, 0)
    canvas.toBlob(
      (blob) => {
        if (!blob) return
        onCapture(new File([blob], `camera_${Date.now()}.jpg`, { type: PHOTO_TYPE }))
        onClose()
      },
      PHOTO_TYPE,
      PHOTO_QUALITY,
    )
  }

  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('camera.title')}</DialogTitle>
          <DialogContent>
            {stream ? (
              <video
                ref={videoRef}
                className={styles.video}
                autoPlay
                playsInline
                muted
                aria-label={t('camera.preview')}
              />
            ) : (
              <Spinner label={t('camera.starting')} />
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button
              appearance="primary"
              icon={<CameraRegular />}
              disabled={!stream}
              onClick={capture}
            >
              {t('camera.capture')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
