import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BusyButton } from './BusyButton'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  children?: ReactNode
  /** Text of the confirm button; "Yes" by default (the spec's yes/no confirmations). */
  confirmLabel?: string
  cancelLabel?: string
  /** Disables the buttons and shows a spinner while the action runs. */
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A yes/no question before a destructive or bulk action. Escape and Cancel both cancel. */
export const ConfirmDialog = ({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => {
  const { t } = useTranslation('common')
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
          <DialogTitle>{title}</DialogTitle>
          {children && <DialogContent>{children}</DialogContent>}
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {cancelLabel ?? t('actions.no')}
            </Button>
            <BusyButton busy={busy} onClick={onConfirm}>
              {confirmLabel ?? t('actions.yes')}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
