import { Body1Strong, Button, Caption1, ToggleButton, Tooltip } from '@fluentui/react-components'
import {
  ArrowLeftRegular,
  ArrowSwapRegular,
  ArrowUndoRegular,
  CalendarClockRegular,
  CheckmarkCircleRegular,
  DocumentPdfRegular,
  HistoryRegular,
  PanelRightRegular,
} from '@fluentui/react-icons'
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '@shared/contracts/tickets'
import { planAllows } from '@shared/permissions'
import { ConversationScheduleDialog } from '@renderer/features/schedules'
import { ContactAvatar } from '@renderer/features/tickets/components/ContactAvatar'
import { useTicketActions } from '@renderer/features/tickets/hooks/useTicketActions'
import { useFocusReturn } from '@renderer/hooks/useFocusReturn'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { isTicketWritable } from '../message-rules'
import { useConversationHeaderStyles } from './ConversationHeader.styles'
import { TakeTicketButton } from './TakeTicketButton'

export interface ConversationHeaderProps {
  ticket: TicketDto
  drawerOpen: boolean
  exporting: boolean
  onToggleDrawer: () => void
  onBack: () => void
  onExportPdf: () => void
}

/**
 * Contact, ticket number and assignee, with the ticket's actions (000 §2 Conversation screen).
 * Accepting, reopening, returning, closing, transferring and the log are the inbox's own (`useTicketActions`), which
 * also leaves the conversation once the ticket is no longer the user's. Scheduling a message for
 * the contact, where the plan has schedules, opens the schedules' dialog.
 */
export const ConversationHeader = ({
  ticket,
  drawerOpen,
  exporting,
  onToggleDrawer,
  onBack,
  onExportPdf,
}: ConversationHeaderProps) => {
  const { t } = useTranslation('messages')
  const styles = useConversationHeaderStyles()
  const actions = useTicketActions()
  const busy = actions.busyTicketId === ticket.id
  const writable = isTicketWritable(ticket)
  const me = useCurrentUser()
  const canSchedule = planAllows(me.company.plan, 'useSchedules')
  const [scheduling, setScheduling] = useState(false)
  const focus = useFocusReturn()

  const action = (label: string, icon: ReactElement, onClick: () => void, disabled = false) => (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" icon={icon} disabled={disabled} onClick={onClick} />
    </Tooltip>
  )

  return (
    <header className={styles.root}>
      {action(t('header.back'), <ArrowLeftRegular />, onBack)}
      <ContactAvatar name={ticket.contact.name} urlPicture={ticket.contact.urlPicture} size={36} />
      <div className={styles.identity}>
        <Body1Strong className={styles.name}>{ticket.contact.name}</Body1Strong>
        <Caption1 className={styles.meta}>
          {ticket.user
            ? t('header.ticketWithUser', { id: ticket.id, user: ticket.user.name })
            : t('header.ticket', { id: ticket.id })}
        </Caption1>
      </div>
      <div className={styles.actions} role="toolbar" aria-label={t('header.actions')}>
        {writable && (
          <>
            {action(
              t('header.returnToQueue'),
              <ArrowUndoRegular />,
              () => actions.returnToQueue(ticket),
              busy,
            )}
            {action(
              t('header.close'),
              <CheckmarkCircleRegular />,
              () => actions.close(ticket),
              busy,
            )}
          </>
        )}
        <TakeTicketButton ticket={ticket} appearance="subtle" />
        {action(t('header.transfer'), <ArrowSwapRegular />, () => actions.transfer(ticket))}
        {action(t('header.log'), <HistoryRegular />, () => actions.showLog(ticket))}
        {action(t('header.exportPdf'), <DocumentPdfRegular />, onExportPdf, exporting)}
        {canSchedule &&
          action(t('header.schedule'), <CalendarClockRegular />, () => {
            focus.remember()
            setScheduling(true)
          })}
        <Tooltip
          content={drawerOpen ? t('header.hideContact') : t('header.showContact')}
          relationship="label"
        >
          <ToggleButton
            appearance="subtle"
            icon={<PanelRightRegular />}
            checked={drawerOpen}
            onClick={onToggleDrawer}
          />
        </Tooltip>
      </div>
      {canSchedule && (
        <ConversationScheduleDialog
          open={scheduling}
          contact={ticket.contact}
          whatsappId={ticket.whatsappId}
          onClose={() => {
            setScheduling(false)
            focus.giveBack()
          }}
        />
      )}
    </header>
  )
}
