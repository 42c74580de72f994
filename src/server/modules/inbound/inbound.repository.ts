import { and, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { executePrepared, readRow } from '@server/db/prepared'
import { storableJson } from '@server/lib/storable-text'
import { contacts, type ContactRow } from '../contacts/contacts.table'
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
    ): Promise<void> {
      if (rows.length === 0) return
      // One JSON array of the rows, joined from each payload's JSON: a text[] parameter had
      // every payload escaped again, character by character, and rebuilding the statement on
      // every call cost more than PostgreSQL took to run it. storableJson: a message with
      // U+0000 or a lone surrogate is stored, not refused forever.
      const events = `[${rows
        .map(
          (row) =>
            `[${row.companyId},${row.connectionId},${JSON.stringify(row.source)},${storableJson(row.payload)}]`,
        )
        .join(',')}]`
      await executePrepared(
        db,
        'inbound_events_store',
        () => sql`
          INSERT INTO ${inboundEvents} ("companyId", "connectionId", "source", "payload")
          SELECT (event->>0)::int, (event->>1)::int, event->>2, event->3
          FROM jsonb_array_elements(${sql.placeholder('events')}::jsonb) AS event`,
        { events },
      )
    },

    /**
     * Takes the oldest due events and leases them, so another worker or instance skips them;
     * a crash lets the lease run out and the events come back.
     */
    async claim(limit: number): Promise<InboundEventRow[]> {
      const claimed = await executePrepared<Record<string, unknown>>(
        db,
        'inbound_events_claim',
        () => sql`
          UPDATE ${inboundEvents} SET
            "attempts" = "attempts" + 1,
            "nextAttemptAt" = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE "id" IN (
            SELECT "id" FROM ${inboundEvents}
            WHERE "processedAt" IS NULL AND "nextAttemptAt" <= now()
            ORDER BY "nextAttemptAt", "id"
            LIMIT ${sql.placeholder('limit')}
            FOR UPDATE SKIP LOCKED)
          RETURNING *`,
        { limit },
      )
      // RETURNING has no order; a chat's events are applied in the order they arrived.
      return claimed
        .map((row) => readRow<InboundEventRow>(inboundEvents, row))
        .sort((a, b) => a.id - b.id)
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

    async markProcessedMany(ids: number[]) {
      if (ids.length === 0) return
      await executePrepared(
        db,
        'inbound_events_processed',
        () => sql`
          UPDATE ${inboundEvents} SET "processedAt" = now(), "lastError" = NULL
          WHERE "id" = ANY(${sql.placeholder('ids')}::bigint[])`,
        { ids },
      )
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

    /** The stored messages of a connection among these provider ids. */
    async findMessageIdsByWid(
      connectionId: number,
      wids: string[],
    ): Promise<{ id: number; wid: string }[]> {
      if (wids.length === 0) return []
      const rows = await executePrepared<{ id: number | string; wid: string }>(
        db,
        'messages_ids_by_wid',
        () => sql`
          SELECT "id", "wid" FROM ${messages}
          WHERE "whatsappId" = ${sql.placeholder('connectionId')}
            AND "wid" = ANY(${sql.placeholder('wids')}::text[])`,
        { connectionId, wids },
      )
      return rows.map((row) => ({ id: Number(row.id), wid: row.wid }))
    },

    /**
     * `lockChat` for many chats in one statement, in a fixed order so that two batches sharing
     * chats cannot deadlock.
     */
    async lockChats(keys: { companyId: number; connectionId: number; chatId: string }[]) {
      if (keys.length === 0) return
      const names = [
        ...new Set(keys.map((key) => `chat:${key.companyId}:${key.connectionId}:${key.chatId}`)),
      ]
      await executePrepared(
        db,
        'inbound_lock_chats',
        () =>
          sql`SELECT pg_advisory_xact_lock(h) FROM (SELECT hashtextextended(n, 0) AS h FROM unnest(${sql.placeholder('names')}::text[]) AS n ORDER BY 1) AS ordered`,
        { names },
      )
    },

    /** Serialises the processing of one chat across workers until the transaction ends. */
    async lockChat(companyId: number, connectionId: number, chatId: string) {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${companyId}:${connectionId}:${chatId}`}, 0))`,
      )
    },

    /**
     * WhatsApp contacts stored under an id without a phone number (`number` = `lid`, e.g. a
     * Cloud API BSUID) take their number once a message shows both, so that person stays one
     * contact; not when another contact already has that number. One statement for many people.
     */
    async adoptNumbers(companyId: number, people: { lid: string; number: string }[]) {
      const byNumber = new Map(people.map((person) => [person.number, person.lid]))
      const byLid = new Map([...byNumber].map(([number, lid]) => [lid, number]))
      if (byLid.size === 0) return
      await db.execute(sql`
        UPDATE ${contacts} SET
          "number" = person.number,
          "name" = CASE WHEN ${contacts.name} = ${contacts.number} THEN person.number ELSE ${contacts.name} END,
          "updatedAt" = now()
        FROM unnest(${sql.param([...byLid.keys()])}::text[], ${sql.param([...byLid.values()])}::text[])
          AS person(lid, number)
        WHERE ${contacts.companyId} = ${companyId} AND ${contacts.channel} = 'whatsapp'
          AND ${contacts.lid} = person.lid AND ${contacts.number} = person.lid
          AND NOT EXISTS (
            SELECT 1 FROM ${contacts} AS taken
            WHERE taken."companyId" = ${companyId} AND taken."channel" = 'whatsapp'
              AND taken."number" = person.number)`)
    },

    /**
     * The newest of a person's reaction events on a message, by the provider's time (arrival
     * order breaks ties): the one whose emoji stands, whatever order they were delivered in.
     */
    async latestReactionId(
      target: Pick<MessageRow, 'companyId' | 'ticketId' | 'id'>,
      by: { contactId: number; fromMe: boolean },
    ): Promise<number | null> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, target.companyId),
            eq(messages.ticketId, target.ticketId),
            eq(messages.quotedMsgId, target.id),
            eq(messages.mediaType, 'reactionMessage'),
            eq(messages.contactId, by.contactId),
            eq(messages.fromMe, by.fromMe),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(1)
      return row?.id ?? null
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

    /**
     * `insertMessage` for many: replayed provider ids insert nothing and are left out. The rows
     * travel as one JSON array, so the statement is prepared once whatever the batch size
     * (building a 100-row VALUES list took longer than PostgreSQL took to run it, and a text[]
     * of raw payloads was escaped character by character).
     */
    async insertMessages(
      values: (typeof messages.$inferInsert)[],
    ): Promise<{ id: number; wid: string | null; whatsappId: number | null }[]> {
      if (values.length === 0) return []
      const rows = storableJson(
        values.map((row) => ({
          companyId: row.companyId,
          ticketId: row.ticketId,
          whatsappId: row.whatsappId ?? null,
          contactId: row.contactId ?? null,
          wid: row.wid ?? null,
          body: row.body ?? '',
          mediaType: row.mediaType ?? 'conversation',
          mediaPath: row.mediaPath ?? null,
          mediaName: row.mediaName ?? null,
          mediaMime: row.mediaMime ?? null,
          fromMe: row.fromMe ?? false,
          isForwarded: row.isForwarded ?? false,
          read: row.read ?? false,
          ack: row.ack ?? 0,
          sendStatus: row.sendStatus ?? null,
          quotedMsgId: row.quotedMsgId ?? null,
          participant: row.participant ?? null,
          remoteJid: row.remoteJid ?? null,
          dataJson: row.dataJson ?? null,
          createdAt: row.createdAt ?? new Date(),
          botPending: row.botPending ?? false,
        })),
      )
      const inserted = await executePrepared<{
        id: number | string
        wid: string | null
        whatsappId: number | null
      }>(
        db,
        'messages_insert_inbound',
        () => sql`
          INSERT INTO ${messages} ("companyId", "ticketId", "whatsappId", "contactId", "wid", "body",
            "mediaType", "mediaPath", "mediaName", "mediaMime", "fromMe", "isForwarded", "read", "ack",
            "sendStatus", "quotedMsgId", "participant", "remoteJid", "dataJson", "createdAt",
            "botPending")
          SELECT "companyId", "ticketId", "whatsappId", "contactId", "wid", "body", "mediaType",
            "mediaPath", "mediaName", "mediaMime", "fromMe", "isForwarded", "read", "ack",
            "sendStatus", "quotedMsgId", "participant", "remoteJid", "dataJson", "createdAt",
            "botPending"
          FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) AS row("companyId" int,
            "ticketId" int, "whatsappId" int, "contactId" int, "wid" text, "body" text,
            "mediaType" text, "mediaPath" text, "mediaName" text, "mediaMime" text,
            "fromMe" boolean, "isForwarded" boolean, "read" boolean, "ack" smallint,
            "sendStatus" text, "quotedMsgId" bigint, "participant" text, "remoteJid" text,
            "dataJson" jsonb, "createdAt" timestamptz, "botPending" boolean)
          ON CONFLICT ("whatsappId", "wid") WHERE "wid" IS NOT NULL DO NOTHING
          RETURNING "id", "wid", "whatsappId"`,
        { rows },
      )
      // bigserial ids come back as text from node-postgres.
      return inserted.map((row) => ({ ...row, id: Number(row.id) }))
    },

    /** Points messages at quoted ones stored in the same batch. */
    async setQuoted(links: { id: number; quotedMsgId: number }[]) {
      if (links.length === 0) return
      await db.execute(
        sql`UPDATE ${messages} SET "quotedMsgId" = link.quoted FROM unnest(${sql.param(links.map((link) => link.id))}::bigint[], ${sql.param(links.map((link) => link.quotedMsgId))}::bigint[]) AS link(id, quoted) WHERE ${messages.id} = link.id`,
      )
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

    /**
     * The ticket's last-message text, when `messageId` is still its newest message (a file that
     * arrived on the second try replaces the note the list showed). Its place in lists stays.
     */
    async refreshLastMessage(
      companyId: number,
      ticketId: number,
      messageId: number,
      body: string,
    ): Promise<boolean> {
      const updated = await db
        .update(tickets)
        .set({ lastMessage: body })
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.id, ticketId),
            sql`NOT EXISTS (
              SELECT 1 FROM ${messages}
              WHERE ${messages.companyId} = ${companyId} AND ${messages.ticketId} = ${ticketId}
                AND ${messages.id} > ${messageId})`,
          ),
        )
        .returning({ id: tickets.id })
      return updated.length > 0
    },

    async setTicketLastMessage(companyId: number, ticketId: number, body: string) {
      await db
        .update(tickets)
        .set({ lastMessage: body, updatedAt: new Date() })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    },

    /**
     * What the provider's profile says of a contact: the name replaces only the id he was named
     * by (an attendant's or the provider's earlier name stays), the picture our copy of it.
     */
    async applyProfile(
      companyId: number,
      contactId: number,
      profile: { name?: string; picture?: { url: string; path: string }; checkedAt?: Date },
    ): Promise<ContactRow | null> {
      const { name, picture, checkedAt } = profile
      const [row] = await db
        .update(contacts)
        .set({
          ...(name
            ? {
                name: sql`CASE WHEN ${contacts.name} = ${contacts.number} THEN ${name} ELSE ${contacts.name} END`,
              }
            : {}),
          ...(picture ? { profilePicUrl: picture.url, picturePath: picture.path } : {}),
          ...(checkedAt ? { pictureCheckedAt: checkedAt } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
        .returning()
      return row ?? null
    },

    /**
     * A watermark: our messages to the contact through this connection, stored up to `upTo`
     * and sent, reach `ack` (never lower it). Private notes never left. Answers their ids.
     */
    async raiseAcksUpTo(
      connection: { companyId: number; id: number },
      contactId: number,
      upTo: Date,
      ack: number,
    ): Promise<number[]> {
      const conversations = db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, connection.companyId), eq(tickets.contactId, contactId)))
      const raised = await db
        .update(messages)
        .set({ ack, updatedAt: new Date() })
        .where(
          and(
            eq(messages.companyId, connection.companyId),
            inArray(messages.ticketId, conversations),
            eq(messages.whatsappId, connection.id),
            eq(messages.fromMe, true),
            eq(messages.isPrivate, false),
            eq(messages.sendStatus, 'sent'),
            lt(messages.ack, ack),
            lte(messages.createdAt, upTo),
          ),
        )
        .returning({ id: messages.id })
      return raised.map((row) => row.id)
    },
  }
}
