import type { InboundStatus } from '@server/channels/types'
import type { Executor } from '@server/db/client'
import type { ConnectionRow } from '../connections/connections.table'
import type { TicketRow } from '../tickets/tickets.table'
import type { TicketPresentation } from '../tickets/tickets.core'
import type { StoredMedia } from './inbound.content'

/**
 * What the pipeline needs from the messages module: one message shape on every socket, and one
 * owner of delivery reports.
 */
export interface MessageEvents {
  emitCreated(companyId: number, messageIds: number[]): Promise<TicketPresentation | null>
  emitCreatedMany(companyId: number, messageIds: number[]): Promise<Map<number, TicketPresentation>>
  emitUpdated(companyId: number, messageIds: number[]): Promise<void>
  /**
   * Answers whether the message is known. A `reference` names the message we sent: one whose
   * send was never recorded (the process died as the provider answered) takes the provider's id
   * and is not sent again.
   */
  applyDeliveryStatus(
    connectionId: number,
    providerId: string,
    ack: InboundStatus['ack'],
    errorCode?: string,
    reference?: string,
  ): Promise<boolean>
}

/** Where received files go: company storage with sniffed types (media module). */
export interface InboundMediaStore {
  saveFile(
    companyId: number,
    folder: string,
    data: Buffer,
    options: { maxBytes: number; originalName?: string },
  ): Promise<StoredMedia>
  /** A picture (contacts' profile pictures): refused unless its bytes are an image. */
  saveImage(companyId: number, folder: string, data: Buffer, maxBytes: number): Promise<string>
  remove(companyId: number, relative: string): Promise<void>
  /** An expiring URL for a stored file, as the clients load it. */
  signedUrl(companyId: number, relative: string): string
}

/** Whether the bot reads a contact's new message: its ticket, its stored kind, its sender. */
export type BotEars = (
  ticket: TicketRow,
  mediaType: string,
  sender: { acceptAudioMessage: boolean },
) => boolean

/** What the pipeline needs from the bot: which messages it reads, and a turn to answer them. */
/** Others who act on contacts' replies: campaigns waiting for a confirmation (reference §1). */
export interface ReplyListener {
  /**
   * Contacts' live messages on a connection, in the transaction that stores them: `at` is the
   * newest one's time.
   */
  heard(tx: Executor, connection: ConnectionRow, numbers: string[], at: Date): Promise<void>
}

export interface BotReader {
  /** What the bot reads of the new messages of these tickets (of one connection). */
  listening(tx: Executor, connection: ConnectionRow, tickets: TicketRow[]): Promise<BotEars>
  /** Answers every message stored for the bot; called once the messages are committed. */
  answerPending(): Promise<void>
}
