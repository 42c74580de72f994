import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Option,
  Textarea,
} from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BusyButton } from '@renderer/components/BusyButton'
import { ticketQueries } from '../queries'
import type { TransferChoice } from '../transitions'
import { QueueField } from './QueueField'
import { useTicketDialogStyles } from './TicketDialog.styles'

/** The transfer note's rows (000 §5) and the contract's limit. */
const MESSAGE_ROWS = 5
const MESSAGE_MAX = 4096
const NO_USER = ''

export interface TransferTicketDialogProps {
  open: boolean
  /** Chosen when the dialog opens: the ticket's own queue, and its attendant when there is one. */
  initialQueueId: number | null
  initialUserId: number | null
  busy: boolean
  onConfirm: (choice: TransferChoice) => void
  onCancel: () => void
}

/**
 * Transfer to a queue, and optionally to one of its attendants, with a note (000 §4/§5): confirm
 * is disabled until a queue is chosen.
 */
export const TransferTicketDialog = ({
  open,
  initialQueueId,
  initialUserId,
  busy,
  onConfirm,
  onCancel,
}: TransferTicketDialogProps) => {
  const { t } = useTranslation('tickets')
  const styles = useTicketDialogStyles()
  const users = useQuery({ ...ticketQueries.users(), enabled: open })
  const [queueId, setQueueId] = useState(initialQueueId)
  const [userId, setUserId] = useState(initialUserId)
  const [message, setMessage] = useState('')

  // Attendants of the chosen queue; every user until a queue is chosen.
  const candidates = (users.data ?? []).filter(
    (user) => queueId === null || user.queues.some((queue) => queue.id === queueId),
  )
  const chosenUser = candidates.find((user) => user.id === userId) ?? null

  const handleQueue = (value: number | null) => {
    setQueueId(value)
    setUserId(null)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) onCancel()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('transferDialog.title')}</DialogTitle>
          <DialogContent className={styles.fields}>
            <QueueField scope="all" value={queueId} onChange={handleQueue} />
            <Field
              label={t('transferDialog.user')}
              hint={users.isError ? t('transferDialog.usersError') : undefined}
            >
              <Dropdown
                placeholder={t('transferDialog.noUser')}
                value={chosenUser?.name ?? ''}
                selectedOptions={[userId === null ? NO_USER : String(userId)]}
                onOptionSelect={(_event, data) =>
                  setUserId(data.optionValue ? Number(data.optionValue) : null)
                }
              >
                <Option value={NO_USER}>{t('transferDialog.noUser')}</Option>
                {candidates.map((user) => (
                  <Option key={user.id} value={String(user.id)}>
                    {user.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('transferDialog.message')}>
              <Textarea
                rows={MESSAGE_ROWS}
                maxLength={MESSAGE_MAX}
                resize="vertical"
                value={message}
                onChange={(_event, data) => setMessage(data.value)}
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            <BusyButton
              busy={busy}
              disabled={queueId === null}
              onClick={() => {
                if (queueId !== null) onConfirm({ queueId, userId, message })
              }}
            >
              {t('transferDialog.confirm')}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
