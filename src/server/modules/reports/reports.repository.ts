import { sql, type SQL } from 'drizzle-orm'
import { addDays } from '@shared/dates'
import type { Executor } from '@server/db/client'
import { escapeLike } from '@server/db/like'
import { connections } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { queues } from '../queues/queues.table'
import { tickets, ticketTrackings, userRatings } from '../tickets/tickets.table'
import { users } from '../users/users.table'

/** A report request as the repository runs it. */
export interface ReportFilter {
  companyId: number
  timeZone: string
  search: string | null
  contactId: number | null
  whatsappIds: number[] | null
  userIds: number[] | null
  /** 0 selects tickets without a queue. */
  queueIds: number[] | null
  statuses: string[] | null
  /** Whole days (YYYY-MM-DD) in `timeZone`, both included. */
  dateFrom: string | null
  dateTo: string | null
  onlyRated: boolean
}

/** A ticket of the report with its latest attendance and rating, times in the company's zone. */
export interface ReportRecord {
  id: number
  uuid: string
  whatsappName: string | null
  contactName: string
  userName: string | null
  queueName: string | null
  lastMessage: string
  status: string
  /** The ticket's creation in UTC with microseconds: where the next keyset page starts. */
  cursorAt: string
  begunAt: string
  endedAt: string | null
  /** Seconds from the attendance's beginning to its rating or end; null while it runs. */
  supportSeconds: number | null
  rate: number | null
}

/** Where the next keyset page starts: the last row's (createdAt with microseconds, id). */
export interface ReportCursor {
  cursorAt: string
  id: number
}

const latestRating = sql`(SELECT r."rate" FROM ${userRatings} r
  WHERE r."companyId" = t."companyId" AND r."ticketId" = t."id" ORDER BY r."id" DESC LIMIT 1)`

function whereOf(filter: ReportFilter): SQL {
  const conditions: SQL[] = [sql`t."companyId" = ${filter.companyId}`]
  const midnight = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE ${filter.timeZone}`
  if (filter.dateFrom) conditions.push(sql`t."createdAt" >= ${midnight(filter.dateFrom)}`)
  if (filter.dateTo) conditions.push(sql`t."createdAt" < ${midnight(addDays(filter.dateTo, 1))}`)
  if (filter.contactId !== null) conditions.push(sql`t."contactId" = ${filter.contactId}`)
  if (filter.whatsappIds)
    conditions.push(sql`t."whatsappId" = ANY(${sql.param(filter.whatsappIds)}::int[])`)
  if (filter.userIds) conditions.push(sql`t."userId" = ANY(${sql.param(filter.userIds)}::int[])`)
  if (filter.statuses) conditions.push(sql`t."status" = ANY(${sql.param(filter.statuses)}::text[])`)
  if (filter.queueIds) {
    const withoutQueue = filter.queueIds.includes(0)
    conditions.push(
      sql`(t."queueId" = ANY(${sql.param(filter.queueIds)}::int[])${withoutQueue ? sql` OR t."queueId" IS NULL` : sql``})`,
    )
  }
  if (filter.onlyRated)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${userRatings} r WHERE r."companyId" = t."companyId" AND r."ticketId" = t."id")`,
    )
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`
    const asId = /^\d{1,9}$/.test(filter.search)
      ? sql` OR t."id" = ${Number(filter.search)}`
      : sql``
    conditions.push(
      sql`(EXISTS (SELECT 1 FROM ${contacts} s WHERE s."companyId" = t."companyId" AND s."id" = t."contactId"
        AND (s."name" ILIKE ${pattern} OR s."number" LIKE ${pattern}))${asId})`,
    )
  }
  return sql.join(conditions, sql` AND `)
}

/**
 * The report's SQL (reference §12 "Build it right"): parameterised, the company first, the
 * same filters for the rows and their total.
 */
export function reportsRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows

  async function rows(
    filter: ReportFilter,
    page: { limit: number; offset: number; after: ReportCursor | null },
  ): Promise<ReportRecord[]> {
    const local = (column: SQL) =>
      sql`to_char(${column} AT TIME ZONE ${filter.timeZone}, 'DD/MM/YYYY HH24:MI')`
    const after = page.after
      ? sql` AND (t."createdAt", t."id") < (${page.after.cursorAt}::timestamptz, ${page.after.id})`
      : sql``
    return rowsOf<ReportRecord>(sql`
      SELECT t."id", t."uuid", w."name" AS "whatsappName", c."name" AS "contactName",
        u."name" AS "userName", q."name" AS "queueName", t."lastMessage", t."status",
        to_char(t."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt",
        ${local(sql`COALESCE(tr."createdAt", t."createdAt")`)} AS "begunAt",
        CASE WHEN tr."finishedAt" IS NULL THEN NULL ELSE ${local(sql`tr."finishedAt"`)} END AS "endedAt",
        EXTRACT(EPOCH FROM (COALESCE(tr."ratingAt", tr."finishedAt") - tr."createdAt"))::float8 AS "supportSeconds",
        ${latestRating} AS "rate"
      FROM ${tickets} t
      JOIN ${contacts} c ON c."companyId" = t."companyId" AND c."id" = t."contactId"
      LEFT JOIN ${connections} w ON w."id" = t."whatsappId"
      LEFT JOIN ${users} u ON u."id" = t."userId"
      LEFT JOIN ${queues} q ON q."id" = t."queueId"
      LEFT JOIN LATERAL (
        SELECT * FROM ${ticketTrackings} x
        WHERE x."companyId" = t."companyId" AND x."ticketId" = t."id"
        ORDER BY x."id" DESC LIMIT 1
      ) tr ON true
      WHERE ${whereOf(filter)}${after}
      ORDER BY t."createdAt" DESC, t."id" DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`)
  }

  return {
    rows,

    async count(filter: ReportFilter): Promise<number> {
      const [row] = await rowsOf<{ total: number }>(
        sql`SELECT count(*)::int AS "total" FROM ${tickets} t WHERE ${whereOf(filter)}`,
      )
      return row?.total ?? 0
    },

    /** Every row of the report, a keyset batch at a time (the export). */
    async *batches(filter: ReportFilter, size: number): AsyncGenerator<ReportRecord[]> {
      let after: ReportCursor | null = null
      for (;;) {
        const batch = await rows(filter, { limit: size, offset: 0, after })
        if (batch.length > 0) yield batch
        if (batch.length < size) return
        const last = batch.at(-1)!
        after = { cursorAt: last.cursorAt, id: last.id }
      }
    },
  }
}
