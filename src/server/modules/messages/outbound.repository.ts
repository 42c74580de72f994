import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  notInArray,
  or,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { executePrepared, readRow } from '@server/db/prepared'
import { storableJson } from '@server/lib/storable-text'
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

    /**
     * What the sender hands the driver for messages of one connection: each ticket's contact,
     * and the connection (none when it is gone).
     */
    async sendContexts(companyId: number, connectionId: number, ticketIds: number[]) {
      const rows = await db
        .select({ ticketId: tickets.id, contact: contacts, connection: connections })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .innerJoin(connections, eq(connections.id, connectionId))
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds)))
      return new Map(rows.map(({ ticketId, ...context }) => [ticketId, context]))
    },

    /**
     * Records successful sends of one connection, in two statements whatever their number. The
     * provider may echo our message back before this runs; the inbound pipeline then stored it
     * as a row of its own, which ours replaces (its id is unique per connection), keeping the
     * furthest ack of the two. No transaction: should the second statement fail, the lease's
     * retry is the same as after a rollback.
     */
    async markSent(
      connectionId: number,
      sends: { id: number; providerId: string; raw: unknown }[],
    ): Promise<{ rows: MessageRow[]; echoes: { id: number; ticketId: number }[] }> {
      if (sends.length === 0) return { rows: [], echoes: [] }
      const echoes = await db
        .delete(messages)
        .where(
          and(
            eq(messages.whatsappId, connectionId),
            inArray(
              messages.wid,
              sends.map((send) => send.providerId),
            ),
            notInArray(
              messages.id,
              sends.map((send) => send.id),
            ),
            eq(messages.fromMe, true),
            // Rows we stored to send always carry a key; the pipeline's echoes never do.
            isNull(messages.idempotencyKey),
          ),
        )
        .returning({
          id: messages.id,
          ticketId: messages.ticketId,
          ack: messages.ack,
          wid: messages.wid,
        })
      const echoAck = new Map<string, number>()
      for (const echo of echoes)
        echoAck.set(echo.wid!, Math.max(echo.ack, echoAck.get(echo.wid!) ?? 1))
      const updated = await executePrepared<Record<string, unknown>>(
        db,
        'messages_mark_sent',
        () => sql`
          UPDATE ${messages} SET
            "wid" = sent."wid",
            "dataJson" = sent."raw",
            "ack" = GREATEST(${messages.ack}, sent."ack"),
            -- A message deleted while it was being sent keeps its null status.
            "sendStatus" = CASE WHEN ${messages.sendStatus} = 'queued' THEN 'sent' ELSE ${messages.sendStatus} END,
            "sendAttempts" = ${messages.sendAttempts} + 1,
            "sendError" = NULL,
            "nextAttemptAt" = NULL,
            "updatedAt" = ${sql.placeholder('now')}::timestamptz
          FROM jsonb_to_recordset(${sql.placeholder('sends')}::jsonb)
            AS sent("id" bigint, "wid" text, "raw" jsonb, "ack" smallint)
          -- The ids again as an array: an index scan whatever the planner guesses of the JSON.
          WHERE ${messages.id} = ANY(${sql.placeholder('ids')}::bigint[]) AND ${messages.id} = sent."id"
          RETURNING ${messages}.*`,
        {
          now: new Date().toISOString(),
          ids: sends.map((send) => send.id),
          sends: storableJson(
            sends.map((send) => ({
              id: send.id,
              wid: send.providerId,
              raw: send.raw ?? null,
              ack: echoAck.get(send.providerId) ?? 1,
            })),
          ),
        },
      )
      return {
        rows: updated.map((row) => readRow<MessageRow>(messages, row)).sort((a, b) => a.id - b.id),
        echoes,
      }
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
