import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { ConnectionRow } from '../connections/connections.table'
import type { BotEars } from '../inbound/inbound.types'
import type { WriteResult } from '../messages/messages.compose'
import { renderTemplate } from '../messages/messages.template'
import type { AutomaticText, AutomaticWrites } from '../messages/outbound.types'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore } from '../tickets/tickets.core'
import { ticketsRepository } from '../tickets/tickets.repository'
import type { TicketRow } from '../tickets/tickets.table'
import { closeRow } from '../tickets/tickets.transitions'
import { decideBot } from './bot.decide'
import {
  botHears,
  botInputOf,
  botListens,
  queuesWithTrees,
  ticketValuesOf,
  type BotContext,
} from './bot.input'
import { greetingAttachmentOf } from './bot.attachment'
import { botRepository, type PendingMessage } from './bot.repository'
import type { BotStep } from './bot.types'

/** Tickets answered per round; the rest wait for the next one. */
const ROUND_SIZE = 50

interface Answered {
  before: TicketRow
  after: TicketRow
  written: WriteResult
}

/**
 * The bot's side of the inbound pipeline (reference §11.3–§11.8): the contact's messages stored
 * with `botPending` are read in order, each decided by the pure decision layer, and the steps
 * applied in one transaction per ticket with the answers they send, stored first and queued for
 * the connection's ordered sender. A crash between storing and answering leaves the flags, and
 * the next round answers.
 */
export function createBotService(
  deps: CoreDeps,
  collaborators: {
    settings: SettingsService
    ticketCore: TicketCore
    messages: AutomaticWrites
  },
) {
  const { settings, ticketCore, messages } = collaborators

  /** What the bot reads of a connection, the same for all its tickets of one round. */
  type ConnectionSetup = Pick<BotContext, 'connection' | 'company' | 'queues' | 'options'>
  /** Setups read for a set of tickets, by connection: many tickets share few connections. */
  type RoundCache = Map<number, Promise<ConnectionSetup | null>>

  async function connectionSetup(
    companyId: number,
    connectionId: number,
  ): Promise<ConnectionSetup | null> {
    const repo = botRepository(deps.db)
    const connection = await ticketsRepository(deps.db).findConnection(companyId, connectionId)
    const company = await repo.company(companyId)
    if (!connection || !company) return null
    return { connection, company, ...(await repo.queuesOf(companyId, connection.id)) }
  }

  async function loadContext(
    tx: Executor,
    ticket: TicketRow,
    setup: ConnectionSetup | null,
  ): Promise<BotContext | null> {
    const { companyId } = ticket
    if (!setup) return null
    // The setup was read for the ticket's connection and company, or the ticket moved since.
    const { connection } = setup
    if (connection.id !== ticket.whatsappId || connection.companyId !== companyId) return null
    const ticketsTx = ticketsRepository(tx)
    // One after another: a transaction's queries share its one connection.
    const contact = await ticketsTx.findContact(companyId, ticket.contactId)
    if (!contact) return null
    return {
      ...setup,
      ticket,
      tracking: await ticketsTx.openTracking(ticket),
      contact,
      settings: await settings.companyValues(companyId, tx),
    }
  }

  /** Applies one message's steps; answers the texts to send, rendered, and the ticket after. */
  async function apply(
    tx: Executor,
    context: BotContext,
    message: PendingMessage,
    steps: BotStep[],
    now: Date,
  ) {
    const ticketsTx = ticketsRepository(tx)
    const repo = botRepository(tx)
    const { connection, contact } = context
    const texts: AutomaticText[] = []
    const say = async (text: string) => texts.push({ body: await render(text) })
    let ticket = context.ticket
    const names = new Map<number, string>()
    const userName = async (userId: number | null) => {
      if (userId === null) return ''
      if (!names.has(userId)) names.set(userId, await repo.userName(ticket.companyId, userId))
      return names.get(userId)!
    }
    const render = async (text: string) => {
      const queue = context.queues.find((candidate) => candidate.id === ticket.queueId)
      return renderTemplate(
        text,
        {
          contactName: contact.name,
          ticketId: ticket.id,
          userName: await userName(ticket.userId),
          queueName: queue?.name ?? '',
          connectionName: connection.name,
          companyName: context.company.name,
        },
        { now, timeZone: context.company.timezone },
      )
    }
    const update = async (values: Partial<TicketRow>) => {
      ticket = (await ticketsTx.update(ticket.companyId, ticket.id, values)) ?? ticket
    }
    const close = async () => {
      await closeRow(tx, ticket, null, {
        isBot: false,
        amountUsedBotQueuesNPS: 0,
        botOptionId: null,
      })
      ticket = { ...ticket, status: 'closed' }
    }

    for (const step of steps) {
      switch (step.kind) {
        case 'send': {
          const attachment = step.withGreetingMedia
            ? greetingAttachmentOf(connection.greetingMediaAttachment)
            : undefined
          texts.push({
            body: await render(step.text),
            ...(step.quoteMessage ? { quotedMsgId: message.id } : {}),
            ...(attachment ? { attachment } : {}),
          })
          break
        }
        case 'update': {
          const { chatbotAt } = step.changes
          if (chatbotAt !== undefined) {
            await ticketsTx.updateTracking(context.tracking.id, { chatbotAt })
            context.tracking = { ...context.tracking, chatbotAt }
          }
          const values = ticketValuesOf(step.changes)
          const { queueId } = values
          if (queueId !== undefined && queueId !== ticket.queueId) {
            // Entering a queue starts the wait its rotation and the reports count.
            await ticketsTx.updateTracking(context.tracking.id, { queuedAt: now, queueId })
            context.tracking = { ...context.tracking, queuedAt: now, queueId }
          }
          if (Object.keys(values).length > 0) await update(values)
          break
        }
        case 'consent':
          await repo.acceptTerms(ticket.companyId, contact.id, now)
          context.contact = { ...contact, lgpdAcceptedAt: now }
          break
        case 'rate': {
          const { tracking } = context
          await repo.storeRating({
            companyId: ticket.companyId,
            ticketId: ticket.id,
            userId: tracking.userId ?? ticket.userId,
            rate: step.rate,
          })
          await ticketsTx.updateTracking(tracking.id, { ratingAt: now, rated: true })
          await say(connection.complationMessage)
          await close()
          break
        }
        case 'close':
          if (step.farewell) await say(connection.complationMessage)
          await close()
          break
        case 'queuePosition': {
          const place = await repo.placeInLine(ticket.companyId, ticket, step.queueId)
          texts.push({ body: `${context.settings.sendQueuePositionMessage} *${place}*` })
          break
        }
        case 'assignRandom': {
          const userId = await repo.randomOnlineMember(ticket.companyId, step.queueId)
          if (userId !== null) await update({ userId })
          break
        }
        case 'log':
          await ticketsTx.log(ticket.companyId, ticket.id, step.type, { queueId: ticket.queueId })
          break
        case 'silent':
          // Meta refuses free-form text outside its window: the answer is skipped, not failed.
          if (step.reason === 'windowClosed')
            deps.log.info(
              { companyId: ticket.companyId, ticketId: ticket.id, messageId: message.id },
              'bot answer skipped: outside the 24-hour window',
            )
          break
      }
    }
    return { texts, ticket }
  }

  /**
   * Reads the ticket's pending messages in order and answers each, in one transaction. Answers
   * null when the bot changed nothing (it stayed silent): nobody needs to hear of it.
   */
  async function answerTicket(
    companyId: number,
    ticketId: number,
    setup: ConnectionSetup | null,
  ): Promise<Answered | null> {
    return deps.db.transaction(async (tx) => {
      const repo = botRepository(tx)
      const locked = await ticketsRepository(tx).lockById(companyId, ticketId)
      if (!locked) return null
      const pending = await repo.pendingMessages(companyId, ticketId)
      if (pending.length === 0) return null
      await repo.markRead(
        companyId,
        pending.map((message) => message.id),
      )
      const context = await loadContext(tx, locked, setup)
      if (!context) return null
      const queues = queuesWithTrees(context.queues, context.options)
      const texts: AutomaticText[] = []
      let acted = false
      for (const message of pending) {
        if (context.ticket.status === 'closed') break
        const now = new Date()
        const steps = decideBot(botInputOf(context, queues, message, now))
        if (steps.length === 0) continue
        const applied = await apply(tx, context, message, steps, now)
        if (steps.every((step) => step.kind === 'silent')) continue
        acted = true
        texts.push(...applied.texts)
        context.ticket = applied.ticket
      }
      if (!acted) return null
      const written = await messages.writeAutomaticTexts(tx, context.ticket, texts)
      return { before: locked, after: context.ticket, written }
    })
  }

  /**
   * One round: answers tickets with pending messages until none is left. A ticket whose answer
   * fails is tried once per round: its messages keep their flag for the next one, and the other
   * tickets (and the inbound pipeline that calls this) go on.
   */
  async function answerPending(): Promise<void> {
    const tried = new Set<number>()
    for (;;) {
      const due = (await botRepository(deps.db).ticketsWithPending(ROUND_SIZE + tried.size)).filter(
        ({ ticketId }) => !tried.has(ticketId),
      )
      if (due.length === 0) return
      // Read afresh for each set of tickets: an admin's change is seen within one set.
      const round: RoundCache = new Map()
      for (const { companyId, ticketId, whatsappId } of due) {
        tried.add(ticketId)
        try {
          // Read before the ticket's transaction: the embedded database has one connection.
          if (whatsappId !== null && !round.has(whatsappId))
            round.set(whatsappId, connectionSetup(companyId, whatsappId))
          const setup = whatsappId === null ? null : await round.get(whatsappId)!
          const answered = await answerTicket(companyId, ticketId, setup)
          if (!answered) continue
          await messages.announceAutomatic(answered.after, answered.written)
          if (answered.after.status === 'closed') ticketCore.emitDeleted(companyId, answered.before)
          await ticketCore.emitUpdated(companyId, ticketId, answered.before)
        } catch (err) {
          deps.log.error({ err, ticketId }, 'the bot could not answer a ticket')
        }
      }
    }
  }

  return {
    answerPending,

    /**
     * What the bot reads of the new messages of `tickets` (on one connection), in the caller's
     * transaction: the pipeline stores those messages flagged for it.
     */
    async listening(
      tx: Executor,
      connection: ConnectionRow,
      tickets: TicketRow[],
    ): Promise<BotEars> {
      const company = await settings.companyValues(connection.companyId, tx)
      const hasQueues =
        tickets.length > 0 &&
        (await botRepository(tx).hasQueues(connection.companyId, connection.id))
      const listened = new Set(
        tickets
          .filter((ticket) => botListens(ticket, connection, company, hasQueues))
          .map((ticket) => ticket.id),
      )
      return (ticket, mediaType, sender) =>
        botHears(listened.has(ticket.id), ticket, mediaType, sender, company)
    },
  }
}

export type BotService = ReturnType<typeof createBotService>
