import {
  Avatar,
  Body1Strong,
  Button,
  Caption1,
  ToggleButton,
  Tooltip,
} from '@fluentui/react-components'
import {
  ArrowLeftRegular,
  ArrowSwapRegular,
  ArrowUndoRegular,
  CheckmarkCircleRegular,
  DocumentPdfRegular,
  HistoryRegular,
  PanelRightRegular,
} from '@fluentui/react-icons'
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '../../../../../../shared/contracts/tickets'
import type { SessionUser } from '../../../../../../shared/contracts/users'
import { notifySuccess, notifyWarning } from '../../../../lib/notify'
import { isTicketWritable } from '../message-rules'
import { useUpdateTicketMutation } from '../mutations'
import { useMediaSrc } from '../preferences'
import { CloseTicketDialog } from './CloseTicketDialog'
import { useConversationHeaderStyles } from './ConversationHeader.styles'
import { TicketLogDialog } from './TicketLogDialog'

export interface ConversationHeaderProps {
  ticket: TicketDto
  me: SessionUser
  drawerOpen: boolean
  exporting: boolean
  onToggleDrawer: () => void
  onBack: () => void
  /** The ticket left the user's hands (returned or closed): 000 §2 sends him to /tickets. */
  onLeave: () => void
  onTransfer?: (ticket: TicketDto) => void
  onExportPdf: () => void
}

/** Contact, ticket number and assignee, with the ticket's actions (000 §2 Conversation screen). */
export const ConversationHeader = ({
  ticket,
  me,
  drawerOpen,
  exporting,
  onToggleDrawer,
  onBack,
  onLeave,
  onTransfer,
  onExportPdf,
}: ConversationHeaderProps) => {
  const { t } = useTranslation('messages')
  const styles = useConversationHeaderStyles()
  const mediaSrc = useMediaSrc()
  const [closing, setClosing] = useState(false)
  const [logOpen, setLogOpen] = useState(false)
  const update = useUpdateTicketMutation(ticket.uuid)
  const writable = isTicketWritable(ticket)

  const returnToQueue = () =>
    update.mutate(
      { id: ticket.id, body: { status: 'pending', userId: null } },
      {
        onSuccess: () => {
          notifySuccess(t('toasts.returned'))
          onLeave()
        },
      },
    )

  const askClose = () => {
    // 000 §4: with requiredTag on, a contact without tags cannot be closed.
    if (me.company.companieSettings.requiredTag === 'enabled' && ticket.contact.tags.length === 0) {
      notifyWarning(t('close.tagRequired'))
      return
    }
    setClosing(true)
  }

  const close = (sendFarewellMessage: boolean) =>
    update.mutate(
      { id: ticket.id, body: { status: 'closed', sendFarewellMessage } },
      {
        onSuccess: () => {
          setClosing(false)
          notifySuccess(t('toasts.closed'))
          onLeave()
        },
      },
    )

  const action = (label: string, icon: ReactElement, onClick: () => void, disabled = false) => (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" icon={icon} disabled={disabled} onClick={onClick} />
    </Tooltip>
  )

  const picture = ticket.contact.urlPicture ? mediaSrc(ticket.contact.urlPicture) : undefined
  return (
    <header className={styles.root}>
      {action(t('header.back'), <ArrowLeftRegular />, onBack)}
      <Avatar name={ticket.contact.name} image={picture ? { src: picture } : undefined} size={36} />
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
              returnToQueue,
              update.isPending,
            )}
            {action(t('header.close'), <CheckmarkCircleRegular />, askClose, update.isPending)}
          </>
        )}
        {onTransfer && action(t('header.transfer'), <ArrowSwapRegular />, () => onTransfer(ticket))}
        {action(t('header.log'), <HistoryRegular />, () => setLogOpen(true))}
        {action(t('header.exportPdf'), <DocumentPdfRegular />, onExportPdf, exporting)}
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
      <CloseTicketDialog
        open={closing}
        busy={update.isPending}
        onConfirm={close}
        onCancel={() => setClosing(false)}
      />
      <TicketLogDialog open={logOpen} ticketId={ticket.id} onClose={() => setLogOpen(false)} />
    </header>
  )
}
