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
