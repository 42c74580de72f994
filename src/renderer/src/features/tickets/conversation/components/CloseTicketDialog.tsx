import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { BusyButton } from '../../../../components/BusyButton'
import { useCloseTicketDialogStyles } from './CloseTicketDialog.styles'

export interface CloseTicketDialogProps {
  open: boolean
  busy: boolean
  /** `sendFarewellMessage` of the close: false closes silently. */
  onConfirm: (sendFarewellMessage: boolean) => void
  onCancel: () => void
}

/** Resolving a ticket (000 §4): normally, or without the farewell message. */
export const CloseTicketDialog = ({ open, busy, onConfirm, onCancel }: CloseTicketDialogProps) => {
  const { t } = useTranslation('messages')
  const styles = useCloseTicketDialogStyles()
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_event, data) => !data.open && !busy && onCancel()}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('close.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('close.description')}</Text>
            <div className={styles.choices}>
              <BusyButton busy={busy} onClick={() => onConfirm(true)}>
                {t('close.confirm')}
              </BusyButton>
              <Button appearance="secondary" disabled={busy} onClick={() => onConfirm(false)}>
                {t('close.withoutFarewell')}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {t('dialog.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
