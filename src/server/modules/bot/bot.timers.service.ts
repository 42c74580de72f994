import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { ticketTimerKey } from '@server/jobs/catalogue'
import type { ConnectionRow } from '../connections/connections.table'
import type { AutomaticChange } from '../messages/outbound.types'
import { renderTemplate } from '../messages/messages.template'
import type { AutomaticText, AutomaticWrites } from '../messages/outbound.types'
import type { SettingsService } from '../settings/settings.service'
import { ticketsRepository } from '../tickets/tickets.repository'
import type { TicketRow } from '../tickets/tickets.table'
import { closeRow } from '../tickets/tickets.transitions'
import { botRepository } from './bot.repository'
import { dueTimer, type TimerAction, type TimerInput } from './bot.timers'
import { botTimersRepository } from './bot.timers.repository'

/** Tickets given a timer job per sweep; the rest are found by the next one. */
const SWEEP_SIZE = 1000

/**
 * The bot's timed work (reference §12) on the job engine: a sweep each minute (one instance runs
 * it) finds the tickets whose wait passed a threshold and queues one job per ticket, keyed by the
 * ticket, so a ticket is never handled twice at once however many instances and sweeps there
 * are. The job locks the ticket, asks `dueTimer` what is due now, and applies it with its text in
 * one transaction; a ticket an attendant accepted meanwhile has nothing due.
 */
export function createBotTimers(
  deps: CoreDeps,
  collaborators: {
    settings: SettingsService
    messages: AutomaticWrites
  },
) {
  const { settings, messages } = collaborators

  async function inputOf(
    tx: Executor,
    ticket: TicketRow,
    connection: ConnectionRow,
    now: Date,
  ): Promise<{ input: TimerInput; timeZone: string; companyName: string; queueName: string }> {
    const { companyId } = ticket
    // One after another: a transaction's queries share its one connection.
    const company = await botRepository(tx).company(companyId)
    const queue =
      ticket.queueId === null
        ? null
        : await botTimersRepository(tx).queue(companyId, ticket.queueId)
    const tracking = await ticketsRepository(tx).openTracking(ticket)
    const values = await settings.companyValues(companyId, tx)
    const timeZone = company?.timezone ?? deps.defaultTimeZone
    const waitingSince = [ticket.rotatedAt, tracking.queuedAt, ticket.createdAt]
      .filter((at): at is Date => at !== null)
      .reduce((latest, at) => (at > latest ? at : latest))
    return {
      timeZone,
      companyName: company?.name ?? '',
      queueName: queue?.name ?? '',
      input: {
        now,
        timeZone,
        scheduleType: values.scheduleType,
        ticket: {
          status: ticket.status,
          queueId: ticket.queueId,
          userId: ticket.userId,
          isGroup: ticket.isGroup,
          imported: ticket.imported !== null,
          useIntegration: ticket.useIntegration,
          sendInactiveMessage: ticket.sendInactiveMessage,
          fromMe: ticket.fromMe,
          lastMessageAt: ticket.lastMessageAt,
          createdAt: ticket.createdAt,
          waitingSince,
        },
        connection: {
          connected: connection.status === 'CONNECTED',
          expiresTicket: connection.expiresTicket,
          whenExpiresTicket: connection.whenExpiresTicket,
          expiresInactiveMessage: connection.expiresInactiveMessage,
          timeInactiveMessage: connection.timeInactiveMessage,
          inactiveMessage: connection.inactiveMessage,
          expiresTicketNPS: connection.expiresTicketNPS,
          complationMessage: connection.complationMessage,
          timeSendQueue: connection.timeSendQueue,
          sendIdQueue: connection.sendIdQueue,
        },
        queue,
      },
    }
  }

  /** Applies what is due; answers the ticket after it and the texts to send. */
  async function apply(tx: Executor, ticket: TicketRow, action: TimerAction, now: Date) {
    const ticketsTx = ticketsRepository(tx)
    const { companyId } = ticket
    switch (action.kind) {
      case 'warn':
        return {
          after: (await ticketsTx.update(companyId, ticket.id, {
            sendInactiveMessage: true,
            fromMe: true,
          }))!,
          text: action.text,
        }
      case 'expire':
      case 'expireRating':
        await closeRow(
          tx,
          ticket,
          null,
          { isBot: false, unreadMessages: 0, amountUsedBotQueuesNPS: 0, botOptionId: null },
          'autoClose',
        )
        return { after: { ...ticket, status: 'closed' as const }, text: action.text }
      case 'redirect': {
        const after = (await ticketsTx.update(companyId, ticket.id, { queueId: action.queueId }))!
        const tracking = await ticketsTx.openTracking(after)
        await ticketsTx.updateTracking(tracking.id, { queuedAt: now, queueId: action.queueId })
        await ticketsTx.log(companyId, ticket.id, 'redirect', { queueId: action.queueId })
        return { after, text: '' }
      }
      case 'rotate': {
        const userId = await botRepository(tx).randomOnlineMember(
          companyId,
          action.queueId,
          action.fromUserId,
        )
        // Nobody else is online: the ticket stays where it is and waits another round.
        const after = (await ticketsTx.update(companyId, ticket.id, {
          rotatedAt: now,
          ...(userId === null ? {} : { userId }),
        }))!
        if (userId !== null)
          await ticketsTx.log(companyId, ticket.id, 'redirect', { userId, queueId: action.queueId })
        return { after, text: '' }
      }
    }
  }

  async function fire(companyId: number, ticketId: number): Promise<AutomaticChange | null> {
    return deps.db.transaction(async (tx) => {
      const ticketsTx = ticketsRepository(tx)
      const ticket = await ticketsTx.lockById(companyId, ticketId)
      if (!ticket || ticket.whatsappId === null) return null
      const connection = await ticketsTx.findConnection(companyId, ticket.whatsappId)
      if (!connection) return null
      const now = new Date()
      const { input, timeZone, companyName, queueName } = await inputOf(tx, ticket, connection, now)
      const action = dueTimer(input)
      if (!action) return null
      const { after, text } = await apply(tx, ticket, action, now)
      const texts: AutomaticText[] = []
      if (text.trim()) {
        const contact = await ticketsTx.findContact(companyId, ticket.contactId)
        const userName =
          ticket.userId === null ? '' : await botRepository(tx).userName(companyId, ticket.userId)
        texts.push({
          body: renderTemplate(
            text,
            {
              contactName: contact?.name ?? '',
              ticketId: ticket.id,
              userName,
              queueName,
              connectionName: connection.name,
              companyName,
            },
            { now, timeZone },
          ),
        })
      }
      const written = await messages.writeAutomaticTexts(tx, after, texts)
      return { before: ticket, after, written }
    })
  }

  return {
    /** One sweep: a timer job for each ticket with something due (job `bot.timers-sweep`). */
    async sweep(now = new Date()): Promise<void> {
      const due = await botTimersRepository(deps.db).dueCandidates(now, SWEEP_SIZE)
      await deps.jobs.sendMany(
        'bot.ticket-timer',
        due.map((ticket) => ({ data: ticket, singletonKey: ticketTimerKey(ticket.ticketId) })),
      )
      if (due.length > 0) deps.jobs.wake('bot.ticket-timer')
    },

    /** The job of one ticket: whatever is due on it now, applied and announced. */
    async fire({ companyId, ticketId }: { companyId: number; ticketId: number }): Promise<void> {
      const fired = await fire(companyId, ticketId)
      if (!fired) return
      await messages.announceAutomatic(companyId, [fired])
    },
  }
}

export type BotTimers = ReturnType<typeof createBotTimers>
