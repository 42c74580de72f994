import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { connections } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { tickets } from '../tickets/tickets.table'
import { messages, type MessageRow } from './messages.table'

/**
 * The outbound queue's SQL (ARCHITECTURE.md, "Outbound"): the queue is the messages table, rows
 * claimed with a lease under `FOR UPDATE SKIP LOCKED`, so a restart or a second instance loses
 * and doubles nothing. The ordered sender uses it, and the attendant's resend of a failed message.
 * Due times are compared with `now` from the sender's clock, the clock that scheduled them.
 */
export function outboundRepository(db: Executor) {
  return {
    /**
     * Takes the connection's next messages to send, at most `limit`: the oldest due queued ones
     * whose ticket has no older queued message, so at most one per conversation and each
     * conversation in order. The lease (nextAttemptAt) keeps other instances away while they
     * are sent; SKIP LOCKED keeps two claims apart.
     */
    async claimDue(
      connectionId: number,
      now: Date,
      leaseMs: number,
      limit: number,
    ): Promise<MessageRow[]> {
      const candidate = alias(messages, 'candidate')
      const older = alias(messages, 'older')
      const due = db
        .select({ id: candidate.id })
        .from(candidate)
        .where(
          and(
            eq(candidate.whatsappId, connectionId),
            eq(candidate.sendStatus, 'queued'),
            or(isNull(candidate.nextAttemptAt), lte(candidate.nextAttemptAt, now)),
            notExists(
              db
                .select({ id: older.id })
                .from(older)
                .where(
                  and(
                    eq(older.companyId, candidate.companyId),
                    eq(older.ticketId, candidate.ticketId),
                    eq(older.sendStatus, 'queued'),
                    lt(older.id, candidate.id),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(candidate.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(messages)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(inArray(messages.id, due))
        .returning()
      return rows.sort((a, b) => a.id - b.id)
    },

    /** Connections with queued messages due at `now`. */
    async dueConnections(now: Date): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: messages.whatsappId })
        .from(messages)
        .where(
          and(
            eq(messages.sendStatus, 'queued'),
            isNotNull(messages.whatsappId),
            or(isNull(messages.nextAttemptAt), lte(messages.nextAttemptAt, now)),
          ),
        )
      return rows.flatMap((row) => (row.id === null ? [] : [row.id]))
    },

    /** What the sender hands the driver: the ticket's contact and the connection. */
    async sendContext(message: MessageRow) {
      if (message.whatsappId === null) return null
      const [row] = await db
        .select({ contact: contacts, connection: connections })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .innerJoin(connections, eq(connections.id, message.whatsappId))
        .where(and(eq(tickets.companyId, message.companyId), eq(tickets.id, message.ticketId)))
      return row ?? null
    },

    /**
     * Records a successful send. The provider may echo our message back before this runs; the
     * inbound pipeline then stored it as a row of its own, which this one replaces (its id is
     * unique per connection), keeping the furthest ack of the two. Two statements, no
     * transaction: should the second fail, the lease's retry is the same as after a rollback.
     */
    async markSent(message: MessageRow, providerId: string, raw: unknown) {
      const echoes = await db
        .delete(messages)
        .where(
          and(
            eq(messages.whatsappId, message.whatsappId!),
            eq(messages.wid, providerId),
            ne(messages.id, message.id),
            eq(messages.fromMe, true),
            // Rows we stored to send always carry a key; the pipeline's echoes never do.
            isNull(messages.idempotencyKey),
          ),
        )
        .returning({ id: messages.id, ticketId: messages.ticketId, ack: messages.ack })
      const ack = Math.max(1, ...echoes.map((echo) => echo.ack))
      const [row] = await db
        .update(messages)
        .set({
          wid: providerId,
          dataJson: raw ?? null,
          ack: sql`GREATEST(${messages.ack}, ${ack})`,
          // A message deleted while it was being sent keeps its null status.
          sendStatus: sql`CASE WHEN ${messages.sendStatus} = 'queued' THEN 'sent' ELSE ${messages.sendStatus} END`,
          sendAttempts: sql`${messages.sendAttempts} + 1`,
          sendError: null,
          nextAttemptAt: null,
          updatedAt: new Date(),
        })
        .where(eq(messages.id, message.id))
        .returning()
      return { row: row ?? null, echoes }
    },

    /**
     * A message whose send was never recorded, named by the provider's delivery report: it went
     * out with this provider id. Only a row still without one is taken, so a send recorded
     * meanwhile stays as it is.
     */
    async adoptSent(connectionId: number, id: number, providerId: string) {
      const [row] = await db
        .update(messages)
        .set({
          wid: providerId,
          ack: sql`GREATEST(${messages.ack}, 1)`,
          sendStatus: sql`CASE WHEN ${messages.sendStatus} = 'queued' THEN 'sent' ELSE ${messages.sendStatus} END`,
          sendError: null,
          nextAttemptAt: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(messages.id, id),
            eq(messages.whatsappId, connectionId),
            eq(messages.fromMe, true),
            isNull(messages.wid),
          ),
        )
        .returning()
      return row ?? null
    },

    async scheduleRetry(id: number, attempts: number, nextAttemptAt: Date, code: string) {
      const [row] = await db
        .update(messages)
        .set({ sendAttempts: attempts, nextAttemptAt, sendError: code, updatedAt: new Date() })
        .where(and(eq(messages.id, id), eq(messages.sendStatus, 'queued')))
        .returning()
      return row ?? null
    },

    async markFailed(id: number, attempts: number, code: string) {
      const [row] = await db
        .update(messages)
        .set({
          sendStatus: 'failed',
          sendAttempts: attempts,
          sendError: code,
          nextAttemptAt: null,
          updatedAt: new Date(),
        })
        .where(and(eq(messages.id, id), eq(messages.sendStatus, 'queued')))
        .returning()
      return row ?? null
    },

    /**
     * Puts a failed message back in the queue with a fresh round of attempts; it keeps its id,
     * so it still goes out before the newer messages of its ticket that are queued. Null when
     * it is no longer failed (resent meanwhile) or was deleted.
     */
    async requeueFailed(companyId: number, id: number) {
      const [row] = await db
        .update(messages)
        .set({
          sendStatus: 'queued',
          sendAttempts: 0,
          sendError: null,
          nextAttemptAt: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            companyRow(messages, companyId, id),
            eq(messages.sendStatus, 'failed'),
            eq(messages.isDeleted, false),
          ),
        )
        .returning()
      return row ?? null
    },
  }
}
