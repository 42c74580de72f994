import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import type { Channel } from '@shared/contracts/connections'
import type { Executor } from '@server/db/client'
import { executePrepared, readRow } from '@server/db/prepared'
import { connectionQueues, connections, type ConnectionRow } from '../connections/connections.table'
import { contacts, type ContactRow } from '../contacts/contacts.table'
import { queues } from '../queues/queues.table'
import { contactTags } from '../tags/tags.table'
import { users } from '../users/users.table'
import { ticketHydration } from './tickets.hydration'
import {
  ACTIVE_TICKET_STATUSES,
  ticketLogs,
  tickets,
  ticketTrackings,
  type TicketLogType,
  type TicketRow,
  type TicketStatus,
} from './tickets.table'

export type TrackingRow = typeof ticketTrackings.$inferSelect

export interface TicketLogView {
  id: number
  type: TicketLogType
  detail: string | null
  createdAt: Date
  user: { id: number; name: string } | null
  queue: { id: number; name: string; color: string } | null
}

export function ticketsRepository(db: Executor) {
  return {
    ...ticketHydration(db),

    async findById(companyId: number, id: number): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(companyRow(tickets, companyId, id))
      return row ?? null
    },

    async findByUuid(companyId: number, uuid: string): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid)))
      return row ?? null
    },

    /** Locks the row for the rest of the transaction (transitions read-modify-write it). */
    async lockById(companyId: number, id: number): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(companyRow(tickets, companyId, id))
        .for('update')
      return row ?? null
    },

    /** The contact's active ticket on a connection: at most one exists (tickets_one_active_key). */
    async findActive(
      companyId: number,
      contactId: number,
      whatsappId: number,
    ): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, contactId),
            eq(tickets.whatsappId, whatsappId),
            inArray(tickets.status, [...ACTIVE_TICKET_STATUSES]),
          ),
        )
      return row ?? null
    },

    /** Every active ticket of a contact, on any connection. */
    async activeOfContact(companyId: number, contactId: number): Promise<TicketRow[]> {
      return db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, contactId),
            inArray(tickets.status, [...ACTIVE_TICKET_STATUSES]),
          ),
        )
    },

    /** The most recently updated ticket of the contact on the connection, in any status. */
    async findLatest(
      companyId: number,
      contactId: number,
      whatsappId: number,
    ): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, contactId),
            eq(tickets.whatsappId, whatsappId),
          ),
        )
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .limit(1)
      return row ?? null
    },

    /**
     * `findActive` for many contacts of one connection. `lock` row-locks them until the
     * transaction ends: a close committed meanwhile takes its ticket out of the answer.
     */
    async findActiveMany(
      companyId: number,
      contactIds: number[],
      whatsappId: number,
      options: { lock?: boolean } = {},
    ): Promise<TicketRow[]> {
      if (contactIds.length === 0) return []
      // Every inbound batch asks this: rendered once, not built again on every call.
      const lock = options.lock ? sql` FOR UPDATE` : sql``
      const rows = await executePrepared<Record<string, unknown>>(
        db,
        options.lock ? 'tickets_active_many_locked' : 'tickets_active_many',
        () => sql`
          SELECT * FROM ${tickets}
          WHERE "companyId" = ${sql.placeholder('companyId')}
            AND "contactId" = ANY(${sql.placeholder('contactIds')}::int[])
            AND "whatsappId" = ${sql.placeholder('whatsappId')}
            AND "status" = ANY(${sql.placeholder('statuses')}::text[])${lock}`,
        { companyId, contactIds, whatsappId, statuses: [...ACTIVE_TICKET_STATUSES] },
      )
      return rows.map((row) => readRow<TicketRow>(tickets, row))
    },

    /** `findLatest` for many contacts of one connection: at most one ticket each. */
    async findLatestMany(
      companyId: number,
      contactIds: number[],
      whatsappId: number,
    ): Promise<TicketRow[]> {
      if (contactIds.length === 0) return []
      return db
        .selectDistinctOn([tickets.contactId])
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            inArray(tickets.contactId, contactIds),
            eq(tickets.whatsappId, whatsappId),
          ),
        )
        .orderBy(tickets.contactId, desc(tickets.updatedAt), desc(tickets.id))
    },

    /** The connection's queues as a new ticket sees them: its only one, and whether it has any. */
    async queueChoiceOf(
      companyId: number,
      connectionId: number,
    ): Promise<{ soleQueueId: number | null; hasQueues: boolean }> {
      const links = await db
        .select({ queueId: connectionQueues.queueId })
        .from(connectionQueues)
        .where(
          and(
            eq(connectionQueues.companyId, companyId),
            eq(connectionQueues.connectionId, connectionId),
          ),
        )
        .limit(2)
      return {
        soleQueueId: links.length === 1 ? links[0]!.queueId : null,
        hasQueues: links.length > 0,
      }
    },

    /** `lockContactConnection` for many contacts, in a fixed order so two callers cannot deadlock. */
    async lockContactsConnection(companyId: number, contactIds: number[], whatsappId: number) {
      const names = [...new Set(contactIds)].map(
        (contactId) => `ticket:${companyId}:${contactId}:${whatsappId}`,
      )
      if (names.length === 0) return
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(h) FROM (SELECT hashtextextended(n, 0) AS h FROM unnest(${sql.param(names)}::text[]) AS n ORDER BY 1) AS ordered`,
      )
    },

    /** `insertActive` for many: contacts whose active ticket another transaction holds are left out. */
    async insertActiveMany(values: (typeof tickets.$inferInsert)[]): Promise<TicketRow[]> {
      if (values.length === 0) return []
      return db.insert(tickets).values(values).onConflictDoNothing().returning()
    },

    /** The first log line and attendance cycle of tickets just inserted. */
    async recordOpened(opened: TicketRow[]) {
      if (opened.length === 0) return
      await db.insert(ticketLogs).values(
        opened.map((ticket) => ({
          companyId: ticket.companyId,
          ticketId: ticket.id,
          type: ticket.status === 'lgpd' ? ('lgpd' as const) : ('create' as const),
          userId: ticket.userId,
          queueId: ticket.queueId,
        })),
      )
      await db.insert(ticketTrackings).values(opened.map(trackingOf)).onConflictDoNothing()
    },

    /**
     * Serialises find-or-create for one contact on one connection across transactions and
     * server instances, until the transaction ends.
     */
    async lockContactConnection(companyId: number, contactId: number, whatsappId: number) {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ticket:${companyId}:${contactId}:${whatsappId}`}, 0))`,
      )
    },

    /** Inserts unless another transaction already holds the contact's active ticket. */
    async insertActive(values: typeof tickets.$inferInsert): Promise<TicketRow | null> {
      const [row] = await db.insert(tickets).values(values).onConflictDoNothing().returning()
      return row ?? null
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<typeof tickets.$inferInsert>,
    ): Promise<TicketRow | null> {
      const [row] = await db
        .update(tickets)
        .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
        .where(companyRow(tickets, companyId, id))
        .returning()
      return row ?? null
    },

    async log(
      companyId: number,
      ticketId: number,
      type: TicketLogType,
      who: { userId?: number | null; queueId?: number | null; detail?: string } = {},
    ) {
      await db.insert(ticketLogs).values({
        companyId,
        ticketId,
        type,
        userId: who.userId ?? null,
        queueId: who.queueId ?? null,
        detail: who.detail ?? null,
      })
    },

    /** The ticket's open attendance cycle, created when none is open. */
    async openTracking(ticket: TicketRow): Promise<TrackingRow> {
      const [existing] = await db
        .select()
        .from(ticketTrackings)
        .where(
          and(
            eq(ticketTrackings.companyId, ticket.companyId),
            eq(ticketTrackings.ticketId, ticket.id),
            sql`${ticketTrackings.finishedAt} IS NULL`,
          ),
        )
      if (existing) return existing
      const [created] = await db
        .insert(ticketTrackings)
        .values(trackingOf(ticket))
        .onConflictDoNothing()
        .returning()
      return created ?? (await this.openTracking(ticket))
    },

    async updateTracking(id: number, values: Partial<typeof ticketTrackings.$inferInsert>) {
      await db.update(ticketTrackings).set(values).where(eq(ticketTrackings.id, id))
    },

    /**
     * Takes the ticket for `userId` only while it is in one of `from` and nobody else holds it:
     * of two concurrent accepts exactly one matches (reference §8 "Accept without races").
     */
    async claim(
      companyId: number,
      id: number,
      from: TicketStatus[],
      userId: number,
      values: Partial<typeof tickets.$inferInsert>,
    ): Promise<TicketRow | null> {
      const [row] = await db
        .update(tickets)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.id, id),
            inArray(tickets.status, from),
            or(isNull(tickets.userId), eq(tickets.userId, userId)),
          ),
        )
        .returning()
      return row ?? null
    },

    /** Messages, logs, tags and notes go with it (foreign keys cascade). */
    async delete(companyId: number, id: number): Promise<TicketRow | null> {
      const [row] = await db
        .delete(tickets)
        .where(companyRow(tickets, companyId, id))
        .returning()
      return row ?? null
    },

    /** Ids of the company's tickets in `status`, optionally only those of `queueIds`. */
    /** Pending tickets a history import of the connection opened (001 §4 close imported). */
    async importedPendingIds(companyId: number, connectionId: number): Promise<number[]> {
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.whatsappId, connectionId),
            eq(tickets.status, 'pending'),
            isNotNull(tickets.imported),
          ),
        )
        .orderBy(asc(tickets.id))
      return rows.map((row) => row.id)
    },

    async idsWithStatus(
      companyId: number,
      status: TicketStatus,
      queueIds: number[] | null,
    ): Promise<number[]> {
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.status, status),
            queueIds ? inArray(tickets.queueId, queueIds) : undefined,
          ),
        )
        .orderBy(asc(tickets.id))
      return rows.map((row) => row.id)
    },

    async findContact(companyId: number, id: number): Promise<ContactRow | null> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(companyRow(contacts, companyId, id))
      return row ?? null
    },

    async contactHasTags(companyId: number, contactId: number): Promise<boolean> {
      const [row] = await db
        .select({ tagId: contactTags.tagId })
        .from(contactTags)
        .where(and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, contactId)))
        .limit(1)
      return Boolean(row)
    },

    async findConnection(companyId: number, id: number): Promise<ConnectionRow | null> {
      const [row] = await db
        .select()
        .from(connections)
        .where(companyRow(connections, companyId, id))
      return row ?? null
    },

    /** The company's default connection among `channels`, else any connected one of them. */
    async fallbackConnection(
      companyId: number,
      channels: Channel[],
    ): Promise<ConnectionRow | null> {
      const [row] = await db
        .select()
        .from(connections)
        .where(
          and(
            eq(connections.companyId, companyId),
            inArray(connections.channel, channels),
            or(eq(connections.isDefault, true), eq(connections.status, 'CONNECTED')),
          ),
        )
        .orderBy(desc(connections.isDefault), asc(connections.id))
        .limit(1)
      return row ?? null
    },

    async findQueue(
      companyId: number,
      id: number,
    ): Promise<{ id: number; name: string; color: string } | null> {
      const [row] = await db
        .select({ id: queues.id, name: queues.name, color: queues.color })
        .from(queues)
        .where(companyRow(queues, companyId, id))
      return row ?? null
    },

    /**
     * Writes an `access` log unless this user already has one on the ticket since `since`, in one
     * statement (reference §8 "Access logs"). It keeps the ticket's queue at that moment, like
     * every other log line, so the history says where the ticket was when it was seen.
     */
    async logAccess(
      ticket: Pick<TicketRow, 'companyId' | 'id' | 'queueId'>,
      userId: number,
      since: Date,
    ) {
      const { companyId, id: ticketId, queueId } = ticket
      await db.execute(sql`
        INSERT INTO ${ticketLogs} ("companyId", "ticketId", "userId", "queueId", "type")
        SELECT ${companyId}, ${ticketId}, ${userId}, ${queueId}, 'access'
        WHERE NOT EXISTS (
          SELECT 1 FROM ${ticketLogs}
          WHERE ${ticketLogs.companyId} = ${companyId} AND ${ticketLogs.ticketId} = ${ticketId}
            AND ${ticketLogs.userId} = ${userId} AND ${ticketLogs.type} = 'access'
            AND ${ticketLogs.createdAt} >= ${since.toISOString()}::timestamptz)`)
    },

    /** The ticket's log, newest first. */
    async logs(companyId: number, ticketId: number): Promise<TicketLogView[]> {
      const rows = await db
        .select({
          id: ticketLogs.id,
          type: ticketLogs.type,
          detail: ticketLogs.detail,
          createdAt: ticketLogs.createdAt,
          user: { id: users.id, name: users.name },
          queue: { id: queues.id, name: queues.name, color: queues.color },
        })
        .from(ticketLogs)
        .leftJoin(users, eq(users.id, ticketLogs.userId))
        .leftJoin(queues, eq(queues.id, ticketLogs.queueId))
        .where(and(eq(ticketLogs.companyId, companyId), eq(ticketLogs.ticketId, ticketId)))
        .orderBy(desc(ticketLogs.createdAt), desc(ticketLogs.id))
      return rows.map((row) => ({
        ...row,
        user: row.user?.id ? row.user : null,
        queue: row.queue?.id ? row.queue : null,
      }))
    },
  }
}

/** A ticket's tracking row as it opens: where and with whom it starts. */
const trackingOf = (
  ticket: Pick<TicketRow, 'companyId' | 'id' | 'whatsappId' | 'userId' | 'queueId'>,
) => ({
  companyId: ticket.companyId,
  ticketId: ticket.id,
  whatsappId: ticket.whatsappId,
  userId: ticket.userId,
  queueId: ticket.queueId,
})

export type TicketsRepository = ReturnType<typeof ticketsRepository>
