import type { Executor } from '@server/db/client'
import { renderTemplate } from '../messages/messages.template'
import type { TicketRow } from '../tickets/tickets.table'
import { botRepository } from './bot.repository'

/** What the bot's texts read besides the ticket (reference §9.7 template variables). */
export interface RenderFacts {
  contactName: string
  connectionName: string
  company: { name: string; timezone: string }
  /** A queue's name by id ('' when unknown). */
  queueName: (queueId: number) => Promise<string> | string
}

/**
 * Renders the bot's texts for a ticket as it is at each call (its queue and attendant change
 * while a decision is applied); attendants' names are read once per renderer.
 */
export function ticketRenderer(
  tx: Executor,
  ticket: () => TicketRow,
  facts: RenderFacts,
  now: Date,
) {
  const names = new Map<number, string>()
  const userName = async (row: TicketRow) => {
    if (row.userId === null) return ''
    if (!names.has(row.userId))
      names.set(row.userId, await botRepository(tx).userName(row.companyId, row.userId))
    return names.get(row.userId)!
  }
  return async (text: string): Promise<string> => {
    const row = ticket()
    return renderTemplate(
      text,
      {
        contactName: facts.contactName,
        ticketId: row.id,
        userName: await userName(row),
        queueName: row.queueId === null ? '' : await facts.queueName(row.queueId),
        connectionName: facts.connectionName,
        companyName: facts.company.name,
      },
      { now, timeZone: facts.company.timezone },
    )
  }
}
