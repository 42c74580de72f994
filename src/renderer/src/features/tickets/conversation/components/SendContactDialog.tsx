import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ContactDto } from '@shared/contracts/contacts'
import type { SendMessageBody } from '@shared/contracts/messages'
import { BusyButton } from '@renderer/components/BusyButton'
import { notifyError } from '@renderer/lib/notify'
import { keyForSend, type PendingSend } from '../idempotency'
import { useSendMessageMutation } from '../mutations'
import { ContactDialog } from '@renderer/features/contacts'
import { ContactPicker } from './ContactPicker'

/** A number masked for LGPD (digits hidden) cannot go into a card. */
const cardNumber = (contact: ContactDto | null): string | null =>
  contact?.number && !contact.number.includes('*') ? contact.number : null

export interface SendContactDialogProps {
  open: boolean
  ticketId: number
  isPrivate: boolean
  onClose: () => void
}

/**
 * Sends a contact card (000 §2 Modals: send contact, §5): OK waits for a contact with a number;
 * a typed name that finds no contact opens the contact form to create it.
 */
export const SendContactDialog = ({
  open,
  ticketId,
  isPrivate,
  onClose,
}: SendContactDialogProps) => {
  const { t } = useTranslation('messages')
  const [contact, setContact] = useState<ContactDto | null>(null)
  // A typed name without a number opens the contact form with it; the saved contact is chosen.
  const [newContactName, setNewContactName] = useState<string | null>(null)
  const pendingRef = useRef<PendingSend | null>(null)
  const mutation = useSendMessageMutation(ticketId)
  const busy = mutation.isPending

  const close = () => {
    setContact(null)
    onClose()
  }

  const send = () => {
    const number = cardNumber(contact)
    if (!contact || !number) return
    const body: SendMessageBody = {
      fromMe: true,
      read: true,
      isPrivate,
      vCard: { name: contact.name, number },
    }
    const pending = keyForSend(pendingRef.current, JSON.stringify(body))
    pendingRef.current = pending
    mutation.mutate(
      { ...body, idempotencyKey: pending.key },
      {
        onSuccess: () => {
          pendingRef.current = null
          close()
        },
        onError: notifyError,
      },
    )
  }

  return (
    <>
      <Dialog open={open} onOpenChange={(_event, data) => !data.open && !busy && close()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('sendContact.title')}</DialogTitle>
            <DialogContent>
              <ContactPicker
                value={contact}
                onChange={setContact}
                disabled={busy}
                onCreate={setNewContactName}
              />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={close}>
                {t('dialog.cancel')}
              </Button>
              <BusyButton busy={busy} disabled={!cardNumber(contact)} onClick={send}>
                {t('sendContact.send')}
              </BusyButton>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ContactDialog
        open={newContactName !== null}
        initialName={newContactName ?? ''}
        onClose={() => setNewContactName(null)}
        onSaved={setContact}
      />
    </>
  )
}
