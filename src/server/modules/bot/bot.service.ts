import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { ConnectionRow } from '../connections/connections.table'
import type { BotEars } from '../inbound/inbound.types'
import type { AutomaticChange, AutomaticText, AutomaticWrites } from '../messages/outbound.types'
import type { SettingsService } from '../settings/settings.service'
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
import { fileListTexts, greetingAttachmentOf } from './bot.attachment'
import { ticketRenderer } from './bot.render'
import type { FileListsService } from '../file-lists/file-lists.service'
import type { ConversationRelay } from './bot.conversations.types'
import { flowRunsRepository } from './bot.flows.repository'
import type { FlowRuntime } from './bot.flows.service'
import { botRepository, type PendingMessage } from './bot.repository'
import type { BotFlows, BotQueue, BotSilence, BotStep } from './bot.types'

/** Tickets answered per round. */
const ROUND_SIZE = 50
/**
 * Tickets of a set, answered one after another and then announced together: more share the
 * events' reads, fewer keep the first answers waiting.
 */
const SET_SIZE = 10

/** Tickets of one connection with messages left for the bot. */
interface TicketSet {
  companyId: number
  whatsappId: number | null
  ticketIds: number[]
}

/** The round's tickets by connection, in the order they came, at most SET_SIZE a set. */
function setsOf(
  due: { companyId: number; ticketId: number; whatsappId: number | null }[],
): TicketSet[] {
  const open = new Map<string, TicketSet>()
  const sets: TicketSet[] = []
  for (const { companyId, ticketId, whatsappId } of due) {
    const key = `${companyId}:${whatsappId}`
    let set = open.get(key)
    if (!set || set.ticketIds.length === SET_SIZE) {
      set = { companyId, whatsappId, ticketIds: [] }
      open.set(key, set)
      sets.push(set)
    }
    set.ticketIds.push(ticketId)
  }
  return sets
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
    messages: AutomaticWrites
    fileLists: Pick<FileListsService, 'forSending'>
    conversations: ConversationRelay
    flows: Pick<FlowRuntime, 'start' | 'input'>
  },
) {
  const { settings, messages, fileLists, conversations, flows } = collaborators

  /** What the bot reads of a connection, the same for all its tickets of one set. */
  type ConnectionSetup = Pick<
    BotContext,
    'connection' | 'company' | 'queues' | 'options' | 'automation'
  > & {
    trees: BotQueue[]
    /** The connection's phrases and default flows; the per-ticket facts are read apart. */
    flows: Omit<BotFlows, 'knownContact' | 'defaultFlowTried'>
  }
  /** A ticket's context, with its connection's queues as the decisions read them. */
  type TicketContext = BotContext & Pick<ConnectionSetup, 'trees'>

  async function connectionSetup(
    companyId: number,
    connectionId: number,
  ): Promise<ConnectionSetup | null> {
    const repo = botRepository(deps.db)
    const connection = await ticketsRepository(deps.db).findConnection(companyId, connectionId)
    const company = await repo.company(companyId)
    if (!connection || !company) return null
    const { queues, options, queuePrompts, queueFlows } = await repo.queuesOf(
      companyId,
      connection.id,
    )
    const automation = {
      queuePrompts,
      queueFlows,
      connectionRunsFlow:
        connection.integrationId !== null &&
        (await repo.isFlow(companyId, connection.integrationId)),
    }
    // Reference §5: default flows run when the connection's bot is a flow, or it has none.
    const defaults =
      automation.connectionRunsFlow ||
      (connection.integrationId === null && connection.promptId === null)
    return {
      connection,
      company,
      queues,
      options,
      automation,
      trees: queuesWithTrees(queues, options, automation),
      flows: {
        phrases: await flowRunsRepository(deps.db).phrasesOf(companyId, connection.id),
        welcomeFlowId: defaults ? connection.flowIdWelcome : null,
        notPhraseFlowId: defaults ? connection.flowIdNotPhrase : null,
      },
    }
  }

  /**
   * Each ticket's flows: the connection's, with whether its contact is known to the connection
   * and whether a default flow already ran on it (read only when the connection has one).
   */
  async function flowsOf(
    tx: Executor,
    setup: ConnectionSetup,
    ticketIds: number[],
  ): Promise<Map<number, BotFlows>> {
    const { flows: connectionFlows, connection } = setup
    const facts =
      connectionFlows.welcomeFlowId !== null || connectionFlows.notPhraseFlowId !== null
        ? await flowRunsRepository(tx).defaultFlowFacts(connection.companyId, ticketIds)
        : null
    return new Map(
      ticketIds.map((ticketId) => [
        ticketId,
        {
          ...connectionFlows,
          knownContact: facts?.known.has(ticketId) ?? false,
          defaultFlowTried: facts?.tried.has(ticketId) ?? false,
        },
      ]),
    )
  }

  async function loadContext(
    tx: Executor,
    ticket: TicketRow,
    setup: ConnectionSetup | null,
  ): Promise<TicketContext | null> {
    const { companyId } = ticket
    if (!setup) return null
    // The setup was read for the ticket's connection and company, or the ticket moved since.
    const { connection } = setup
    if (connection.id !== ticket.whatsappId || connection.companyId !== companyId) return null
    // One after another: a transaction's queries share its one connection.
    const found = (await botRepository(tx).contactsAndTrackings(companyId, [ticket.id])).get(
      ticket.id,
    )
    if (!found) return null
    return {
      ...setup,
      ticket,
      contact: found.contact,
      tracking: found.tracking ?? (await ticketsRepository(tx).openTracking(ticket)),
      settings: await settings.companyValues(companyId, tx),
      flows: (await flowsOf(tx, setup, [ticket.id])).get(ticket.id)!,
    }
  }

  /** Meta refuses free-form text outside its window: the answer is skipped, not failed. */
  function noteSilence(ticket: TicketRow, message: PendingMessage, reason: BotSilence) {
    if (reason === 'windowClosed')
      deps.log.info(
        { companyId: ticket.companyId, ticketId: ticket.id, messageId: message.id },
        'bot answer skipped: outside the 24-hour window',
      )
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
    const render = ticketRenderer(
      tx,
      () => ticket,
      {
        contactName: contact.name,
        connectionName: connection.name,
        company: context.company,
        queueName: (queueId) =>
          context.queues.find((candidate) => candidate.id === queueId)?.name ?? '',
      },
      now,
    )
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
        case 'relay':
          await conversations.relay(tx, ticket, step.opening ? null : message.id)
          break
        case 'sendFiles': {
          const list = await fileLists.forSending(tx, ticket.companyId, step.fileListId)
          if (list) texts.push(...(await fileListTexts(list, render)))
          break
        }
        case 'flowStart':
        case 'flowInput': {
          const flowContext = {
            contact,
            render: {
              connectionName: connection.name,
              company: context.company,
              queueName: (queueId: number) =>
                context.queues.find((candidate) => candidate.id === queueId)?.name ?? '',
            },
          }
          const moved =
            step.kind === 'flowStart'
              ? await flows.start(tx, ticket, flowContext, step.flowId, step.origin, message.body)
              : await flows.input(tx, ticket, flowContext, message.body)
          if (moved) {
            texts.push(...moved.texts)
            ticket = moved.ticket
          }
          break
        }
        case 'silent':
          noteSilence(ticket, message, step.reason)
          break
      }
    }
    return { texts, ticket }
  }

  /**
   * Decides and applies the ticket's messages in order, in the caller's transaction, and stores
   * the answers. Answers null when the bot changed nothing (it stayed silent): nobody needs to
   * hear of it.
   */
  async function answerMessages(
    tx: Executor,
    context: TicketContext,
    pending: PendingMessage[],
  ): Promise<AutomaticChange | null> {
    const before = context.ticket
    const texts: AutomaticText[] = []
    let acted = false
    for (const message of pending) {
      if (context.ticket.status === 'closed') break
      const now = new Date()
      const steps = decideBot(botInputOf(context, context.trees, message, now))
      if (steps.length === 0) continue
      const applied = await apply(tx, context, message, steps, now)
      if (steps.every((step) => step.kind === 'silent')) continue
      acted = true
      texts.push(...applied.texts)
      context.ticket = applied.ticket
    }
    if (!acted) return null
    const written = await messages.writeAutomaticTexts(tx, context.ticket, texts)
    return { before, after: context.ticket, written }
  }

  /** Takes the ticket's pending messages and answers each, in one transaction. */
  async function answerTicket(
    companyId: number,
    ticketId: number,
    setup: ConnectionSetup | null,
  ): Promise<AutomaticChange | null> {
    return deps.db.transaction(async (tx) => {
      const locked = await ticketsRepository(tx).lockById(companyId, ticketId)
      if (!locked) return null
      const pending = await botRepository(tx).takePending(companyId, ticketId)
      if (pending.length === 0) return null
      const context = await loadContext(tx, locked, setup)
      return context ? answerMessages(tx, context, pending) : null
    })
  }

  /** Whether the bot stays silent on the message: its decision changes and sends nothing. */
  function silentOn(context: TicketContext, message: PendingMessage): boolean {
    const steps = decideBot(botInputOf(context, context.trees, message, new Date()))
    if (steps.some((step) => step.kind !== 'silent')) return false
    for (const step of steps)
      if (step.kind === 'silent') noteSilence(context.ticket, message, step.reason)
    return true
  }

  /**
   * The set's first look, in one short transaction that writes nothing else: most messages a
   * busy ticket sends get silence (the menu's limit reached), so the tickets nobody else holds
   * are read at once, and those the bot stays silent on have their flags cleared here. Answers
   * the others (it would act on them, could not judge them, or found them held), each then
   * answered on its own.
   */
  async function clearSilences(
    { companyId, ticketIds }: TicketSet,
    setup: ConnectionSetup,
  ): Promise<number[]> {
    return deps.db.transaction(async (tx) => {
      const repo = botRepository(tx)
      const locked = await repo.lockFree(companyId, ticketIds)
      const ids = locked.map((ticket) => ticket.id)
      // A ticket held now (by the pipeline, an attendant) is answered on its own, in its turn.
      const acting = ticketIds.filter((ticketId) => !ids.includes(ticketId))
      if (locked.length === 0) return acting
      const pending = await repo.pendingOf(companyId, ids)
      const found = await repo.contactsAndTrackings(companyId, ids)
      const values = await settings.companyValues(companyId, tx)
      const ticketFlows = await flowsOf(tx, setup, ids)
      const silenced: number[] = []
      for (const ticket of locked) {
        const mine = pending.filter((message) => message.ticketId === ticket.id)
        if (mine.length === 0) continue
        const { contact, tracking } = found.get(ticket.id) ?? {}
        if (!contact || !tracking || ticket.whatsappId !== setup.connection.id) {
          acting.push(ticket.id)
          continue
        }
        const flows = ticketFlows.get(ticket.id)!
        const context = { ...setup, ticket, contact, tracking, settings: values, flows }
        if (mine.every((message) => silentOn(context, message)))
          silenced.push(...mine.map((message) => message.id))
        else acting.push(ticket.id)
      }
      await repo.clearPending(companyId, silenced)
      return acting
    })
  }

  /**
   * Answers the set: its silences at once, then each ticket the bot acts on in a transaction of
   * its own, so that the lock on a ticket is short and a ticket whose answer fails holds up no
   * other (its messages keep their flag for the next round). The set shares its connection's
   * setup and its company's settings.
   */
  async function answerSet(
    set: TicketSet,
    setup: ConnectionSetup | null,
  ): Promise<AutomaticChange[]> {
    const acting = setup ? await clearSilences(set, setup) : set.ticketIds
    const answered: AutomaticChange[] = []
    for (const ticketId of acting) {
      try {
        const one = await answerTicket(set.companyId, ticketId, setup)
        if (one) answered.push(one)
      } catch (err) {
        deps.log.error({ err, ticketId }, 'the bot could not answer a ticket')
      }
    }
    return answered
  }

  /**
   * One round: answers tickets with pending messages until none is left, each tried once per
   * round, by sets of one connection's tickets announced together. A failure leaves the other
   * tickets (and the inbound pipeline that calls this) to go on.
   */
  async function answerPending(): Promise<void> {
    const tried = new Set<number>()
    for (;;) {
      const due = (await botRepository(deps.db).ticketsWithPending(ROUND_SIZE + tried.size)).filter(
        ({ ticketId }) => !tried.has(ticketId),
      )
      if (due.length === 0) return
      for (const set of setsOf(due)) {
        for (const ticketId of set.ticketIds) tried.add(ticketId)
        try {
          // Read afresh for each set, and before its transaction (the embedded database has one
          // connection): an admin's change is seen within one set.
          const setup =
            set.whatsappId === null ? null : await connectionSetup(set.companyId, set.whatsappId)
          const answered = await settings.snapshot(() => answerSet(set, setup))
          if (answered.length > 0) {
            await messages.announceAutomatic(set.companyId, answered)
            // Turns relayed to bots were committed with the answers: their jobs start now.
            deps.jobs.wake('bot.conversation')
          }
        } catch (err) {
          deps.log.error({ err, ticketIds: set.ticketIds }, 'the bot could not answer a set')
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
      const offers =
        tickets.length > 0
          ? await botRepository(tx).offers(connection.companyId, connection.id)
          : { queues: false, phrases: false }
      const hasFlows =
        offers.phrases || connection.flowIdWelcome !== null || connection.flowIdNotPhrase !== null
      const listened = new Set(
        tickets
          .filter((ticket) => botListens(ticket, connection, company, offers.queues, hasFlows))
          .map((ticket) => ticket.id),
      )
      return (ticket, mediaType, sender) =>
        botHears(listened.has(ticket.id), ticket, mediaType, sender, company)
    },
  }
}

export type BotService = ReturnType<typeof createBotService>
