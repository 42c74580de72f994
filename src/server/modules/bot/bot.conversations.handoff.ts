import type { Executor } from '@server/db/client'
import { ticketsRepository } from '../tickets/tickets.repository'
import type { TicketRow } from '../tickets/tickets.table'
import { closeRow } from '../tickets/tickets.transitions'
import { conversationsRepository } from './bot.conversations.repository'
import type { HandOff } from './bot.conversations.types'

/** What every hand-off changes: the bot lets go of the ticket, and the menus stay done. */
const DETACHED = { useIntegration: false, integrationId: null, promptId: null, isBot: false }

/**
 * Reference §6 "one hand-off contract", in the caller's transaction: the bot is detached, its
 * turns and session are gone, then the ticket closes or waits for humans in the queue (and for
 * the user) named, or its own, through the ticket's log and attendance tracking. Answers the
 * ticket after it.
 */
export async function applyHandOff(
  tx: Executor,
  ticket: TicketRow,
  to: HandOff,
): Promise<TicketRow> {
  const tickets = ticketsRepository(tx)
  const conversations = conversationsRepository(tx)
  await conversations.dropTurns(ticket.companyId, ticket.id)
  await conversations.endSession(ticket.companyId, ticket.id)
  if (to.kind === 'close') {
    await closeRow(tx, ticket, null, DETACHED)
    return { ...ticket, ...DETACHED, status: 'closed' }
  }
  const queueId = to.queueId ?? ticket.queueId
  const after =
    (await tickets.update(ticket.companyId, ticket.id, {
      ...DETACHED,
      queueId,
      userId: to.userId ?? null,
      status: ticket.status === 'lgpd' ? 'lgpd' : 'pending',
    })) ?? ticket
  if (queueId !== ticket.queueId) {
    const tracking = await tickets.openTracking(after)
    await tickets.updateTracking(tracking.id, { queuedAt: new Date(), queueId })
  }
  await tickets.log(ticket.companyId, ticket.id, 'integrationHandoff', { queueId })
  return after
}
