import type { Executor } from '@server/db/client'
import type { TicketRow } from '../tickets/tickets.table'
import type { ReadReceipt } from './messages.repository'
import type { MessageRow, MessageTemplate } from './messages.table'

/**
 * What ticket transitions and the bot need from the messages module: texts the server sends
 * on its own (greeting on accept, farewell, transfer text, rating request) and private notes,
 * stored first and then queued for the connection's ordered sender.
 */
export interface AutomaticMessages {
  /**
   * Stores an outgoing text on the ticket and queues it for sending; an empty or
   * whitespace-only text is ignored. Template variables (reference §9.7) are rendered first.
   * Emits appMessage create after the row exists.
   */
  sendAutomaticText(companyId: number, ticketId: number, body: string): Promise<void>
  /** Stores a private note (never sent), e.g. the transfer message; emits appMessage create. */
  addPrivateNote(companyId: number, ticketId: number, userId: number, body: string): Promise<void>
}

/** A file of the company's media sent by the bot, with an automatic text as its caption. */
export interface AutomaticAttachment {
  /** Relative to the company's media folder; the message shares the file, never copies it. */
  path: string
  name: string
  mime: string
  kind: 'image' | 'video' | 'audio' | 'application'
}

/** One of the bot's answers, rendered: a text, quoting the contact's message or with a file. */
export interface AutomaticText {
  body: string
  quotedMsgId?: number
  attachment?: AutomaticAttachment
  /** The integration, AI prompt, flow run, campaign or scheduled message that wrote it. */
  source?:
    | { integrationId: number }
    | { promptId: number }
    | { flowRunId: number }
    | { campaignId: number }
    | { scheduleId: number }
  /**
   * Not sent before this many milliseconds from now (a Typebot's pause between its messages);
   * the sender's order per conversation holds the next ones behind it.
   */
  sendAfterMs?: number
  /** Sent as this Cloud API template; `body` is its text as the contact reads it. */
  template?: MessageTemplate
}

/** What storing outgoing rows did, for `announce` after the commit. */
export interface WriteResult {
  inserted: MessageRow[]
  /** The rows of a repeated idempotency key: nothing new was stored. */
  existing: MessageRow[]
  /** The ticket's unread messages were marked read (an attendant answered). */
  unreadCleared: boolean
  receipts: ReadReceipt[]
}

/** A ticket the bot changed in one transaction, and the answers it stored there. */
export interface AutomaticChange {
  before: TicketRow
  after: TicketRow
  written: WriteResult
}

/** What the bot needs of the messages module: its answers, stored with what they change. */
export interface AutomaticWrites {
  /**
   * Stores answers already rendered as the ticket's next outgoing messages, in the caller's
   * transaction; blank texts without a file are skipped.
   */
  writeAutomaticTexts(
    tx: Executor,
    ticket: TicketRow,
    answers: AutomaticText[],
  ): Promise<WriteResult>
  /**
   * `writeAutomaticTexts` for texts written before the ticket was known (campaigns, scheduled
   * messages), for many tickets of one company at once (in a fixed number of statements): their
   * template variables (reference §9.7) are rendered for each ticket first, reading them in the
   * caller's transaction. Answers each batch's result, in order.
   */
  writeTemplatedTexts(
    tx: Executor,
    companyId: number,
    batches: { ticket: TicketRow; answers: AutomaticText[] }[],
    clock: { now: Date; company: { name: string; timezone: string } },
  ): Promise<WriteResult[]>
  /**
   * After the commit of the changes to tickets of one company: the answers' events (the tickets
   * presented once for all), each ticket's move (a close first takes it out of the open lists),
   * then the senders of the connections that have answers to send.
   */
  announceAutomatic(companyId: number, changes: AutomaticChange[]): Promise<void>
}
