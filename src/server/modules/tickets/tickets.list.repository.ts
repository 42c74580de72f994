import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client'
import { addDays } from '../../lib/time'
import { contacts } from '../contacts/contacts.table'
import { messages } from '../messages/messages.table'
import { contactTags } from '../tags/tags.table'
import type { ListCursor, Scope, TicketListFilter } from './tickets.list'
import { tickets } from './tickets.table'

type ScopeColumns = Record<
  'userId' | 'queueId' | 'status' | 'whatsappId' | 'unreadMessages',
  AnyPgColumn
>

const TRUE = sql`true`
const FALSE = sql`false`

/** A Scope as a condition on the ticket columns given (the list's rows, or a correlated alias). */
function condition(scope: Scope, c: ScopeColumns): SQL {
  switch (scope.kind) {
    case 'all':
      return TRUE
    case 'none':
      return FALSE
    case 'and':
      return and(...scope.of.map((part) => condition(part, c))) ?? TRUE
    case 'or':
      return or(...scope.of.map((part) => condition(part, c))) ?? FALSE
    case 'user':
      return eq(c.userId, scope.userId)
    case 'unassignedOr':
      return or(isNull(c.userId), eq(c.userId, scope.userId))!
    case 'queues': {
      if (scope.ids.length === 0) return scope.orNull ? isNull(c.queueId) : FALSE
      const listed = inArray(c.queueId, scope.ids)
      return scope.orNull ? or(listed, isNull(c.queueId))! : listed
    }
    case 'hasQueue':
      return isNotNull(c.queueId)
    case 'status':
      return scope.in.length ? inArray(c.status, scope.in) : FALSE
    case 'connection':
      return eq(c.whatsappId, scope.id)
    case 'unread':
      return gt(c.unreadMessages, 0)
  }
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** Midnight of a calendar day in the time zone, as a timestamptz. */
const startOfDay = (day: string, timeZone: string) =>
  sql`((${day})::date::timestamp AT TIME ZONE ${timeZone})`

function where(filter: TicketListFilter): SQL {
  const later = alias(tickets, 'later')
  const conditions: (SQL | undefined)[] = [
    eq(tickets.companyId, filter.companyId),
    condition(filter.visible, tickets),
  ]
  if (filter.latestAmong) {
    // tickets_company_contact_idx (companyId, contactId, whatsappId, id) answers this probe.
    conditions.push(sql`NOT EXISTS (
      SELECT 1 FROM ${tickets} AS ${later}
      WHERE ${later.companyId} = ${tickets.companyId}
        AND ${later.contactId} = ${tickets.contactId}
        AND ${later.whatsappId} IS NOT DISTINCT FROM ${tickets.whatsappId}
        AND ${later.id} > ${tickets.id}
        AND ${condition(filter.latestAmong, later)})`)
  }
  if (filter.tagIds)
    conditions.push(sql`EXISTS (
      SELECT 1 FROM ${contactTags}
      WHERE ${contactTags.companyId} = ${tickets.companyId}
        AND ${contactTags.contactId} = ${tickets.contactId}
        AND ${filter.tagIds.length ? inArray(contactTags.tagId, filter.tagIds) : FALSE})`)
  if (filter.whatsappIds)
    conditions.push(
      filter.whatsappIds.length ? inArray(tickets.whatsappId, filter.whatsappIds) : FALSE,
    )
  if (filter.statuses)
    conditions.push(filter.statuses.length ? inArray(tickets.status, filter.statuses) : FALSE)
  if (filter.userIds)
    conditions.push(filter.userIds.length ? inArray(tickets.userId, filter.userIds) : FALSE)
  if (filter.isGroup !== null) conditions.push(eq(tickets.isGroup, filter.isGroup))
  if (filter.createdFrom)
    conditions.push(sql`${tickets.createdAt} >= ${startOfDay(filter.createdFrom, filter.timeZone)}`)
  if (filter.createdTo)
    conditions.push(
      sql`${tickets.createdAt} < ${startOfDay(addDays(filter.createdTo, 1), filter.timeZone)}`,
    )
  if (filter.updatedOn)
    conditions.push(
      sql`${tickets.updatedAt} >= ${startOfDay(filter.updatedOn, filter.timeZone)}`,
      sql`${tickets.updatedAt} < ${startOfDay(addDays(filter.updatedOn, 1), filter.timeZone)}`,
    )
  if (filter.search) {
    // Written exactly as contacts_search_trgm_idx and messages_search_trgm_idx are defined.
    const pattern = sql`'%' || atende_fold(${escapeLike(filter.search.text)}) || '%'`
    const inContact = sql`atende_fold(${contacts.name} || ' ' || ${contacts.number}) LIKE ${pattern}`
    const inMessages = sql`EXISTS (
      SELECT 1 FROM ${messages}
      WHERE ${messages.companyId} = ${tickets.companyId}
        AND ${messages.ticketId} = ${tickets.id}
        AND atende_fold(${messages.body}) LIKE ${pattern})`
    conditions.push(filter.search.inMessages ? or(inContact, inMessages) : inContact)
  }
  return and(...conditions)!
}

/** The cursor key of a row, with the microseconds JavaScript dates would drop. */
const cursorKey = sql<string>`to_char(${tickets.updatedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** GET /tickets: one page of ids in list order, and the capped count of all matches. */
export function ticketListRepository(db: Executor) {
  return {
    async page(
      filter: TicketListFilter,
      page: { limit: number; offset: number; after: ListCursor | null },
    ): Promise<{ id: number; cursor: string }[]> {
      const direction = filter.sort === 'ASC' ? asc : desc
      const after = page.after
        ? filter.sort === 'ASC'
          ? sql`(${tickets.updatedAt}, ${tickets.id}) > (${page.after.updatedAt}::timestamptz, ${page.after.id})`
          : sql`(${tickets.updatedAt}, ${tickets.id}) < (${page.after.updatedAt}::timestamptz, ${page.after.id})`
        : undefined
      return db
        .select({ id: tickets.id, cursor: cursorKey })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(where(filter), after))
        .orderBy(direction(tickets.updatedAt), direction(tickets.id))
        .limit(page.limit)
        .offset(page.offset)
    },

    /** Counting stops at `cap`: a deep list costs no more than `cap` rows. */
    async count(filter: TicketListFilter, cap: number): Promise<number> {
      const matching = db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(where(filter))
        .limit(cap)
        .as('matching')
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching)
      return Number(row?.count ?? 0)
    },
  }
}
