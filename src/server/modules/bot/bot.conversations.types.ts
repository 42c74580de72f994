import type { Executor } from '@server/db/client'
import type { TicketRow } from '../tickets/tickets.table'

/** What the bot needs to hand a contact's message to the ticket's integration or AI prompt. */
export interface ConversationRelay {
  /**
   * Queues the message (null: the bot was just attached) for the ticket's integration or
   * prompt, in the caller's transaction: it exists if and only if the decision commits.
   */
  relay(tx: Executor, ticket: TicketRow, messageId: number | null): Promise<void>
}

/** The contact's message as a bot reads it. */
export interface ConversationMessage {
  id: number
  body: string
  /** As stored: conversation, image, audio, video, application… */
  mediaType: string
  /** A signed, expiring address of its file, for a provider that must fetch it. */
  mediaUrl: string | null
  /** The stored file, relative to the company's media. */
  mediaPath: string | null
  transcription: string | null
  createdAt: Date
}

/** Everything one turn of a conversation gives a bot. */
export interface ConversationTurn {
  company: { id: number }
  ticket: { id: number; uuid: string; status: string; queueId: number | null }
  contact: { id: number; name: string; number: string }
  connection: { id: number; name: string; channel: string }
  /** Null on an opening turn: the bot was just attached and speaks first, if it does. */
  message: ConversationMessage | null
  /**
   * The provider's session for this ticket (Typebot), when the conversation last moved, and the
   * choices the bot offered last.
   */
  session: { sessionId: string | null; lastActivityAt: Date; choices: string[] | null } | null
  signal: AbortSignal
}

/** Something the bot says back. */
export type ConversationOutput =
  | { kind: 'text'; text: string }
  /** A file the bot points at: downloaded and stored before it is sent. */
  | { kind: 'media'; url: string; caption?: string }
  /** A voice note already made (a synthesised AI answer), stored before it is sent. */
  | { kind: 'voice'; content: Buffer; mime: string }

/** How a bot ends its part (reference §6 "one hand-off contract"). */
export type HandOff =
  /** Humans take over: the ticket waits in `queueId` (or its own), for `userId` when given. */
  | { kind: 'humans'; queueId?: number | null; userId?: number | null }
  /** The conversation ends (Typebot's finish keyword, a webhook's closeTicket). */
  | { kind: 'close' }

/** What one turn answers. */
export interface ConversationReply {
  outputs: ConversationOutput[]
  /** Milliseconds between two outputs (Typebot's typebotDelayMessage). */
  pauseMs?: number
  /** The provider session after this turn; undefined keeps it, null ends it. */
  sessionId?: string | null
  /** The choices offered now, numbered in the outputs; absent: none. */
  choices?: string[]
  handOff?: HandOff
}

/** One kind of bot: Typebot, n8n or a webhook, Dialogflow, an AI prompt. */
export interface ConversationBot {
  converse(turn: ConversationTurn): Promise<ConversationReply>
}

/** A failure a bot reports in words fit for the ticket log and the integration's health. */
export class ConversationError extends Error {
  override name = 'ConversationError'
  constructor(
    message: string,
    /** Trying again cannot help (a 4xx, a bad reply): no retry follows. */
    readonly permanent = false,
  ) {
    super(message)
  }
}

/** A bot's failure in words fit for the ticket log: its own text, or what went wrong. */
export const failureText = (error: unknown): string =>
  error instanceof ConversationError
    ? error.message
    : error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      ? 'no answer in time'
      : error instanceof Error
        ? error.message
        : String(error)
