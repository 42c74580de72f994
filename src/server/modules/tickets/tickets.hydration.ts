import { and, eq, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core'
import type { TagRef } from '@shared/contracts/contacts'
import type { Executor } from '@server/db/client'
import { jsonRow } from '@server/db/json-row'
import { prepared } from '@server/db/prepared'
import { connections } from '../connections/connections.table'
import type { PresentableContact } from '../contacts/contacts.presenter'
import { contacts, type ContactRow } from '../contacts/contacts.table'
import { queues } from '../queues/queues.table'
import { contactTags, tags, ticketTags } from '../tags/tags.table'
import { users } from '../users/users.table'
import { tickets, userRatings, type TicketRow } from './tickets.table'

/**
 * Only what presentTicket reads: lists and single reads load these columns, not whole rows
 * (reading ~90 columns per row was about a fifth of a list request's CPU).
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
 * Loading what ticket payloads are drawn from, for any page of ids in a fixed number of prepared
 * statements (ARCHITECTURE.md, "Hot reads are prepared statements"). The tickets repository
 * offers these loaders as its own.
 */
export function ticketHydration(db: Executor) {
  return {
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

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms))

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
