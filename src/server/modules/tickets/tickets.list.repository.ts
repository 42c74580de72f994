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
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Scope } from '@shared/tickets/visibility'
import type { Executor } from '@server/db/client'
import { addDays } from '@shared/dates'
import { contacts } from '../contacts/contacts.table'
import { messages } from '../messages/messages.table'
import { contactTags } from '../tags/tags.table'
import type { ListCursor, TicketListFilter } from './tickets.list'
import { tickets } from './tickets.table'

/**
 * A list query is built from its filter's shape: the filter with every value the SQL carries
 * replaced by a placeholder. Two filters of one shape are the same SQL, so each shape is built
 * and rendered once and then run with each call's values (building and rendering the page and
 * count queries took drizzle ~0.4 ms of a list request's ~6 ms of CPU). The builders below see
 * only shapes: no value can steer the SQL.
 */
type Value = Placeholder

type ScopeShape =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'and'; of: ScopeShape[] }
  | { kind: 'or'; of: ScopeShape[] }
  | { kind: 'user'; userId: Value }
  | { kind: 'unassignedOr'; userId: Value }
  | { kind: 'queues'; ids: Value[]; orNull: boolean }
  | { kind: 'hasQueue' }
  | { kind: 'status'; in: Value[] }
  | { kind: 'connection'; id: Value }
  | { kind: 'unread' }

/** A calendar-day bound: midnight of `day` in the company's time zone. */
interface DayShape {
  day: Value
  timeZone: Value
}

interface FilterShape {
  companyId: Value
  visible: ScopeShape
  latestAmong: ScopeShape | null
  tagIds: Value[] | null
  whatsappIds: Value[] | null
  statuses: Value[] | null
  userIds: Value[] | null
  isGroup: Value | null
  /** The LIKE pattern's escaped text. */
  search: { text: Value; inMessages: boolean } | null
  createdFrom: DayShape | null
  createdBefore: DayShape | null
  updatedFrom: DayShape | null
  updatedBefore: DayShape | null
  sort: 'ASC' | 'DESC'
}

interface PageRequest {
  limit: number
  offset: number
  after: ListCursor | null
}

/** Collects a call's values under the placeholders that stand for them, in a fixed order. */
function valueBinder() {
  const values: Record<string, unknown> = {}
  let next = 0
  const bind = (value: unknown): Value => {
    const name = `v${next++}`
    values[name] = value
    return sql.placeholder(name)
  }
  return { values, bind }
}

type Bind = ReturnType<typeof valueBinder>['bind']

function scopeShape(scope: Scope, bind: Bind): ScopeShape {
  switch (scope.kind) {
    case 'and':
    case 'or':
      return { kind: scope.kind, of: scope.of.map((part) => scopeShape(part, bind)) }
    case 'user':
    case 'unassignedOr':
      return { kind: scope.kind, userId: bind(scope.userId) }
    case 'queues':
      return { kind: 'queues', ids: scope.ids.map(bind), orNull: scope.orNull }
    case 'status':
      return { kind: 'status', in: scope.in.map(bind) }
    case 'connection':
      return { kind: 'connection', id: bind(scope.id) }
    case 'all':
    case 'none':
    case 'hasQueue':
    case 'unread':
      return { kind: scope.kind }
  }
}

function filterShape(filter: TicketListFilter, bind: Bind): FilterShape {
  const day = (value: string | null): DayShape | null =>
    value === null ? null : { day: bind(value), timeZone: bind(filter.timeZone) }
  return {
    companyId: bind(filter.companyId),
    visible: scopeShape(filter.visible, bind),
    latestAmong: filter.latestAmong && scopeShape(filter.latestAmong, bind),
    tagIds: filter.tagIds && filter.tagIds.map(bind),
    whatsappIds: filter.whatsappIds && filter.whatsappIds.map(bind),
    statuses: filter.statuses && filter.statuses.map(bind),
    userIds: filter.userIds && filter.userIds.map(bind),
    isGroup: filter.isGroup === null ? null : bind(filter.isGroup),
    search: filter.search && {
      text: bind(escapeLike(filter.search.text)),
      inMessages: filter.search.inMessages,
    },
    createdFrom: day(filter.createdFrom),
    createdBefore: day(filter.createdTo && addDays(filter.createdTo, 1)),
    updatedFrom: day(filter.updatedOn),
    updatedBefore: day(filter.updatedOn && addDays(filter.updatedOn, 1)),
    sort: filter.sort,
  }
}

type ScopeColumns = Record<
  'userId' | 'queueId' | 'status' | 'whatsappId' | 'unreadMessages',
  AnyPgColumn
>

const TRUE = sql`true`
const FALSE = sql`false`

/**
 * A scope as a condition on the ticket columns given (the list's rows, or a correlated alias).
 * `matchesScope` (`@shared/tickets/visibility`) reads the same scope on one ticket in memory.
 */
function condition(scope: ScopeShape, c: ScopeColumns): SQL {
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

/**
 * A scope that limits the whole list to several statuses, as one scope per status (each with
 * the rest of the conditions); any other scope as itself.
 */
function splitByStatus(scope: ScopeShape): ScopeShape[] {
  if (scope.kind !== 'and') return [scope]
  const at = scope.of.findIndex((part) => part.kind === 'status')
  const statuses = at < 0 ? [] : (scope.of[at] as Extract<ScopeShape, { kind: 'status' }>).in
  if (statuses.length < 2) return [scope]
  return statuses.map((status) => ({
    kind: 'and',
    of: scope.of.map((part, index) => (index === at ? { kind: 'status', in: [status] } : part)),
  }))
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** Midnight of a calendar day in the time zone, as a timestamptz. */
const startOfDay = ({ day, timeZone }: DayShape) =>
  sql`((${day})::date::timestamp AT TIME ZONE ${timeZone})`

/** Everything the filter asks but the search text. */
function where(filter: FilterShape): SQL {
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
    conditions.push(sql`${tickets.createdAt} >= ${startOfDay(filter.createdFrom)}`)
  if (filter.createdBefore)
    conditions.push(sql`${tickets.createdAt} < ${startOfDay(filter.createdBefore)}`)
  if (filter.updatedFrom)
    conditions.push(sql`${tickets.updatedAt} >= ${startOfDay(filter.updatedFrom)}`)
  if (filter.updatedBefore)
    conditions.push(sql`${tickets.updatedAt} < ${startOfDay(filter.updatedBefore)}`)
  return and(...conditions)!
}

/**
 * Tickets whose contact (name or number) or, when asked, one of whose messages holds the text.
 * `ticket` names the columns of the ticket rows tested.
 */
function searchMatch(
  search: NonNullable<FilterShape['search']>,
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

const foldedPattern = (text: Value) => sql`'%' || atende_fold(${text}) || '%'`

/**
 * The same tickets found from the other side: through the trigram indexes of contacts and
 * messages, then joined to tickets. Cheap for rare text, ruinous for common words.
 */
function searchCandidates(filter: FilterShape) {
  const search = filter.search!
  const pattern = foldedPattern(search.text)
  const hit = alias(tickets, 'hit')
  const byContact = sql`
    SELECT ${hit.id} FROM ${contacts}
    JOIN ${tickets} AS ${hit} ON ${hit.companyId} = ${contacts.companyId} AND ${hit.contactId} = ${contacts.id}
    WHERE ${contacts.companyId} = ${filter.companyId}
      AND atende_fold(${contacts.name} || ' ' || ${contacts.number}) LIKE ${pattern}`
  const byMessage = sql`
    SELECT ${messages.ticketId} FROM ${messages}
    WHERE ${messages.companyId} = ${filter.companyId} AND atende_fold(${messages.body}) LIKE ${pattern}`
  return sql`${tickets.id} IN (${byContact}${search.inMessages ? sql` UNION ${byMessage}` : sql``})`
}

/**
 * How many tickets, in list order, a search first tests one by one. Text found in at least one
 * ticket out of ten fills a search's count (TICKET_UNBADGED_COUNT_CAP) within this walk; rarer
 * text is looked up in the indexes, whose cost grows with the number of matches.
 */
const SEARCH_WALK = 1_000

/** The cursor key of a row, with the microseconds JavaScript dates would drop. */
const cursorKey = (updatedAt: SQLWrapper) =>
  sql<string>`to_char(${updatedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const order = (filter: FilterShape, row: { updatedAt: SQLWrapper; id: SQLWrapper } = tickets) => {
  const direction = filter.sort === 'ASC' ? asc : desc
  return [direction(row.updatedAt), direction(row.id)]
}

interface CursorShape {
  updatedAt: Value
  id: Value
}

const afterCursor = (filter: FilterShape, after: CursorShape | null) => {
  if (!after) return undefined
  return filter.sort === 'ASC'
    ? sql`(${tickets.updatedAt}, ${tickets.id}) > (${after.updatedAt}::timestamptz, ${after.id})`
    : sql`(${tickets.updatedAt}, ${tickets.id}) < (${after.updatedAt}::timestamptz, ${after.id})`
}

/** The statements of GET /tickets, each a function of shapes only. */
const statements = {
  /** Matches among the next `walk` tickets of the list, in list order, up to `limit`. */
  searchWalk(db: Executor, filter: FilterShape, page: PageShape, walk: number) {
    // Ordered by the walk's own columns, the matches stream out in list order and the walk
    // stops at the last one needed.
    const walked = db
      .select({
        id: tickets.id,
        companyId: tickets.companyId,
        contactId: tickets.contactId,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .where(and(where(filter), afterCursor(filter, page.after)))
      .orderBy(...order(filter))
      .limit(walk)
      .as('walk')
    return db
      .select({ id: walked.id, cursor: cursorKey(walked.updatedAt) })
      .from(walked)
      .innerJoin(contacts, eq(contacts.id, walked.contactId))
      .where(searchMatch(filter.search!, walked))
      .orderBy(...order(filter, walked))
      .limit(page.limit)
  },

  /** Matches named by the trigram indexes, in list order, up to `limit`. */
  searchIndex(db: Executor, filter: FilterShape, page: PageShape) {
    return db
      .select({ id: tickets.id, cursor: cursorKey(tickets.updatedAt) })
      .from(tickets)
      .where(and(where(filter), afterCursor(filter, page.after), searchCandidates(filter)))
      .orderBy(...order(filter))
      .limit(page.limit)
  },

  /**
   * A page in list order, each row with the capped count of the whole list (`countLimit`): one
   * round trip. An empty page carries no count. The tickets themselves are loaded apart, by a
   * statement PostgreSQL plans once: joined in here, planning this statement took 1.4 ms.
   */
  pageAndCount(db: Executor, filter: FilterShape, page: PageShape, countLimit: Value) {
    const counted = statements.count(db, filter, { ...page, limit: countLimit, after: null })
    return db
      .select({
        id: tickets.id,
        cursor: cursorKey(tickets.updatedAt),
        count: sql<number>`(${counted})`,
      })
      .from(tickets)
      .where(and(where(filter), afterCursor(filter, page.after)))
      .orderBy(...order(filter))
      .limit(page.limit)
      .offset(page.offset)
  },

  /**
   * Counting stops at `limit`: a deep list costs no more than that many rows. In list order, so
   * that it walks the list's own index: unordered, the planner may pick a sequential scan that
   * expects the company's rows early in the table and reads half of it. A list of several
   * statuses is counted status by status: only one status at a time walks the index in order
   * (counting all pending and LGPD tickets together sorted all 16,000 of them).
   */
  count(db: Executor, filter: FilterShape, page: PageShape) {
    const capped = (visible: ScopeShape) =>
      db
        .select({ id: tickets.id })
        .from(tickets)
        .where(where({ ...filter, visible }))
        .orderBy(...order(filter))
        .limit(page.limit)
    const [whole, ...more] = splitByStatus(filter.visible)
    if (!more.length)
      return db.select({ count: sql<number>`count(*)::int` }).from(capped(whole!).as('capped'))
    const parts = sql.join(
      [whole!, ...more].map((part) => sql`(${capped(part)})`),
      sql` UNION ALL `,
    )
    return db
      .select({ count: sql<number>`least(count(*), ${page.limit})::int` })
      .from(sql`(${parts}) AS capped`)
  },
}

interface PageShape {
  limit: Value
  offset: Value
  after: CursorShape | null
}

/** Prepared statements kept per shape; a bound on their number keeps odd filters from piling up. */
const MAX_SHAPES = 500

/** GET /tickets: one page of ids in list order, and the capped count of all matches. */
export function ticketListRepository(db: Executor, searchWalk = SEARCH_WALK) {
  const built = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>()

  /**
   * Runs statement `kind` for the filter and page (and, for a page with its count, the count's
   * cap), building it on the first call of a shape.
   */
  async function run<Row>(
    kind: 'pageAndCount' | 'searchWalk' | 'searchIndex' | 'count',
    filter: TicketListFilter,
    page: PageRequest,
    countLimit = 0,
  ): Promise<Row[]> {
    const { values, bind } = valueBinder()
    const filterShaped = filterShape(filter, bind)
    const pageShaped: PageShape = {
      limit: bind(page.limit),
      offset: bind(page.offset),
      after: page.after && { updatedAt: bind(page.after.updatedAt), id: bind(page.after.id) },
    }
    const countShaped = kind === 'pageAndCount' ? bind(countLimit) : null
    const key = JSON.stringify([kind, filterShaped, pageShaped, countShaped])
    let statement = built.get(key)
    if (!statement) {
      if (built.size >= MAX_SHAPES) built.clear()
      const query =
        kind === 'searchWalk'
          ? statements.searchWalk(db, filterShaped, pageShaped, searchWalk)
          : kind === 'pageAndCount'
            ? statements.pageAndCount(db, filterShaped, pageShaped, countShaped!)
            : statements[kind](db, filterShaped, pageShaped)
      // An empty name is the protocol's unnamed statement: PostgreSQL plans it with each call's
      // values, as these plans need (a company's size and a tab's share of it matter).
      statement = query.prepare('')
      built.set(key, statement)
    }
    return (await statement.execute(values)) as Row[]
  }

  type IdRow = { id: number; cursor: string }

  /**
   * A search page in two steps. First the next `searchWalk` tickets of the list are tested in
   * order: when they hold enough matches, those are the first ones. Otherwise the text is rare,
   * and the trigram indexes name the few candidates, which are then filtered and ordered.
   */
  async function searchPage(filter: TicketListFilter, page: PageRequest) {
    const wanted = { limit: page.offset + page.limit, offset: 0, after: page.after }
    const walked = await run<IdRow>('searchWalk', filter, wanted)
    const found =
      walked.length === wanted.limit ? walked : await run<IdRow>('searchIndex', filter, wanted)
    return found.slice(page.offset)
  }

  async function count(filter: TicketListFilter, cap: number) {
    if (filter.search)
      return (await searchPage(filter, { limit: cap, offset: 0, after: null })).length
    const [row] = await run<{ count: number }>('count', filter, {
      limit: cap,
      offset: 0,
      after: null,
    })
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
    ): Promise<{ rows: IdRow[]; count: number }> {
      if (filter.search) {
        if (!request.after && request.offset + request.limit <= cap) {
          const matches = await searchPage(filter, { limit: cap, offset: 0, after: null })
          return {
            rows: matches.slice(request.offset, request.offset + request.limit),
            count: matches.length,
          }
        }
        const [rows, total] = await Promise.all([searchPage(filter, request), count(filter, cap)])
        return { rows, count: total }
      }
      const rows = await run<IdRow & { count: number }>('pageAndCount', filter, request, cap)
      if (rows[0]) return { rows, count: Number(rows[0].count) }
      // An empty first page is an empty list; past the end of one, the list still has a count.
      const past = request.offset > 0 || request.after !== null
      return { rows, count: past ? await count(filter, cap) : 0 }
    },
  }
}
