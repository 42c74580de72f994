import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { messages, type MessageRow } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'
import { inboundEvents, type InboundEventRow } from './inbound.table'

/** How long a claimed event stays invisible to other workers while it is processed. */
const LEASE_SECONDS = 120

export function inboundRepository(db: Executor) {
  return {
    async store(
      rows: {
        companyId: number
        connectionId: number
        source: InboundEventRow['source']
        payload: unknown
      }[],
    ): Promise<number[]> {
      if (rows.length === 0) return []
      const inserted = await db
        .insert(inboundEvents)
        .values(rows)
        .returning({ id: inboundEvents.id })
      return inserted.map((row) => row.id)
    },

    /**
     * Takes the oldest due events and leases them, so another worker or instance skips them;
     * a crash lets the lease run out and the events come back.
     */
    async claim(limit: number): Promise<InboundEventRow[]> {
      const due = db
        .select({ id: inboundEvents.id })
        .from(inboundEvents)
        .where(
          sql`${inboundEvents.processedAt} IS NULL AND ${inboundEvents.nextAttemptAt} <= now()`,
        )
        .orderBy(asc(inboundEvents.nextAttemptAt), asc(inboundEvents.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      return db
        .update(inboundEvents)
        .set({
          attempts: sql`${inboundEvents.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        })
        .where(inArray(inboundEvents.id, due))
        .returning()
    },

    /** Events of a connection not yet applied (processing or waiting for a retry). */
    async pendingCount(connectionId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(inboundEvents)
        .where(
          sql`${inboundEvents.processedAt} IS NULL AND ${inboundEvents.connectionId} = ${connectionId}`,
        )
      return row?.count ?? 0
    },

    async markProcessed(id: number) {
      await db
        .update(inboundEvents)
        .set({ processedAt: new Date(), lastError: null })
        .where(eq(inboundEvents.id, id))
    },

    async markFailed(id: number, error: string, retryAt: Date | null) {
      await db
        .update(inboundEvents)
        .set({
          lastError: error.slice(0, 2000),
          // A poison event is parked as processed, with its error kept for inspection.
          ...(retryAt ? { nextAttemptAt: retryAt } : { processedAt: new Date() }),
        })
        .where(eq(inboundEvents.id, id))
    },

    async findMessageByWid(connectionId: number, wid: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, connectionId), eq(messages.wid, wid)))
      return row ?? null
    },

    /** Serialises the processing of one chat across workers until the transaction ends. */
    async lockChat(companyId: number, connectionId: number, chatId: string) {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${companyId}:${connectionId}:${chatId}`}, 0))`,
      )
    },

    /** Stores an inbound message once: a replayed provider id inserts nothing and answers null. */
    async insertMessage(values: typeof messages.$inferInsert): Promise<MessageRow | null> {
      const [row] = await db
        .insert(messages)
        .values(values)
        .onConflictDoNothing({
          target: [messages.whatsappId, messages.wid],
          where: sql`${messages.wid} IS NOT NULL`,
        })
        .returning()
      return row ?? null
    },

    /** The ticket's counters after a stored message, in the same transaction as the insert. */
    async touchTicket(
      companyId: number,
      ticketId: number,
      message: { body: string; fromMe: boolean; at: Date; countsAsUnread: boolean },
    ) {
      await db
        .update(tickets)
        .set({
          lastMessage: message.body,
          lastMessageAt: message.at,
          fromMe: message.fromMe,
          updatedAt: new Date(),
          unreadMessages: message.fromMe
            ? 0
            : message.countsAsUnread
              ? sql`${tickets.unreadMessages} + 1`
              : tickets.unreadMessages,
          ...(message.fromMe ? {} : { lastInboundAt: message.at, sendInactiveMessage: false }),
        })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    },

    async updateMessage(
      id: number,
      values: Partial<typeof messages.$inferInsert>,
    ): Promise<MessageRow | null> {
      const [row] = await db
        .update(messages)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(messages.id, id))
        .returning()
      return row ?? null
    },

    async setTicketLastMessage(companyId: number, ticketId: number, body: string) {
      await db
        .update(tickets)
        .set({ lastMessage: body, updatedAt: new Date() })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    },
  }
}
