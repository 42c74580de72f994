import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { JobRun } from '@server/jobs/engine'
import type { MediaService } from '../media/media.service'
import type { AutomaticText, AutomaticWrites } from '../messages/outbound.types'
import { ticketsRepository } from '../tickets/tickets.repository'
import type { TicketRow } from '../tickets/tickets.table'
import { applyHandOff } from './bot.conversations.handoff'
import { storeOutputs } from './bot.conversations.outputs'
import { conversationsRepository } from './bot.conversations.repository'
import {
  ConversationError,
  failureText,
  type ConversationBot,
  type ConversationMessage,
  type ConversationRelay,
  type ConversationReply,
  type HandOff,
} from './bot.conversations.types'

/** The bot a ticket converses with, as the wiring finds it. */
export interface AttachedBot {
  bot: ConversationBot
  /** Its name, for the ticket log. */
  name: string
  /** The tag its messages carry. */
  source: { integrationId: number } | { promptId: number }
  /** How long one call may take. */
  timeoutMs: number
  /** Failed turns in a row after which humans take over (the AI: 2; other bots: 1). */
  failuresBeforeHandOff: number
  /** Where humans take over after failures (the prompt's queue); null: the ticket's own. */
  handOffQueueId: number | null
}

export interface ConversationCollaborators {
  messages: AutomaticWrites & {
    forConversation(
      companyId: number,
      ticketId: number,
      messageId: number,
    ): Promise<{
      id: number
      body: string
      mediaType: string
      mediaPath: string | null
      transcription: string | null
      createdAt: Date
    } | null>
  }
  media: Pick<MediaService, 'saveFile' | 'signedUrl' | 'remove'>
  /** The bot attached to the ticket, or null when it is gone. */
  botOf: (companyId: number, ticket: TicketRow) => Promise<AttachedBot | null>
  /** Which of the queue and user a bot named are the company's: another's are ignored. */
  ownQueueAndUser: (
    companyId: number,
    named: { queueId: number | null; userId: number | null },
  ) => Promise<{ queueId: number | null; userId: number | null }>
}

/** Turns one job answers before it hands the rest to a fresh job. */
const TURNS_PER_JOB = 20

/**
 * Tickets of one company whose bots are called at once on an instance (reference §7: a limit
 * per company): a company flooding its bot leaves the workers free for the others.
 */
export const COMPANY_CONCURRENCY = 2
/** How long a ticket waits for its company's turn. */
const DEFER_MS = 2_000

const JOB = 'bot.conversation'
export const conversationKey = (ticketId: number) => `conversation:${ticketId}`

/** The ticket still converses with that bot: no attendant took it, nothing closed it. */
function stillWith(ticket: TicketRow | null, source: AttachedBot['source']): ticket is TicketRow {
  if (!ticket || ticket.status === 'closed' || ticket.userId !== null || !ticket.useIntegration)
    return false
  return 'integrationId' in source
    ? ticket.integrationId === source.integrationId
    : ticket.promptId === source.promptId
}

/**
 * The conversations bots have with contacts (reference §6–§7): the bot pipeline relays a
 * message by storing a turn with its decision; a job per ticket answers the turns in order,
 * calling the bot outside any transaction, then stores the answer, the session and any
 * hand-off in one transaction that takes the turn away. A failed call is retried by the job;
 * a turn that fails for good is written in the ticket's log and, past the bot's limit, the
 * ticket goes to humans: nothing an integration does drops or doubles a message.
 */
export function createBotConversations(deps: CoreDeps, collaborators: ConversationCollaborators) {
  const { messages, media, botOf, ownQueueAndUser } = collaborators
  const repo = conversationsRepository(deps.db)

  const relay: ConversationRelay = {
    async relay(tx: Executor, ticket: TicketRow, messageId: number | null) {
      await conversationsRepository(tx).addTurn(ticket.companyId, ticket.id, messageId)
      await deps.jobs.send(
        JOB,
        { companyId: ticket.companyId, ticketId: ticket.id },
        { singletonKey: conversationKey(ticket.id), in: tx },
      )
    },
  }

  async function messageOf(
    companyId: number,
    ticketId: number,
    messageId: number | null,
  ): Promise<ConversationMessage | null> {
    if (messageId === null) return null
    const row = await messages.forConversation(companyId, ticketId, messageId)
    if (!row) return null
    return {
      ...row,
      mediaUrl: row.mediaPath
        ? new URL(media.signedUrl(companyId, row.mediaPath), deps.config.publicUrl).toString()
        : null,
    }
  }

  /**
   * Stores a turn's answer with its hand-off, in one transaction that takes the turn away:
   * answered once, or not at all when an attendant took the ticket meanwhile.
   */
  async function answer(
    companyId: number,
    ticketId: number,
    turnId: number,
    attached: AttachedBot,
    reply: ConversationReply,
    texts: AutomaticText[],
  ) {
    const now = new Date()
    // A bot names queues and users by id: only the company's own are followed.
    const to: HandOff | undefined =
      reply.handOff?.kind === 'humans'
        ? {
            kind: 'humans',
            ...(await ownQueueAndUser(companyId, {
              queueId: reply.handOff.queueId ?? null,
              userId: reply.handOff.userId ?? null,
            })),
          }
        : reply.handOff
    const change = await deps.db.transaction(async (tx) => {
      const ticketsTx = ticketsRepository(tx)
      const conversations = conversationsRepository(tx)
      const locked = await ticketsTx.lockById(companyId, ticketId)
      if (!(await conversations.takeTurn(companyId, turnId))) return null
      if (!stillWith(locked, attached.source)) {
        await conversations.dropTurns(companyId, ticketId)
        return null
      }
      // Closing says the connection's farewell after the bot's last words.
      const farewell =
        to?.kind === 'close' && locked.whatsappId
          ? (await ticketsTx.findConnection(companyId, locked.whatsappId))?.complationMessage
          : undefined
      const written = await messages.writeAutomaticTexts(tx, locked, [
        ...texts,
        ...(farewell?.trim() ? [{ body: farewell }] : []),
      ])
      let after = locked
      if (to) after = await applyHandOff(tx, locked, to)
      else {
        const session = await conversations.session(companyId, ticketId)
        await conversations.saveSession(companyId, ticketId, {
          sessionId: reply.sessionId === undefined ? (session?.sessionId ?? null) : reply.sessionId,
          lastActivityAt: now,
          choices: reply.choices ?? null,
        })
      }
      return { before: locked, after, written }
    })
    if (!change) {
      for (const text of texts)
        if (text.attachment) await media.remove(companyId, text.attachment.path)
      return
    }
    await messages.announceAutomatic(companyId, [change])
    if ('integrationId' in attached.source)
      await repo.markSuccess(companyId, attached.source.integrationId, now)
  }

  /** A turn failed for good: its error in the ticket's log, and humans past the bot's limit. */
  async function giveUp(
    companyId: number,
    ticketId: number,
    turnId: number,
    attached: AttachedBot,
    failure: string,
  ) {
    const change = await deps.db.transaction(async (tx) => {
      const ticketsTx = ticketsRepository(tx)
      const conversations = conversationsRepository(tx)
      const locked = await ticketsTx.lockById(companyId, ticketId)
      if (!(await conversations.takeTurn(companyId, turnId))) return null
      if (!stillWith(locked, attached.source)) return null
      await ticketsTx.log(companyId, ticketId, 'integrationError', {
        queueId: locked.queueId,
        detail: `${attached.name}: ${failure}`.slice(0, 1000),
      })
      const failures = await conversations.countFailure(companyId, ticketId, new Date())
      if (failures < attached.failuresBeforeHandOff) return null
      const after = await applyHandOff(tx, locked, {
        kind: 'humans',
        queueId: attached.handOffQueueId,
      })
      return {
        before: locked,
        after,
        written: { inserted: [], existing: [], unreadCleared: false, receipts: [] },
      }
    })
    if (change) await messages.announceAutomatic(companyId, [change])
  }

  /** Tickets of each company conversing on this instance now. */
  const busy = new Map<number, number>()

  /**
   * The job of one ticket (`bot.conversation`): past its company's limit it comes back a moment
   * later; otherwise it answers the ticket's turns.
   */
  async function converse(
    data: { companyId: number; ticketId: number },
    run: JobRun,
  ): Promise<void> {
    const running = busy.get(data.companyId) ?? 0
    if (running >= COMPANY_CONCURRENCY) {
      await deps.jobs.send(JOB, data, {
        singletonKey: conversationKey(data.ticketId),
        startAfter: new Date(Date.now() + DEFER_MS),
      })
      return
    }
    busy.set(data.companyId, running + 1)
    try {
      await answerTurns(data, run)
    } finally {
      const left = (busy.get(data.companyId) ?? 1) - 1
      if (left > 0) busy.set(data.companyId, left)
      else busy.delete(data.companyId)
    }
  }

  /** Answers the ticket's turns in order, a bounded number per job. */
  async function answerTurns(
    { companyId, ticketId }: { companyId: number; ticketId: number },
    run: JobRun,
  ): Promise<void> {
    for (let answered = 0; answered < TURNS_PER_JOB; answered++) {
      if (run.signal.aborted) break
      const turn = await repo.nextTurn(companyId, ticketId)
      if (!turn) return
      const tickets = ticketsRepository(deps.db)
      const ticket = await tickets.findById(companyId, ticketId)
      const attached = ticket ? await botOf(companyId, ticket) : null
      if (!attached || !stillWith(ticket, attached.source)) {
        await repo.dropTurns(companyId, ticketId)
        return
      }
      const [contact, connection, message, session] = await Promise.all([
        tickets.findContact(companyId, ticket.contactId),
        ticket.whatsappId ? tickets.findConnection(companyId, ticket.whatsappId) : null,
        messageOf(companyId, ticketId, turn.messageId),
        repo.session(companyId, ticketId),
      ])
      if (!contact || !connection) {
        await repo.dropTurns(companyId, ticketId)
        return
      }
      const signal = AbortSignal.any([run.signal, AbortSignal.timeout(attached.timeoutMs)])
      let reply: ConversationReply
      let texts: AutomaticText[]
      try {
        reply = await attached.bot.converse({
          company: { id: companyId },
          ticket: {
            id: ticket.id,
            uuid: ticket.uuid,
            status: ticket.status,
            queueId: ticket.queueId,
          },
          contact: { id: contact.id, name: contact.name, number: contact.number },
          connection: { id: connection.id, name: connection.name, channel: connection.channel },
          message,
          session: session && {
            sessionId: session.sessionId,
            lastActivityAt: session.lastActivityAt,
            choices: session.choices,
          },
          signal,
        })
        texts = await storeOutputs(media, companyId, reply, attached.source, {
          signal,
          allowPrivateTargets: deps.config.bots?.allowPrivateTargets ?? false,
        })
      } catch (error) {
        if (run.signal.aborted) throw error
        const failure = failureText(error)
        const permanent = error instanceof ConversationError && error.permanent
        const final = permanent || run.lastTry
        deps.log.warn({ companyId, ticketId, failure, final }, 'a bot did not answer')
        if ('integrationId' in attached.source)
          await repo.recordError(companyId, attached.source.integrationId, {
            message: failure.slice(0, 1000),
            final,
            at: new Date(),
          })
        if (!final) throw error
        await giveUp(companyId, ticketId, turn.id, attached, failure)
        continue
      }
      await answer(companyId, ticketId, turn.id, attached, reply, texts)
    }
    // Turns left: a fresh job answers them, so that one ticket never holds a worker for long.
    if (await repo.nextTurn(companyId, ticketId))
      await deps.jobs.send(
        JOB,
        { companyId, ticketId },
        { singletonKey: conversationKey(ticketId) },
      )
  }

  return { relay, converse }
}
