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
} from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { ContactDto } from '@shared/contracts/contacts'
import { BusyButton } from '@renderer/components/BusyButton'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifyError, notifyInfo } from '@renderer/lib/notify'
import { readTicketConflict } from '@renderer/features/tickets'
import { useOpenChatMutation } from '../mutations'
import { contactQueries } from '../queries'
import { useContactDialogStyles } from './ContactDialog.styles'

export interface OpenChatDialogProps {
  contact: ContactDto | null
  onClose: () => void
}

/**
 * "Open chat" from the contacts list: a ticket for the contact in one of the user's queues on a
 * connection, as the new-ticket modal does (000 §5: a queue is required). When the contact
 * already has an active ticket, the user's own opens and anyone else's is named.
 */
export const OpenChatDialog = ({ contact, onClose }: OpenChatDialogProps) => {
  const { t } = useTranslation('contacts')
  const styles = useContactDialogStyles()
  const me = useCurrentUser()
  const navigate = useNavigate()
  const mutation = useOpenChatMutation()
  const connections = useQuery({ ...contactQueries.connectionOptions(), enabled: !!contact })
  const [queueId, setQueueId] = useState<number | null>(me.queues[0]?.id ?? null)
  const [queueMissing, setQueueMissing] = useState(false)
  const [chosenConnection, setChosenConnection] = useState<number | null>(null)
  const options = connections.data ?? []
  const whatsappId = chosenConnection ?? me.whatsappId ?? options[0]?.id ?? null
  const queue = me.queues.find((item) => item.id === queueId)

  const handleOpen = async () => {
    if (!contact) return
    if (queueId === null) {
      setQueueMissing(true)
      return
    }
    try {
      const ticket = await mutation.mutateAsync({
        contactId: contact.id,
        queueId,
        userId: me.id,
        status: 'open',
        whatsappId,
      })
      onClose()
      void navigate(`/tickets/${ticket.uuid}`)
    } catch (error) {
      const conflict = readTicketConflict(error)
      if (!conflict) {
        notifyError(error)
        return
      }
      onClose()
      if (conflict.userId === me.id) {
        void navigate(`/tickets/${conflict.uuid}`)
      } else {
        notifyInfo(
          conflict.user
            ? t('openChat.heldBy', { user: conflict.user.name, queue: conflict.queue?.name ?? '—' })
            : t('openChat.waiting'),
        )
      }
    }
  }

  const busy = mutation.isPending
  return (
    <Dialog
      open={contact !== null}
      onOpenChange={(_event, data) => !data.open && !busy && onClose()}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('openChat.title', { name: contact?.name ?? '' })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Field
              label={t('openChat.queue')}
              required
              validationMessage={queueMissing ? t('openChat.queueRequired') : undefined}
            >
              <Dropdown
                value={queue?.name ?? ''}
                selectedOptions={queueId === null ? [] : [String(queueId)]}
                onOptionSelect={(_event, data) => {
                  setQueueId(data.optionValue ? Number(data.optionValue) : null)
                  setQueueMissing(false)
                }}
              >
                {me.queues.map((item) => (
                  <Option key={item.id} value={String(item.id)}>
                    {item.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('openChat.connection')}>
              <Dropdown
                value={options.find((option) => option.id === whatsappId)?.name ?? ''}
                selectedOptions={whatsappId === null ? [] : [String(whatsappId)]}
                onOptionSelect={(_event, data) =>
                  setChosenConnection(data.optionValue ? Number(data.optionValue) : null)
                }
              >
                {options.map((option) => (
                  <Option key={option.id} value={String(option.id)}>
                    {option.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <BusyButton busy={busy} onClick={() => void handleOpen()}>
              {t('openChat.confirm')}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
