import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto, UpdateTicketBody } from '@shared/contracts/tickets'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useFocusReturn } from '@renderer/hooks/useFocusReturn'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifySuccess } from '@renderer/lib/notify'
import {
  TicketActionsContext,
  type TicketActions,
  type TicketTarget,
} from '../hooks/useTicketActions'
import { useTransitionRefs } from '../hooks/useTransitionRefs'
import { useDeleteTicketMutation, useUpdateTicketMutation } from '../mutations'
import {
  expectedAfter,
  holderIfTaken,
  transitionBodies,
  type TicketHolder,
  type TransferChoice,
} from '../transitions'
import { AcceptTicketDialog } from './AcceptTicketDialog'
import { CloseTicketDialog } from './CloseTicketDialog'
import { TicketInfoDialog } from './TicketInfoDialog'
import { TicketLogDialog } from './TicketLogDialog'
import { TransferTicketDialog } from './TransferTicketDialog'

type DialogState =
  | { kind: 'queue'; ticket: TicketDto; mode: 'accept' | 'reopen' }
  | { kind: 'close'; ticket: TicketDto }
  | { kind: 'transfer'; ticket: TicketDto }
  | { kind: 'ignore'; ticket: TicketDto }
  | { kind: 'delete'; ticket: TicketDto }
  | { kind: 'log'; ticket: TicketDto }
  | { kind: 'info'; holder: TicketHolder }

export interface TicketActionsProviderProps {
  children: ReactNode
  /** The uuid of the ticket on screen: leaving it after a transition goes back to /tickets. */
  currentTicketUuid: string | null
  /** Opens a ticket the user now holds, selecting its tab (000 §2). */
  onShowTicket: (ticket: TicketTarget) => void
  /** Closes the ticket on screen (000 §2: after closing or returning, the user is at /tickets). */
  onLeaveTicket: () => void
}

const activeTicketRow = () => document.querySelector<HTMLElement>('[data-ticket-row][tabindex="0"]')

/**
 * Where the focus goes when the control the user acted from is gone: back to the list after a
 * row's action; after one in the conversation (an Accept that made the ticket answerable), to
 * its composer when it can be used.
 */
const focusAfterAction = (origin: HTMLElement | null) => {
  if (origin?.closest('[data-ticket-row]')) return activeTicketRow()
  return document.querySelector<HTMLElement>('[data-composer]:enabled') ?? activeTicketRow()
}

/** A ticket the user still works on after a transition: his, and active. */
const stillMine = (ticket: TicketDto, myId: number) =>
  ticket.userId === myId && (ticket.status === 'open' || ticket.status === 'group')

/** Provides `useTicketActions` and renders the dialogs the transitions open. */
export const TicketActionsProvider = ({
  children,
  currentTicketUuid,
  onShowTicket,
  onLeaveTicket,
}: TicketActionsProviderProps) => {
  const { t } = useTranslation('tickets')
  const me = useCurrentUser()
  const updateMutation = useUpdateTicketMutation()
  const refs = useTransitionRefs()
  const deleteMutation = useDeleteTicketMutation()
  // Closing keeps the content, so a dialog does not go blank while it fades out.
  const [dialog, setDialog] = useState<DialogState | null>(null)
  const [open, setOpen] = useState(false)

  const focus = useFocusReturn(focusAfterAction)

  const showDialog = (next: DialogState) => {
    focus.remember()
    setDialog(next)
    setOpen(true)
  }
  const hideDialog = () => {
    setOpen(false)
    focus.giveBack()
  }

  /**
   * Runs a transition. The ticket moves at once (`expectedAfter`), before the server answers; a
   * failure was already shown, puts it back, and leaves the dialog open for another try. Success
   * hides the dialog, if any, and gives the focus back.
   */
  const transition = async (ticket: TicketDto, body: UpdateTicketBody) => {
    const after = expectedAfter(ticket, body, refs, new Date())
    try {
      const answered = await updateMutation.mutateAsync({
        id: ticket.id,
        body,
        optimistic: { before: ticket, after },
      })
      hideDialog()
      return answered
    } catch {
      return null
    }
  }

  /** Accept and reopen: open the ticket, unless someone else turned out to hold it. */
  const take = async (ticket: TicketDto, body: UpdateTicketBody) => {
    const answered = await transition(ticket, body)
    if (!answered) return
    const holder = holderIfTaken(answered, me.id)
    if (holder) showDialog({ kind: 'info', holder })
    else onShowTicket(answered)
  }

  /**
   * Return, close, ignore and transfer: the ticket on screen is left once it is not ours. `done`
   * is said once it worked.
   */
  const release = async (ticket: TicketDto, body: UpdateTicketBody, done?: string) => {
    const answered = await transition(ticket, body)
    if (!answered) return
    if (done) notifySuccess(done)
    if (ticket.uuid === currentTicketUuid && !stillMine(answered, me.id)) onLeaveTicket()
  }

  const handleQueueChosen = (queueId: number) => {
    if (dialog?.kind !== 'queue') return
    const body =
      dialog.mode === 'accept'
        ? transitionBodies.accept(me.id, queueId)
        : transitionBodies.reopen(me.id, queueId)
    void take(dialog.ticket, body)
  }

  const handleCloseChosen = (sendFarewellMessage: boolean) => {
    if (dialog?.kind !== 'close') return
    void release(dialog.ticket, transitionBodies.close(sendFarewellMessage), t('toasts.closed'))
  }

  const handleTransferChosen = (choice: TransferChoice) => {
    if (dialog?.kind !== 'transfer') return
    void release(dialog.ticket, transitionBodies.transfer(choice), t('toasts.transferred'))
  }

  const handleIgnoreConfirmed = () => {
    if (dialog?.kind !== 'ignore') return
    void release(dialog.ticket, transitionBodies.ignore(), t('toasts.ignored'))
  }

  const handleDeleteConfirmed = () => {
    if (dialog?.kind !== 'delete') return
    const { ticket } = dialog
    deleteMutation.mutate(ticket.id, {
      onSuccess: () => {
        hideDialog()
        if (ticket.uuid === currentTicketUuid) onLeaveTicket()
      },
    })
  }

  const busyTicketId = updateMutation.isPending ? (updateMutation.variables?.id ?? null) : null

  const actions: TicketActions = {
    accept: (ticket) => {
      if (ticket.queueId === null) showDialog({ kind: 'queue', ticket, mode: 'accept' })
      else void take(ticket, transitionBodies.accept(me.id, ticket.queueId))
    },
    returnToQueue: (ticket) => {
      // No dialog, but the ticket may leave the list with the button the user pressed.
      focus.remember()
      void release(ticket, transitionBodies.returnToQueue(), t('toasts.returned'))
    },
    close: (ticket) => showDialog({ kind: 'close', ticket }),
    ignore: (ticket) => showDialog({ kind: 'ignore', ticket }),
    reopen: (ticket) => {
      if (ticket.queueId === null) showDialog({ kind: 'queue', ticket, mode: 'reopen' })
      else void take(ticket, transitionBodies.reopen(me.id))
    },
    transfer: (ticket) => showDialog({ kind: 'transfer', ticket }),
    remove: (ticket) => showDialog({ kind: 'delete', ticket }),
    showLog: (ticket) => showDialog({ kind: 'log', ticket }),
    showHolder: (holder) => showDialog({ kind: 'info', holder }),
    openTicket: onShowTicket,
    busyTicketId,
  }

  const busy = updateMutation.isPending
  const contactName = dialog && 'ticket' in dialog ? dialog.ticket.contact.name : ''

  return (
    <TicketActionsContext.Provider value={actions}>
      {children}
      {dialog?.kind === 'queue' && (
        <AcceptTicketDialog
          key={dialog.ticket.id}
          open={open}
          mode={dialog.mode}
          contactName={contactName}
          busy={busy}
          onConfirm={handleQueueChosen}
          onCancel={hideDialog}
        />
      )}
      {dialog?.kind === 'close' && (
        <CloseTicketDialog
          open={open}
          contactName={contactName}
          busy={busy}
          onConfirm={handleCloseChosen}
          onCancel={hideDialog}
        />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferTicketDialog
          key={dialog.ticket.id}
          open={open}
          initialQueueId={dialog.ticket.queueId}
          // Passing it on to oneself is no transfer: then it starts at the queue alone.
          initialUserId={dialog.ticket.userId === me.id ? null : dialog.ticket.userId}
          busy={busy}
          onConfirm={handleTransferChosen}
          onCancel={hideDialog}
        />
      )}
      {dialog?.kind === 'ignore' && (
        <ConfirmDialog
          open={open}
          title={t('ignoreDialog.title')}
          confirmLabel={t('ignoreDialog.confirm')}
          cancelLabel={t('actions.cancel')}
          busy={busy}
          onConfirm={handleIgnoreConfirmed}
          onCancel={hideDialog}
        >
          {t('ignoreDialog.message', { name: contactName })}
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open={open}
          title={t('deleteDialog.title', { id: dialog.ticket.id })}
          confirmLabel={t('deleteDialog.confirm')}
          cancelLabel={t('actions.cancel')}
          busy={deleteMutation.isPending}
          onConfirm={handleDeleteConfirmed}
          onCancel={hideDialog}
        >
          {t('deleteDialog.message', { name: contactName })}
        </ConfirmDialog>
      )}
      {dialog?.kind === 'log' && (
        <TicketLogDialog open={open} ticketId={dialog.ticket.id} onClose={hideDialog} />
      )}
      {dialog?.kind === 'info' && (
        <TicketInfoDialog open={open} holder={dialog.holder} onClose={hideDialog} />
      )}
    </TicketActionsContext.Provider>
  )
}
