import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { connectionQueries } from '../queries'
import { useQrCodeDialogStyles } from './QrCodeDialog.styles'

/** A phone scans dark modules on a light ground whatever the app's theme, so these stay fixed. */
const QR_DARK = '#000000'
const QR_LIGHT = '#ffffff'
const QR_SIZE = 256

export interface QrCodeDialogProps {
  /** The connection whose code is shown; null closes the dialog. */
  connectionId: number | null
  onClose: () => void
}

/**
 * The QR code of a connection while its status is qrcode (001 §2). The code comes from the
 * connections list, which session events keep live: a refreshed code replaces the old one, and
 * once the phone pairs the dialog says so.
 */
export const QrCodeDialog = ({ connectionId, onClose }: QrCodeDialogProps) => {
  const { t } = useTranslation('connections')
  const styles = useQrCodeDialogStyles()
  const { data } = useQuery({ ...connectionQueries.list(), enabled: connectionId !== null })
  const connection = data?.find((row) => row.id === connectionId)
  const code = connection?.status === 'qrcode' ? connection.qrcode : undefined

  const renderCode = () => {
    if (code)
      return (
        <div className={styles.code}>
          <QRCodeSVG
            value={code}
            size={QR_SIZE}
            fgColor={QR_DARK}
            bgColor={QR_LIGHT}
            role="img"
            aria-label={t('qr.imageLabel', { name: connection?.name ?? '' })}
          />
        </div>
      )
    if (connection?.status === 'CONNECTED') return <Body1>{t('qr.connected')}</Body1>
    if (connection?.status === 'PAIRING') return <Body1>{t('qr.pairing')}</Body1>
    return <Spinner label={t('qr.waiting')} />
  }

  return (
    <Dialog open={connectionId !== null} onOpenChange={(_event, state) => !state.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('qr.title', { name: connection?.name ?? '' })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{t('qr.instructions')}</Body1>
            {renderCode()}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
