import { useState } from 'react'
import { Navigate } from 'react-router'
import type { ContactDto } from '@shared/contracts/contacts'
import { routeLink } from '@shared/navigation'
import { ScheduleDialog } from './ScheduleDialog'

export interface ConversationScheduleDialogProps {
  open: boolean
  /** The ticket's contact: the message goes to it, and it cannot be changed here. */
  contact: Pick<ContactDto, 'id' | 'name' | 'number' | 'channel'>
  /** The ticket's connection, chosen at first; null leaves the choice to the server. */
  whatsappId: number | null
  onClose: () => void
}

/**
 * A new schedule for a conversation's contact (000 §2, §4 "Scheduled messages"): once saved,
 * the dialog closes and, once it has finished closing, the user is taken to the schedules
 * screen (a dialog unmounted open, or in the middle of closing, left that screen `aria-hidden`).
 * The router is reached only then (`Navigate`), so the conversation renders without one until
 * a schedule is saved.
 */
export const ConversationScheduleDialog = ({
  open,
  contact,
  whatsappId,
  onClose,
}: ConversationScheduleDialogProps) => {
  const [saved, setSaved] = useState(false)
  const [closed, setClosed] = useState(false)
  const handleSaved = () => {
    setSaved(true)
    onClose()
  }
  return (
    <>
      <ScheduleDialog
        open={open}
        draft={{ contactId: contact.id, whatsappId }}
        fixedContact={contact}
        onClose={onClose}
        onSaved={handleSaved}
        onClosed={() => setClosed(true)}
      />
      {saved && closed && <Navigate to={routeLink('schedules')} />}
    </>
  )
}
