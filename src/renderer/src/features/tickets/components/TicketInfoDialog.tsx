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
import type { TicketHolder } from '../transitions'

export interface TicketInfoDialogProps {
  open: boolean
  holder: TicketHolder
  onClose: () => void
}

/**
 * The info modal (000 §4): the ticket the user tried to take is already with someone, or waits
 * in a queue for its turn.
 */
export const TicketInfoDialog = ({ open, holder, onClose }: TicketInfoDialogProps) => {
  const { t } = useTranslation('tickets')
  const queue = holder.queue?.name ?? t('queue.none')
  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => {
        if (!data.open) onClose()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('infoDialog.title')}</DialogTitle>
          <DialogContent>
            {holder.user
              ? t('infoDialog.withUser', { user: holder.user.name, queue })
              : t('infoDialog.wait', { queue })}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('actions.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
