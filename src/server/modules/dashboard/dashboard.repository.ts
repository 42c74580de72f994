import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { contacts } from '../contacts/contacts.table'
import { tickets, ticketTrackings, userRatings } from '../tickets/tickets.table'
import { users } from '../users/users.table'

/** Whole days `from`..`to` (YYYY-MM-DD, inclusive) in `timeZone`. */
export interface Period {
  from: string
  to: string
  timeZone: string
}

/** The period's bounds as instants: from `from` 00:00 up to (not including) the day after `to`. */
const bounds = ({ from, to, timeZone }: Period) => ({
  start: sql`(${from}::date)::timestamp AT TIME ZONE ${timeZone}`,
  stop: sql`((${to}::date) + 1)::timestamp AT TIME ZONE ${timeZone}`,
})

const minutes = (later: unknown, earlier: unknown) =>
  sql`EXTRACT(EPOCH FROM (${later} - ${earlier})) / 60`

/**
 * The dashboard's SQL (reference §13; the definitions are in docs/dashboard.md). An attendance
 * is a tracking row: one cycle of a ticket from its opening (or reopening) to its close; the
 * period selects attendances by when they began, ratings and contacts by when they were made.
 */
export function dashboardRepository(db: Executor) {
  // Both drivers answer a result with its rows.
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows

  return {
    async counters(companyId: number, period: Period) {
      const { start, stop } = bounds(period)
      const waitFrom = sql`COALESCE(tr."queuedAt", tr."createdAt")`
      const [row] = await rowsOf<Record<string, number>>(sql`
        WITH attendances AS (
          SELECT tr.*, t."status" AS "ticketStatus", t."isActiveDemand"
          FROM ${ticketTrackings} tr
          JOIN ${tickets} t ON t."companyId" = tr."companyId" AND t."id" = tr."ticketId"
          WHERE tr."companyId" = ${companyId} AND tr."createdAt" >= ${start} AND tr."createdAt" < ${stop}
        )
        SELECT
          (SELECT count(*) FROM ${tickets} WHERE "companyId" = ${companyId} AND "status" = 'open')::int AS "supportHappening",
          (SELECT count(*) FROM ${tickets} WHERE "companyId" = ${companyId} AND "status" = 'pending')::int AS "supportPending",
          (SELECT count(*) FROM ${contacts} WHERE "companyId" = ${companyId} AND NOT "isGroup"
             AND "createdAt" >= ${start} AND "createdAt" < ${stop})::int AS "leads",
          count(*) FILTER (WHERE tr."finishedAt" IS NOT NULL)::int AS "supportFinished",
          count(DISTINCT tr."ticketId") FILTER (WHERE tr."ticketStatus" = 'group')::int AS "supportGroups",
          count(*) FILTER (WHERE tr."isActiveDemand")::int AS "activeTickets",
          count(*) FILTER (WHERE NOT tr."isActiveDemand")::int AS "passiveTickets",
          COALESCE(avg(${minutes(sql`tr."finishedAt"`, sql`tr."startedAt"`)})
            FILTER (WHERE tr."finishedAt" > tr."startedAt"), 0)::float8 AS "avgSupportTime",
          COALESCE(avg(${minutes(sql`tr."startedAt"`, waitFrom)})
            FILTER (WHERE tr."startedAt" > ${waitFrom}), 0)::float8 AS "avgWaitTime",
          count(*) FILTER (WHERE tr."finishedAt" IS NULL AND tr."ticketStatus" = 'nps')::int AS "waitRating",
          count(*) FILTER (WHERE tr."finishedAt" IS NOT NULL AND tr."rated")::int AS "withRating",
          count(*) FILTER (WHERE tr."finishedAt" IS NOT NULL AND NOT tr."rated")::int AS "withoutRating"
        FROM attendances tr`)
      return row!
    },

    /** The period's ratings by NPS group (0–10: promoters 9–10, passives 7–8, detractors 0–6). */
    async ratings(companyId: number, period: Period) {
      const { start, stop } = bounds(period)
      const [row] = await rowsOf<{ promoters: number; passives: number; detractors: number }>(sql`
        SELECT
          count(*) FILTER (WHERE "rate" >= 9)::int AS "promoters",
          count(*) FILTER (WHERE "rate" BETWEEN 7 AND 8)::int AS "passives",
          count(*) FILTER (WHERE "rate" <= 6)::int AS "detractors"
        FROM ${userRatings}
        WHERE "companyId" = ${companyId} AND "createdAt" >= ${start} AND "createdAt" < ${stop}`)
      return row!
    },

    /** Every user of the company with his attendances and ratings of the period. */
    async attendants(companyId: number, period: Period) {
      const { start, stop } = bounds(period)
      const waitFrom = sql`COALESCE(tr."queuedAt", tr."createdAt")`
      return rowsOf<{
        id: number
        name: string
        online: boolean
        tickets: number
        avgWaitTime: number
        avgSupportTime: number
        rating: number
        countRating: number
      }>(sql`
        SELECT u."id", u."name", u."online",
          COALESCE(a."tickets", 0)::int AS "tickets",
          COALESCE(a."avgWaitTime", 0)::float8 AS "avgWaitTime",
          COALESCE(a."avgSupportTime", 0)::float8 AS "avgSupportTime",
          COALESCE(r."rating", 0)::float8 AS "rating",
          COALESCE(r."countRating", 0)::int AS "countRating"
        FROM ${users} u
        LEFT JOIN (
          SELECT tr."userId", count(*) AS "tickets",
            avg(${minutes(sql`tr."startedAt"`, waitFrom)})
              FILTER (WHERE tr."startedAt" > ${waitFrom}) AS "avgWaitTime",
            avg(${minutes(sql`tr."finishedAt"`, sql`tr."startedAt"`)})
              FILTER (WHERE tr."finishedAt" > tr."startedAt") AS "avgSupportTime"
          FROM ${ticketTrackings} tr
          WHERE tr."companyId" = ${companyId} AND tr."createdAt" >= ${start} AND tr."createdAt" < ${stop}
            AND tr."userId" IS NOT NULL
          GROUP BY tr."userId"
        ) a ON a."userId" = u."id"
        LEFT JOIN (
          SELECT "userId", round(avg("rate"), 2) AS "rating", count(*) AS "countRating"
          FROM ${userRatings}
          WHERE "companyId" = ${companyId} AND "createdAt" >= ${start} AND "createdAt" < ${stop}
            AND "userId" IS NOT NULL
          GROUP BY "userId"
        ) r ON r."userId" = u."id"
        WHERE u."companyId" = ${companyId}
        ORDER BY u."name", u."id"`)
    },

    /** Attendances begun in the period per attendant, every attendant listed. */
    async perUser(companyId: number, period: Period) {
      const { start, stop } = bounds(period)
      return rowsOf<{ nome: string; quantidade: number }>(sql`
        SELECT u."name" AS "nome", count(tr."id")::int AS "quantidade"
        FROM ${users} u
        LEFT JOIN ${ticketTrackings} tr ON tr."companyId" = u."companyId" AND tr."userId" = u."id"
          AND tr."createdAt" >= ${start} AND tr."createdAt" < ${stop}
        WHERE u."companyId" = ${companyId}
        GROUP BY u."id", u."name"
        ORDER BY "quantidade" DESC, u."name"`)
    },

    /** Tickets created in the period, per hour of the day or per day in the time zone. */
    async perDay(companyId: number, period: Period, bucket: 'hour' | 'day') {
      const { start, stop } = bounds(period)
      const local = sql`(t."createdAt" AT TIME ZONE ${period.timeZone})`
      const label =
        bucket === 'hour' ? sql`to_char(${local}, 'HH24')` : sql`to_char(${local}, 'DD/MM/YYYY')`
      return rowsOf<{ label: string; total: number }>(sql`
        SELECT ${label} AS "label", count(*)::int AS "total"
        FROM ${tickets} t
        WHERE t."companyId" = ${companyId} AND t."createdAt" >= ${start} AND t."createdAt" < ${stop}
        GROUP BY 1
        ORDER BY min(${local})`)
    },
  }
}
