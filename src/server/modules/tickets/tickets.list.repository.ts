import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
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

/** Everything the filter asks but the search text. */
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
  return and(...conditions)!
}

/**
 * Tickets whose contact (name or number) or, when asked, one of whose messages holds the text.
 * `ticket` names the columns of the ticket rows tested.
 */
function searchMatch(
  search: NonNullable<TicketListFilter['search']>,
  ticket: { companyId: SQLWrapper; id: SQLWrapper },
): SQL {
  // Written exactly as contacts_search_trgm_idx and messages_search_trgm_idx are defined.
  const pattern = foldedPattern(search.text)
  const inContact = sql`atende_fold(${contacts.name} || ' ' || ${contacts.number}) LIKE ${pattern}`
  if (!search.inMessages) return inContact
  return or(
    inContact,
    sql`EXISTS (
      SELECT 1 FROM ${messages}
      WHERE ${messages.companyId} = ${ticket.companyId}
        AND ${messages.ticketId} = ${ticket.id}
        AND atende_fold(${messages.body}) LIKE ${pattern})`,
  )!
}

const foldedPattern = (text: string) => sql`'%' || atende_fold(${escapeLike(text)}) || '%'`

/**
 * The same tickets found from the other side: through the trigram indexes of contacts and
 * messages, then joined to tickets. Cheap for rare text, ruinous for common words.
 */
function searchCandidates(companyId: number, search: NonNullable<TicketListFilter['search']>) {
  const pattern = foldedPattern(search.text)
  const hit = alias(tickets, 'hit')
  const byContact = sql`
    SELECT ${hit.id} FROM ${contacts}
    JOIN ${tickets} AS ${hit} ON ${hit.companyId} = ${contacts.companyId} AND ${hit.contactId} = ${contacts.id}
    WHERE ${contacts.companyId} = ${companyId}
      AND atende_fold(${contacts.name} || ' ' || ${contacts.number}) LIKE ${pattern}`
  const byMessage = sql`
    SELECT ${messages.ticketId} FROM ${messages}
    WHERE ${messages.companyId} = ${companyId} AND atende_fold(${messages.body}) LIKE ${pattern}`
  return sql`${tickets.id} IN (${byContact}${search.inMessages ? sql` UNION ${byMessage}` : sql``})`
}

/**
 * How many tickets, in list order, a search first tests one by one. Text found in at least one
 * ticket out of ten fills a search's count (TICKET_SEARCH_COUNT_CAP) within this walk; rarer
 * text is looked up in the indexes, whose cost grows with the number of matches.
 */
const SEARCH_WALK = 1_000

/** The cursor key of a row, with the microseconds JavaScript dates would drop. */
const cursorKey = (updatedAt: SQLWrapper) =>
  sql<string>`to_char(${updatedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

interface PageRequest {
  limit: number
  offset: number
  after: ListCursor | null
}

/** GET /tickets: one page of ids in list order, and the capped count of all matches. */
export function ticketListRepository(db: Executor, searchWalk = SEARCH_WALK) {
  const order = (
    filter: TicketListFilter,
    row: { updatedAt: SQLWrapper; id: SQLWrapper } = tickets,
  ) => {
    const direction = filter.sort === 'ASC' ? asc : desc
    return [direction(row.updatedAt), direction(row.id)]
  }
  const afterCursor = (filter: TicketListFilter, after: ListCursor | null) => {
    if (!after) return undefined
    return filter.sort === 'ASC'
      ? sql`(${tickets.updatedAt}, ${tickets.id}) > (${after.updatedAt}::timestamptz, ${after.id})`
      : sql`(${tickets.updatedAt}, ${tickets.id}) < (${after.updatedAt}::timestamptz, ${after.id})`
  }
  const rows = () =>
    db
      .select({ id: tickets.id, cursor: cursorKey(tickets.updatedAt) })
      .from(tickets)
      .$dynamic()

  /**
   * A search page in two steps. First the next SEARCH_WALK tickets of the list are tested in
   * order: when they hold enough matches, those are the first ones. Otherwise the text is rare,
   * and the trigram indexes name the few candidates, which are then filtered and ordered.
   */
  async function searchPage(filter: TicketListFilter, page: PageRequest) {
    const search = filter.search!
    const wanted = page.offset + page.limit
    // Ordered by the walk's own columns, the matches stream out in list order and the walk
    // stops at the last one needed.
    const walk = db
      .select({
        id: tickets.id,
        companyId: tickets.companyId,
        contactId: tickets.contactId,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .where(and(where(filter), afterCursor(filter, page.after)))
      .orderBy(...order(filter))
      .limit(searchWalk)
      .as('walk')
    const walked = await db
      .select({ id: walk.id, cursor: cursorKey(walk.updatedAt) })
      .from(walk)
      .innerJoin(contacts, eq(contacts.id, walk.contactId))
      .where(searchMatch(search, walk))
      .orderBy(...order(filter, walk))
      .limit(wanted)
    const found =
      walked.length === wanted
        ? walked
        : await rows()
            .where(
              and(
                where(filter),
                afterCursor(filter, page.after),
                searchCandidates(filter.companyId, search),
              ),
            )
            .orderBy(...order(filter))
            .limit(wanted)
    return found.slice(page.offset)
  }

  async function page(filter: TicketListFilter, request: PageRequest) {
    if (filter.search) return searchPage(filter, request)
    return rows()
      .where(and(where(filter), afterCursor(filter, request.after)))
      .orderBy(...order(filter))
      .limit(request.limit)
      .offset(request.offset)
  }

  /** Counting stops at `cap`: a deep list costs no more than `cap` rows. */
  async function count(filter: TicketListFilter, cap: number) {
    if (filter.search)
      return (await searchPage(filter, { limit: cap, offset: 0, after: null })).length
    const capped = db
      .select({ id: tickets.id })
      .from(tickets)
      .where(where(filter))
      .limit(cap)
      .as('capped')
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped)
    return Number(row?.count ?? 0)
  }

  return {
    /**
     * One page of ids in list order and the count of all matches up to `cap`. A search's first
     * pages come out of the matches it counts.
     */
    async pageAndCount(
      filter: TicketListFilter,
      request: PageRequest,
      cap: number,
    ): Promise<{ rows: { id: number; cursor: string }[]; count: number }> {
      if (filter.search && !request.after && request.offset + request.limit <= cap) {
        const matches = await searchPage(filter, { limit: cap, offset: 0, after: null })
        return {
          rows: matches.slice(request.offset, request.offset + request.limit),
          count: matches.length,
        }
      }
      const [found, total] = await Promise.all([page(filter, request), count(filter, cap)])
      return { rows: found, count: total }
    },
  }
}
