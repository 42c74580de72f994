import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '@server/db/client'
import { executePrepared, prepared } from '@server/db/prepared'
import { connections, type ConnectionRow } from '../connections/connections.table'
import { contacts, type ContactRow } from '../contacts/contacts.table'
import { queues } from '../queues/queues.table'
import { tickets, type TicketRow } from '../tickets/tickets.table'
import { users } from '../users/users.table'
import { messages, type MessageReaction, type MessageRow } from './messages.table'

export type MessageInsert = typeof messages.$inferInsert

/** Everything a MessageDto is drawn from, loaded in one query for any page. */
export interface MessageView {
  message: MessageRow
  user: { id: number; name: string } | null
  contact: { id: number; name: string } | null
  quoted: {
    id: number
    body: string
    fromMe: boolean
    mediaType: string
    mediaPath: string | null
    isDeleted: boolean
    contact: { id: number; name: string } | null
  } | null
  /** What the ticket separators and the socket audience need. */
  ticket: Pick<TicketRow, 'id' | 'uuid' | 'whatsappId' | 'queueId' | 'userId' | 'status'>
  queue: { id: number; name: string; color: string } | null
}

/** What a batch's messages change on one ticket (`touchTickets`). */
export interface TicketTouch {
  ticketId: number
  body: string
  fromMe: boolean
  at: Date
  resetUnread: boolean
  addUnread: number
  lastInboundAt: Date | null
}

/** The ticket, its contact and connection, and the names template variables use. */
export interface TicketContext {
  ticket: TicketRow
  contact: ContactRow
  connection: ConnectionRow | null
  userName: string
  queueName: string
}

/** Where the history page starts: the last (createdAt, id) of the previous page. */
export interface HistoryCursor {
  /** `createdAt` in UTC with microseconds, as PostgreSQL keeps it. */
  at: string
  id: number
}

/** A received message the channel may acknowledge as read. */
export interface ReadReceipt {
  wid: string
}

/** Microsecond-exact, so no two rows of one millisecond are skipped or repeated by the cursor. */
const cursorAt = sql<string>`to_char(${messages.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`

async function ticketContexts(
  db: Executor,
  companyId: number,
  ticketIds: number[],
): Promise<TicketContext[]> {
  if (ticketIds.length === 0) return []
  const rows = await db
    .select({
      ticket: tickets,
      contact: contacts,
      connection: connections,
      userName: users.name,
      queueName: queues.name,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds)))
  return rows.map((row) => ({
    ticket: row.ticket,
    contact: row.contact,
    connection: row.connection?.id ? row.connection : null,
    userName: row.userName ?? '',
    queueName: row.queueName ?? '',
  }))
}

/**
 * The messages domain's SQL, the outbound queue's aside (`outbound.repository.ts`). Lookups by id
 * are scoped by company.
 */
export function messagesRepository(db: Executor) {
  return {
    async findById(companyId: number, id: number): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(messages)
        .where(companyRow(messages, companyId, id))
      return row ?? null
    },

    /** Locks the row for the rest of the transaction (reactions read-modify-write it). */
    async lockById(companyId: number, id: number): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(messages)
        .where(companyRow(messages, companyId, id))
        .for('update')
      return row ?? null
    },

    async findByIdempotencyKeys(companyId: number, keys: string[]): Promise<MessageRow[]> {
      if (keys.length === 0) return []
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), inArray(messages.idempotencyKey, keys)))
        .orderBy(asc(messages.id))
    },

    /** Inserts the rows whose idempotency key is new; a repeated key inserts nothing. */
    insert(values: MessageInsert[]): Promise<MessageRow[]> {
      return db.insert(messages).values(values).onConflictDoNothing().returning()
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<MessageInsert>,
    ): Promise<MessageRow | null> {
      const [row] = await db
        .update(messages)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(messages, companyId, id))
        .returning()
      return row ?? null
    },

    async remove(companyId: number, id: number): Promise<void> {
      await db.delete(messages).where(companyRow(messages, companyId, id))
    },

    async setReactions(companyId: number, id: number, reactions: MessageReaction[]) {
      const [row] = await db
        .update(messages)
        .set({ reactions, updatedAt: new Date() })
        .where(companyRow(messages, companyId, id))
        .returning()
      return row ?? null
    },

    /**
     * Whether a message (other than `exceptId`) points at the stored file: forwards share it,
     * and the bot's greetings share their connection's.
     */
    async fileShared(companyId: number, mediaPath: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.mediaPath, mediaPath),
            exceptId === undefined ? undefined : ne(messages.id, exceptId),
          ),
        )
        .limit(1)
      return Boolean(row)
    },

    /** Views for DTOs, in the order of `ids`. */
    async loadViews(companyId: number, ids: number[]): Promise<MessageView[]> {
      if (ids.length === 0) return []
      const rows = await prepared(db, 'messages_load_views', loadViewsStatement).execute({
        companyId,
        ids,
      })
      const byId = new Map(
        rows.map((row) => [
          row.message.id,
          {
            message: row.message,
            user: row.user?.id ? row.user : null,
            contact: row.contact?.id ? row.contact : null,
            quoted: row.quoted?.id
              ? { ...row.quoted, contact: row.quotedContact?.id ? row.quotedContact : null }
              : null,
            ticket: row.ticket,
            queue: row.queue?.id ? row.queue : null,
          } satisfies MessageView,
        ]),
      )
      return ids.flatMap((id) => byId.get(id) ?? [])
    },

    async findTicket(
      companyId: number,
      ref: { id: number } | { uuid: string },
    ): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            'id' in ref ? eq(tickets.id, ref.id) : eq(tickets.uuid, ref.uuid),
          ),
        )
      return row ?? null
    },

    async ticketContext(companyId: number, ticketId: number): Promise<TicketContext | null> {
      const [context] = await ticketContexts(db, companyId, [ticketId])
      return context ?? null
    },

    /** `ticketContext` of many tickets in one query (in no particular order). */
    ticketContexts: (companyId: number, ticketIds: number[]) =>
      ticketContexts(db, companyId, ticketIds),

    async findContact(companyId: number, id: number): Promise<ContactRow | null> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(companyRow(contacts, companyId, id))
      return row ?? null
    },

    async findConnection(companyId: number, id: number): Promise<ConnectionRow | null> {
      const [row] = await db
        .select()
        .from(connections)
        .where(companyRow(connections, companyId, id))
      return row ?? null
    },

    /** After an outgoing message: last message, who spoke last and, for agents, unread cleared. */
    async touchTicket(
      companyId: number,
      ticketId: number,
      values: { lastMessage: string; resetUnread: boolean },
    ): Promise<void> {
      await db
        .update(tickets)
        .set({
          lastMessage: values.lastMessage,
          lastMessageAt: sql`now()`,
          fromMe: true,
          updatedAt: sql`now()`,
          ...(values.resetUnread ? { unreadMessages: 0 } : {}),
        })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    },

    /**
     * `touchTicket` for many tickets in one statement, each with the sum of its messages in a
     * batch: the last one's text, and the unread count reset by our own message or grown by the
     * contact's after it.
     */
    async touchTickets(companyId: number, touches: TicketTouch[]) {
      if (touches.length === 0) return
      // One array parameter per column: the statement is the same whatever the batch size.
      const column = <T>(pick: (touch: TicketTouch) => T) => touches.map(pick)
      await executePrepared(
        db,
        'tickets_touch_inbound',
        () => sql`
          UPDATE ${tickets} SET
            "lastMessage" = touch.body,
            "lastMessageAt" = touch.at,
            "fromMe" = touch.from_me,
            "updatedAt" = now(),
            "unreadMessages" = CASE WHEN touch.reset THEN touch.add ELSE ${tickets.unreadMessages} + touch.add END,
            "lastInboundAt" = COALESCE(touch.inbound_at, ${tickets.lastInboundAt}),
            "sendInactiveMessage" = ${tickets.sendInactiveMessage} AND touch.inbound_at IS NULL
          FROM unnest(
            ${sql.placeholder('ids')}::int[],
            ${sql.placeholder('bodies')}::text[],
            ${sql.placeholder('ats')}::timestamptz[],
            ${sql.placeholder('fromMe')}::boolean[],
            ${sql.placeholder('reset')}::boolean[],
            ${sql.placeholder('add')}::int[],
            ${sql.placeholder('inboundAt')}::timestamptz[]
          ) AS touch(id, body, at, from_me, reset, add, inbound_at)
          WHERE ${tickets.companyId} = ${sql.placeholder('companyId')} AND ${tickets.id} = touch.id`,
        {
          companyId,
          ids: column((touch) => touch.ticketId),
          bodies: column((touch) => touch.body),
          ats: column((touch) => touch.at.toISOString()),
          fromMe: column((touch) => touch.fromMe),
          reset: column((touch) => touch.resetUnread),
          add: column((touch) => touch.addUnread),
          inboundAt: column((touch) => touch.lastInboundAt?.toISOString() ?? null),
        },
      )
    },

    async setTicketLastMessage(companyId: number, ticketId: number, lastMessage: string) {
      await db
        .update(tickets)
        .set({ lastMessage, updatedAt: sql`now()` })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    },

    /** The latest message of a ticket, to know whether an edit changes its last message. */
    async findInTicket(companyId: number, ticketId: number, id: number) {
      const [row] = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.ticketId, ticketId),
            eq(messages.id, id),
          ),
        )
      return row ?? null
    },

    /**
     * Messages of the ticket the contact saw (no notes, none deleted), the last stored first:
     * the order the bot saw them in, whatever clocks their providers stamped.
     */
    recentShown(companyId: number, ticketId: number, limit: number) {
      return db
        .select({
          id: messages.id,
          body: messages.body,
          fromMe: messages.fromMe,
          mediaType: messages.mediaType,
          transcription: messages.transcription,
          isAutomatic: messages.isAutomatic,
          promptId: messages.promptId,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.ticketId, ticketId),
            eq(messages.isPrivate, false),
            eq(messages.isDeleted, false),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit)
    },

    async latestId(companyId: number, ticketId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.ticketId, ticketId),
            eq(messages.isPrivate, false),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(1)
      return row?.id ?? null
    },

    /**
     * Marks the ticket's received messages read and its unread counter zero; answers the provider
     * ids to acknowledge.
     */
    async markTicketRead(companyId: number, ticketId: number): Promise<ReadReceipt[]> {
      const read = await db
        .update(messages)
        .set({ read: true })
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.ticketId, ticketId),
            eq(messages.fromMe, false),
            eq(messages.read, false),
          ),
        )
        .returning({ wid: messages.wid })
      await db
        .update(tickets)
        .set({ unreadMessages: 0 })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
      return read.flatMap((row) => (row.wid ? [{ wid: row.wid }] : []))
    },

    /**
     * The tickets whose messages form a ticket's history: same contact, connection and group
     * flag, not newer than it, within the scope's queues (the ticket itself always).
     */
    async historyTicketIds(
      companyId: number,
      ticket: TicketRow,
      scope: { all: boolean; queueIds: number[]; includeNoQueue: boolean },
    ): Promise<number[]> {
      const inScope: (SQL | undefined)[] = [
        eq(tickets.id, ticket.id),
        scope.queueIds.length ? inArray(tickets.queueId, scope.queueIds) : undefined,
        scope.includeNoQueue ? isNull(tickets.queueId) : undefined,
      ]
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, ticket.contactId),
            ticket.whatsappId === null
              ? isNull(tickets.whatsappId)
              : eq(tickets.whatsappId, ticket.whatsappId),
            eq(tickets.isGroup, ticket.isGroup),
            lte(tickets.id, ticket.id),
            scope.all ? undefined : or(...inScope),
          ),
        )
      return rows.map((row) => row.id)
    },

    /** One page of a history, newest first, with the cursor of each row. */
    async historyPage(
      companyId: number,
      ticketIds: number[],
      page: { limit: number; before: HistoryCursor | null; offset: number },
    ): Promise<Array<{ id: number; at: string }>> {
      return db
        .select({ id: messages.id, at: cursorAt })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            inArray(messages.ticketId, ticketIds),
            page.before
              ? sql`(${messages.createdAt}, ${messages.id}) < ((${page.before.at}::timestamp AT TIME ZONE 'UTC'), ${page.before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(page.limit)
        .offset(page.offset)
    },

    async historyCount(companyId: number, ticketIds: number[]): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(messages)
        .where(and(eq(messages.companyId, companyId), inArray(messages.ticketId, ticketIds)))
      return row?.total ?? 0
    },

    /** A message of the same conversation (contact and connection), for quoting. */
    async findInConversation(
      companyId: number,
      id: number,
      conversation: { contactId: number; whatsappId: number | null },
    ): Promise<MessageRow | null> {
      const [row] = await db
        .select({ message: messages })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.id, id),
            eq(tickets.contactId, conversation.contactId),
            conversation.whatsappId === null
              ? isNull(tickets.whatsappId)
              : eq(tickets.whatsappId, conversation.whatsappId),
          ),
        )
      return row?.message ?? null
    },

    /**
     * GET /messages-allMe: the company's messages (private notes aside), optionally one
     * direction, between whole days of the company's time zone (both ends included).
     */
    async countInRange(
      companyId: number,
      filter: { fromMe?: boolean; dateStart?: string; dateEnd?: string; timeZone: string },
    ): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.isPrivate, false),
            filter.fromMe === undefined ? undefined : eq(messages.fromMe, filter.fromMe),
            filter.dateStart
              ? gte(
                  messages.createdAt,
                  sql`((${filter.dateStart}::date)::timestamp AT TIME ZONE ${filter.timeZone})`,
                )
              : undefined,
            filter.dateEnd
              ? lt(
                  messages.createdAt,
                  sql`((${filter.dateEnd}::date + 1)::timestamp AT TIME ZONE ${filter.timeZone})`,
                )
              : undefined,
          ),
        )
      return row?.total ?? 0
    },

    /** A received audio message of the company whose stored file has this name. */
    async findReceivedAudio(companyId: number, fileName: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.fromMe, false),
            eq(messages.mediaType, 'audio'),
            // Received files are stored as `messages/<name>` (see media.saveFile callers).
            inArray(messages.mediaPath, [fileName, `messages/${fileName}`]),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(1)
      return row ?? null
    },

    /** Raises the ack of our message with this provider id; a lower value changes nothing. */
    async raiseAck(connectionId: number, wid: string, ack: number): Promise<MessageRow | null> {
      const [row] = await db
        .update(messages)
        .set({ ack: sql`GREATEST(${messages.ack}, ${ack})`, updatedAt: new Date() })
        .where(
          and(eq(messages.whatsappId, connectionId), eq(messages.wid, wid), lt(messages.ack, ack)),
        )
        .returning()
      return row ?? null
    },

    async existsByProviderId(connectionId: number, wid: string): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.whatsappId, connectionId), eq(messages.wid, wid)))
      return row !== undefined
    },

    async failByProviderId(
      connectionId: number,
      wid: string,
      code: string,
    ): Promise<MessageRow | null> {
      const [row] = await db
        .update(messages)
        .set({ sendStatus: 'failed', sendError: code, updatedAt: new Date() })
        .where(
          and(
            eq(messages.whatsappId, connectionId),
            eq(messages.wid, wid),
            eq(messages.fromMe, true),
          ),
        )
        .returning()
      return row ?? null
    },
  }
}

export type MessagesRepository = ReturnType<typeof messagesRepository>

/** Every page of a conversation and every message event loads these rows: prepared once. */
function loadViewsStatement(db: Executor, name: string) {
  const quoted = alias(messages, 'quoted')
  const quotedContact = alias(contacts, 'quoted_contact')
  return db
    .select({
      message: messages,
      user: { id: users.id, name: users.name },
      contact: { id: contacts.id, name: contacts.name },
      quoted: {
        id: quoted.id,
        body: quoted.body,
        fromMe: quoted.fromMe,
        mediaType: quoted.mediaType,
        mediaPath: quoted.mediaPath,
        isDeleted: quoted.isDeleted,
      },
      quotedContact: { id: quotedContact.id, name: quotedContact.name },
      ticket: {
        id: tickets.id,
        uuid: tickets.uuid,
        whatsappId: tickets.whatsappId,
        queueId: tickets.queueId,
        userId: tickets.userId,
        status: tickets.status,
      },
      queue: { id: queues.id, name: queues.name, color: queues.color },
    })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .leftJoin(users, eq(users.id, messages.userId))
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(
      quoted,
      and(eq(quoted.id, messages.quotedMsgId), eq(quoted.companyId, messages.companyId)),
    )
    .leftJoin(quotedContact, eq(quotedContact.id, quoted.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(
      and(
        eq(messages.companyId, sql.placeholder('companyId')),
        sql`${messages.id} = ANY(${sql.placeholder('ids')})`,
      ),
    )
    .prepare(name)
}
