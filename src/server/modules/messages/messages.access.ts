import type { RequestContext } from '@server/context'
import { AppError } from '@server/lib/app-error'
import { isId } from '@server/lib/id-list'
import type { TicketRow } from '../tickets/tickets.table'
import type { MessagesRepository } from './messages.repository'
import type { MessageRow } from './messages.table'
import { canActOnTicket, canSeeTicket } from './messages.visibility'

const TICKET_REF = /^(?:(\d{1,10})|([0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}))$/
/** Facebook and Instagram accept replies for 24 hours after the contact's last message. */
const META_WINDOW_MS = 24 * 60 * 60 * 1000

/** A ticket of the path by numeric id or by uuid (000 §7); anything else names no ticket. */
function parseTicketRef(ref: string): { id: number } | { uuid: string } | null {
  const match = TICKET_REF.exec(ref)
  if (!match) return null
  if (match[2]) return { uuid: match[2].toLowerCase() }
  const id = Number(match[1])
  return isId(id) ? { id } : null
}

/** Writing on a ticket: only open or group tickets, and only those the caller may act on. */
export function assertMayWrite(ctx: RequestContext, ticket: TicketRow) {
  if (ticket.status !== 'open' && ticket.status !== 'group') throw new AppError('ERR_NO_PERMISSION')
  if (!canActOnTicket(ctx.user, ticket)) throw new AppError('ERR_NO_PERMISSION')
}

/** Sending to Facebook or Instagram: only within the contact's 24-hour window. */
export function assertWindowOpen(ticket: TicketRow) {
  if (ticket.channel !== 'facebook' && ticket.channel !== 'instagram') return
  const last = ticket.lastInboundAt?.getTime()
  if (last === undefined || Date.now() - last > META_WINDOW_MS)
    throw new AppError('ERR_MESSAGING_WINDOW_CLOSED')
}

/**
 * The tickets and messages a caller reaches: one he may not see does not exist for him, exactly
 * like another company's.
 */
export function messageAccess(repo: MessagesRepository) {
  return {
    /** The ticket by id or uuid, if the caller may see it; else ERR_NO_TICKET_FOUND. */
    async visibleTicket(ctx: RequestContext, ref: string): Promise<TicketRow> {
      const parsed = parseTicketRef(ref)
      const ticket = parsed ? await repo.findTicket(ctx.companyId, parsed) : null
      if (!ticket || !canSeeTicket(ctx.user, ticket)) throw new AppError('ERR_NO_TICKET_FOUND')
      return ticket
    },

    /** The message with its ticket, if the caller may see the ticket; else ERR_NO_MESSAGE_FOUND. */
    async visibleMessage(
      ctx: RequestContext,
      id: number,
    ): Promise<{ message: MessageRow; ticket: TicketRow }> {
      const message = await repo.findById(ctx.companyId, id)
      const ticket = message ? await repo.findTicket(ctx.companyId, { id: message.ticketId }) : null
      if (!message || !ticket || !canSeeTicket(ctx.user, ticket))
        throw new AppError('ERR_NO_MESSAGE_FOUND')
      return { message, ticket }
    },
  }
}

export type MessageAccess = ReturnType<typeof messageAccess>
