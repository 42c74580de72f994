import { createContext, useContext } from 'react'
import type { TicketDto } from '@shared/contracts/tickets'
import type { TicketHolder } from '../transitions'

/** Where a ticket the user now holds is opened: its uuid, and its status to pick the tab. */
export type TicketTarget = Pick<TicketDto, 'uuid' | 'status'>

/**
 * The inbox's ticket transitions (000 §4), with the dialogs each one needs. Everything inside the
 * tickets page (list rows, the conversation) acts through these, so the rules live in one place.
 */
export interface TicketActions {
  /** Asks for a queue first when the ticket has none. */
  accept: (ticket: TicketDto) => void
  returnToQueue: (ticket: TicketDto) => void
  /** Offers closing with or without the farewell message. */
  close: (ticket: TicketDto) => void
  /** Asks for confirmation: it closes the ticket and its unread messages. */
  ignore: (ticket: TicketDto) => void
  /** Asks for a queue first when the closed ticket has none. */
  reopen: (ticket: TicketDto) => void
  transfer: (ticket: TicketDto) => void
  /** Asks for confirmation. */
  remove: (ticket: TicketDto) => void
  showLog: (ticket: TicketDto) => void
  /** The info modal: who already holds the ticket the user tried to take. */
  showHolder: (holder: TicketHolder) => void
  /** Navigates to a ticket and selects its tab. */
  openTicket: (ticket: TicketTarget) => void
  /** The ticket whose transition is running, so its buttons wait. */
  busyTicketId: number | null
}

export const TicketActionsContext = createContext<TicketActions | null>(null)

/** The transitions of the tickets page; only inside `TicketActionsProvider`. */
export const useTicketActions = (): TicketActions => {
  const actions = useContext(TicketActionsContext)
  if (!actions) throw new Error('useTicketActions outside TicketActionsProvider')
  return actions
}
