import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
} from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useImagePreviewDialogStyles } from './ImagePreviewDialog.styles'

export interface ImagePreviewDialogProps {
  src: string | null
  onClose: () => void
}

/** An image message at full size. */
export const ImagePreviewDialog = ({ src, onClose }: ImagePreviewDialogProps) => {
  const { t } = useTranslation('messages')
  const styles = useImagePreviewDialogStyles()
  return (
    <Dialog open={src !== null} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('media.image')}</DialogTitle>
          <DialogContent>
            {src && <img className={styles.image} src={src} alt={t('media.image')} />}
          </DialogContent>
          <DialogActions>
            {src && (
              <Link href={src} download target="_blank" rel="noreferrer">
                <ArrowDownloadRegular aria-hidden /> {t('media.downloadImage')}
              </Link>
            )}
            <Button appearance="secondary" onClick={onClose}>
              {t('dialog.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
