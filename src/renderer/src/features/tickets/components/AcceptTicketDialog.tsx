import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BusyButton } from '@renderer/components/BusyButton'
import { QueueField } from './QueueField'
import { useTicketDialogStyles } from './TicketDialog.styles'

export interface AcceptTicketDialogProps {
  open: boolean
  /** Accepting a pending ticket, or reopening a closed one; both need a queue first. */
  mode: 'accept' | 'reopen'
  contactName: string
  busy: boolean
  onConfirm: (queueId: number) => void
  onCancel: () => void
}

/** The queue choice before taking a ticket without queue (000 §5: start disabled until chosen). */
export const AcceptTicketDialog = ({
  open,
  mode,
  contactName,
  busy,
  onConfirm,
  onCancel,
}: AcceptTicketDialogProps) => {
  const { t } = useTranslation('tickets')
  const styles = useTicketDialogStyles()
  const [queueId, setQueueId] = useState<number | null>(null)

  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) onCancel()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            {t(mode === 'accept' ? 'acceptDialog.title' : 'acceptDialog.reopenTitle', {
              name: contactName,
            })}
          </DialogTitle>
          <DialogContent className={styles.fields}>
            <QueueField scope="mine" value={queueId} onChange={setQueueId} />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            <BusyButton
              busy={busy}
              disabled={queueId === null}
              onClick={() => {
                if (queueId !== null) onConfirm(queueId)
              }}
            >
              {t('acceptDialog.start')}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
