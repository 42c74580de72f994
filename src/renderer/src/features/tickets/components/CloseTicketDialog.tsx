import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { BusyButton } from '@renderer/components/BusyButton'

export interface CloseTicketDialogProps {
  open: boolean
  contactName: string
  busy: boolean
  /** `true` sends the farewell (and, server-side, the rating request when it applies). */
  onConfirm: (sendFarewellMessage: boolean) => void
  onCancel: () => void
}

/** Resolving a ticket: normally, or without the farewell message (000 §4). */
export const CloseTicketDialog = ({
  open,
  contactName,
  busy,
  onConfirm,
  onCancel,
}: CloseTicketDialogProps) => {
  const { t } = useTranslation('tickets')
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) onCancel()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('closeDialog.title')}</DialogTitle>
          <DialogContent>{t('closeDialog.message', { name: contactName })}</DialogContent>
          {/* Fluid: three buttons need the dialog's whole width to sit in one row; Fluent stacks
              them on narrow screens. */}
          <DialogActions fluid>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            <Button appearance="outline" disabled={busy} onClick={() => onConfirm(false)}>
              {t('closeDialog.withoutFarewell')}
            </Button>
            <BusyButton busy={busy} onClick={() => onConfirm(true)}>
              {t('closeDialog.confirm')}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
