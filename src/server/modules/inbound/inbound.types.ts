import type { InboundStatus } from '@server/channels/types'
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
  /** Answers whether the message is known. */
  applyDeliveryStatus(
    connectionId: number,
    providerId: string,
    ack: InboundStatus['ack'],
    errorCode?: string,
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
