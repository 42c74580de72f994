import {
  and,
  asc,
  desc,
  eq,
  inArray,
  is,
  isNotNull,
  isNull,
  or,
  sql,
  type GetColumnData,
  type SQL,
} from 'drizzle-orm'
import { alias, PgTimestamp, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core'
import type { Channel } from '@shared/contracts/connections'
import type { TagRef } from '@shared/contracts/contacts'
import type { Executor } from '@server/db/client'
import { prepared } from '@server/db/prepared'
import { connections, type ConnectionRow } from '../connections/connections.table'
import type { PresentableContact } from '../contacts/contacts.presenter'
import { contacts, type ContactRow } from '../contacts/contacts.table'
import { queues } from '../queues/queues.table'
import { contactTags, tags, ticketTags } from '../tags/tags.table'
import { users } from '../users/users.table'
import {
  ACTIVE_TICKET_STATUSES,
  ticketLogs,
  tickets,
  ticketTrackings,
  userRatings,
  type TicketLogType,
  type TicketRow,
  type TicketStatus,
} from './tickets.table'

/** Everything a TicketDto is drawn from, loaded in a fixed number of queries for any page. */
export interface TicketView {
  ticket: TicketRow
  contact: ContactRow
  contactTags: TagRef[]
  connection: {
    id: number
    name: string
    channel: TicketRow['channel']
    status: (typeof connections.$inferSelect)['status']
    groupAsTicket: 'disabled' | 'enabled'
  } | null
  user: { id: number; name: string } | null
  queue: { id: number; name: string; color: string } | null
  tags: TagRef[]
  rating: number | null
}

/**
 * Only what presentTicket reads: lists and single reads load these columns, not whole rows
 * (reading ~90 columns per row was about a fifth of a list request's CPU). A TicketView is one
 * too.
 */
export interface PresentableTicket {
  ticket: Pick<
    TicketRow,
    | 'id'
    | 'uuid'
    | 'status'
    | 'channel'
    | 'contactId'
    | 'whatsappId'
    | 'userId'
    | 'queueId'
    | 'isGroup'
    | 'isBot'
    | 'useIntegration'
    | 'unreadMessages'
    | 'lastMessage'
    | 'lastInboundAt'
    | 'createdAt'
    | 'updatedAt'
  >
  contact: PresentableContact & Pick<ContactRow, 'picturePath'>
  contactTags: TagRef[]
  connection: TicketView['connection']
  user: TicketView['user']
  queue: TicketView['queue']
  tags: TagRef[]
  rating: number | null
}

export type TrackingRow = typeof ticketTrackings.$inferSelect

export interface TicketLogView {
  id: number
  type: TicketLogType
  createdAt: Date
  user: { id: number; name: string } | null
  queue: { id: number; name: string; color: string } | null
}

export function ticketsRepository(db: Executor) {
  return {
    async findById(companyId: number, id: number): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
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
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
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
      const query = db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            inArray(tickets.contactId, contactIds),
            eq(tickets.whatsappId, whatsappId),
            inArray(tickets.status, [...ACTIVE_TICKET_STATUSES]),
          ),
        )
      return options.lock ? query.for('update') : query
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
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
        .returning()
      return row ?? null
    },

    async log(
      companyId: number,
      ticketId: number,
      type: TicketLogType,
      who: { userId?: number | null; queueId?: number | null } = {},
    ) {
      await db.insert(ticketLogs).values({
        companyId,
        ticketId,
        type,
        userId: who.userId ?? null,
        queueId: who.queueId ?? null,
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
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
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
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
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
        .where(and(eq(connections.companyId, companyId), eq(connections.id, id)))
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
        .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
      return row ?? null
    },

    /**
     * Writes an `access` log unless this user already has one on the ticket since `since`, in one
     * statement (reference §8 "Access logs").
     */
    async logAccess(companyId: number, ticketId: number, userId: number, since: Date) {
      await db.execute(sql`
        INSERT INTO ${ticketLogs} ("companyId", "ticketId", "userId", "type")
        SELECT ${companyId}, ${ticketId}, ${userId}, 'access'
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

    /** Rows for TicketDtos, in the order of `ids`. Lists load 40 at a time: prepared once. */
    async loadViews(companyId: number, ids: number[]): Promise<TicketView[]> {
      if (ids.length === 0) return []
      const params = { companyId, ids }
      const [rows, ticketTagRows, contactTagRows] = await Promise.all([
        prepared(db, 'tickets_load_views', loadViewsStatement).execute(params),
        prepared(db, 'tickets_load_ticket_tags', loadTicketTagsStatement).execute(params),
        prepared(db, 'tickets_load_contact_tags', loadContactTagsStatement).execute(params),
      ])

      const group = <T extends { id: number; name: string; color: string }>(
        list: (T & Record<string, unknown>)[],
        key: string,
      ) => {
        const map = new Map<number, TagRef[]>()
        for (const item of list) {
          const owner = Number(item[key])
          map.set(owner, [
            ...(map.get(owner) ?? []),
            { id: item.id, name: item.name, color: item.color },
          ])
        }
        return map
      }
      const tagsByTicket = group(ticketTagRows, 'ticketId')
      const tagsByContact = group(contactTagRows, 'contactId')
      const byId = new Map(
        rows.map((row) => [
          row.ticket.id,
          {
            ticket: row.ticket,
            contact: row.contact,
            contactTags: tagsByContact.get(row.contact.id) ?? [],
            connection: row.connection?.id ? row.connection : null,
            user: row.user?.id ? row.user : null,
            queue: row.queue?.id ? row.queue : null,
            tags: tagsByTicket.get(row.ticket.id) ?? [],
            rating: row.rating === null ? null : Number(row.rating),
          } satisfies TicketView,
        ]),
      )
      return ids.flatMap((id) => byId.get(id) ?? [])
    },

    /**
     * What TicketDtos are drawn from, in the order of `ids`: one statement, prepared once, whose
     * rows arrive as one JSON array each (see presentableRow).
     */
    async loadPresentable(companyId: number, ids: number[]): Promise<PresentableTicket[]> {
      if (ids.length === 0) return []
      const rows = await prepared(db, 'tickets_load_presentable', loadPresentableStatement).execute(
        { companyId, ids },
      )
      const byId = new Map<number, PresentableTicket>()
      for (const { values } of rows) {
        const { ticket, contact, connection, user, queue, more } = presentableRow.read(values)
        byId.set(ticket.id, {
          ticket: {
            ...ticket,
            lastInboundAt: dateOrNull(ticket.lastInboundAt),
            createdAt: new Date(ticket.createdAt),
            updatedAt: new Date(ticket.updatedAt),
          },
          contact: {
            ...contact,
            lgpdAcceptedAt: dateOrNull(contact.lgpdAcceptedAt),
            createdAt: new Date(contact.createdAt),
            updatedAt: new Date(contact.updatedAt),
          },
          contactTags: more.contactTags,
          connection,
          user,
          queue,
          tags: more.tags,
          rating: more.rating,
        })
      }
      return ids.flatMap((id) => byId.get(id) ?? [])
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

const companyParam = sql.placeholder('companyId')
/** The page's ticket ids, one array parameter: the statement's text is the same for any page. */
const anyOfIds = (column: AnyPgColumn) => sql`${column} = ANY(${sql.placeholder('ids')})`

const owner = alias(users, 'owner')

/** What a ticket payload shows of its connection, user and queue, and its latest rating. */
const ticketSummaries = {
  connection: {
    id: connections.id,
    name: connections.name,
    channel: connections.channel,
    status: connections.status,
    groupAsTicket: connections.groupAsTicket,
  },
  user: { id: owner.id, name: owner.name },
  queue: { id: queues.id, name: queues.name, color: queues.color },
}
const latestRating = sql<number | null>`(
  SELECT ${userRatings.rate} FROM ${userRatings}
  WHERE ${userRatings.companyId} = ${tickets.companyId} AND ${userRatings.ticketId} = ${tickets.id}
  ORDER BY ${userRatings.id} DESC LIMIT 1)`

/** The page's tickets of `companyId`, joined to what presenting them reads. */
const ticketsWithSources = <Query extends PgSelect>(query: Query) =>
  query
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .leftJoin(owner, eq(owner.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(eq(tickets.companyId, companyParam), anyOfIds(tickets.id)))

function loadViewsStatement(db: Executor, name: string) {
  return ticketsWithSources(
    db
      .select({
        ticket: tickets,
        contact: contacts,
        ...ticketSummaries,
        rating: latestRating,
      })
      .from(tickets)
      .$dynamic(),
  ).prepare(name)
}

function loadTicketTagsStatement(db: Executor, name: string) {
  return db
    .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.companyId, companyParam), anyOfIds(ticketTags.ticketId)))
    .orderBy(asc(tags.name), asc(tags.id))
    .prepare(name)
}

/** The tags of the tickets' contacts, found through the tickets. */
function loadContactTagsStatement(db: Executor, name: string) {
  return db
    .selectDistinct({
      contactId: contactTags.contactId,
      id: tags.id,
      name: tags.name,
      color: tags.color,
    })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .innerJoin(
      tickets,
      and(
        eq(tickets.companyId, contactTags.companyId),
        eq(tickets.contactId, contactTags.contactId),
      ),
    )
    .where(and(eq(contactTags.companyId, companyParam), anyOfIds(tickets.id)))
    .orderBy(asc(tags.name), asc(tags.id), asc(contactTags.contactId))
    .prepare(name)
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms))

type Fields = Record<string, AnyPgColumn | SQL>

/**
 * What a column or SQL value becomes inside JSON: timestamps travel as epoch milliseconds,
 * which `new Date` takes far faster than text.
 */
type InJson<T> = T extends Date ? number : T
type JsonFields<T extends Fields> = {
  [K in keyof T]: T[K] extends AnyPgColumn
    ? InJson<GetColumnData<T[K]>>
    : T[K] extends SQL<infer V>
      ? V
      : never
}

/** `floor` drops the microseconds as the driver's own Date parsing does, before 1970 too. */
const inJson = (value: AnyPgColumn | SQL) =>
  is(value, PgTimestamp) ? sql`floor(extract(epoch FROM ${value}) * 1000)` : value

/**
 * A row sent as one JSON array of values, in the order of `layout`'s groups and fields, and
 * read back into those groups. Groups named in `joined` come from left joins: null when their
 * `id` is. (PostgreSQL takes at most 100 arguments per function call.)
 */
function jsonRow<L extends Record<string, Fields>, J extends keyof L>(layout: L, joined: J[]) {
  type Row = { [G in keyof L]: G extends J ? JsonFields<L[G]> | null : JsonFields<L[G]> }
  return {
    sql: sql<unknown[]>`json_build_array(${sql.join(
      Object.values(layout).flatMap((fields) => Object.values(fields).map(inJson)),
      sql`, `,
    )})`,
    read: rowReader(layout, joined as string[]) as (values: unknown[]) => Row,
  }
}

/**
 * A function that reads a row's values into the layout's groups, compiled from the layout as
 * object literals: a page's 40 rows of 45 values read in 0.01 ms, against 0.3 ms in the app
 * when each value was stored under a key taken from a list. The source holds only the
 * layout's own names and positions, never a value.
 */
function rowReader(layout: Record<string, Fields>, joined: string[]) {
  let at = 0
  const groups = Object.entries(layout).map(([name, fields]) => {
    const keys = Object.keys(fields)
    const first = at
    const group = `{${keys.map((key) => `${JSON.stringify(key)}: values[${at++}]`).join(', ')}}`
    const id = `values[${first + keys.indexOf('id')}]`
    const value = joined.includes(name) ? `${id} === null ? null : ${group}` : group
    return `${JSON.stringify(name)}: ${value}`
  })
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- built from the layout only
  return new Function('values', `return { ${groups.join(', ')} }`) as (values: unknown[]) => unknown
}

/** A tag list as JSON in the order every ticket payload uses (name, then id). */
const tagList = (link: SQL) =>
  sql<TagRef[]>`(
    SELECT coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})
                             ORDER BY ${tags.name}, ${tags.id}), '[]')
    FROM ${tags} ${link})`

/**
 * A page's ticket as one JSON array built by PostgreSQL. The driver and drizzle spend about
 * the same on each value whatever its size, so 45 columns of 40 rows cost 1 ms of Node CPU one
 * by one and 0.3 ms as JSON, which JSON.parse reads natively. An array rather than an object:
 * keys double the arguments PostgreSQL formats (0.4 ms more per page) and the text Node parses.
 */
const presentableRow = jsonRow(
  {
    ticket: {
      id: tickets.id,
      uuid: tickets.uuid,
      status: tickets.status,
      channel: tickets.channel,
      contactId: tickets.contactId,
      whatsappId: tickets.whatsappId,
      userId: tickets.userId,
      queueId: tickets.queueId,
      isGroup: tickets.isGroup,
      isBot: tickets.isBot,
      useIntegration: tickets.useIntegration,
      unreadMessages: tickets.unreadMessages,
      lastMessage: tickets.lastMessage,
      lastInboundAt: tickets.lastInboundAt,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
    },
    contact: {
      id: contacts.id,
      companyId: contacts.companyId,
      name: contacts.name,
      number: contacts.number,
      email: contacts.email,
      channel: contacts.channel,
      isGroup: contacts.isGroup,
      active: contacts.active,
      disableBot: contacts.disableBot,
      acceptAudioMessage: contacts.acceptAudioMessage,
      lgpdAcceptedAt: contacts.lgpdAcceptedAt,
      picturePath: contacts.picturePath,
      whatsappId: contacts.whatsappId,
      createdAt: contacts.createdAt,
      updatedAt: contacts.updatedAt,
    },
    ...ticketSummaries,
    more: {
      rating: latestRating,
      tags: tagList(sql`
        JOIN ${ticketTags} ON ${ticketTags.tagId} = ${tags.id}
        WHERE ${ticketTags.companyId} = ${tickets.companyId} AND ${ticketTags.ticketId} = ${tickets.id}`),
      contactTags: tagList(sql`
        JOIN ${contactTags} ON ${contactTags.tagId} = ${tags.id}
        WHERE ${contactTags.companyId} = ${tickets.companyId} AND ${contactTags.contactId} = ${tickets.contactId}`),
    },
  },
  ['connection', 'user', 'queue'],
)

function loadPresentableStatement(db: Executor, name: string) {
  return ticketsWithSources(
    db.select({ values: presentableRow.sql }).from(tickets).$dynamic(),
  ).prepare(name)
}

export type TicketsRepository = ReturnType<typeof ticketsRepository>
