import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import type { Executor } from '@server/db/client'
import {
  contactImportJobs,
  contactImportRows,
  type ContactImportJobRow,
  type ContactImportRow,
} from './contacts.table'

/** A row of an import as stored before it runs: ready to apply, or already skipped. */
export type NewImportRow = Omit<ContactImportRow, 'companyId' | 'importId' | 'contactId'> & {
  contactId?: number | null
}

/** A row's outcome. */
export type ImportRowOutcome = Pick<ContactImportRow, 'status' | 'reason' | 'contactId'> & {
  status: NonNullable<ContactImportRow['status']>
  /** The number as applied (WhatsApp's spelling after a check). */
  number?: string
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1_000

/** Contact imports and their rows (contacts.import.ts). */
export function contactImportRepository(db: Executor) {
  const rowWhere = (companyId: number, importId: number, row: number) =>
    and(
      eq(contactImportRows.companyId, companyId),
      eq(contactImportRows.importId, importId),
      eq(contactImportRows.row, row),
    )

  return {
    async createJob(
      companyId: number,
      values: { userId: number; source: ContactImportJobRow['source']; total: number },
    ): Promise<ContactImportJobRow> {
      const [row] = await db
        .insert(contactImportJobs)
        .values({ companyId, ...values })
        .returning()
      return row!
    },

    async insertRows(companyId: number, importId: number, rows: NewImportRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await db
          .insert(contactImportRows)
          .values(
            rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, companyId, importId })),
          )
      }
    },

    /** The next rows without an outcome, in source order. */
    pendingRows(companyId: number, importId: number, limit: number): Promise<ContactImportRow[]> {
      return db
        .select()
        .from(contactImportRows)
        .where(
          and(
            eq(contactImportRows.companyId, companyId),
            eq(contactImportRows.importId, importId),
            isNull(contactImportRows.status),
          ),
        )
        .orderBy(asc(contactImportRows.row))
        .limit(limit)
    },

    /**
     * Locks a row for the transaction that applies it; false when it has an outcome already
     * (another run applied it before this one got the lock).
     */
    async claimRow(companyId: number, importId: number, row: number): Promise<boolean> {
      const [found] = await db
        .select({ status: contactImportRows.status })
        .from(contactImportRows)
        .where(rowWhere(companyId, importId, row))
        .for('update')
      return found?.status === null
    },

    /** Writes a row's outcome unless it has one. */
    async recordOutcome(
      companyId: number,
      importId: number,
      row: number,
      outcome: ImportRowOutcome,
    ): Promise<void> {
      await db
        .update(contactImportRows)
        .set({
          status: outcome.status,
          reason: outcome.reason ?? null,
          contactId: outcome.contactId ?? null,
          ...(outcome.number ? { number: outcome.number } : {}),
        })
        .where(and(rowWhere(companyId, importId, row), isNull(contactImportRows.status)))
    },

    /** Sets the job's counters from its rows' outcomes (exact after a crash, whatever ran). */
    async refreshCounts(companyId: number, importId: number): Promise<ContactImportJobRow | null> {
      const count = (status: 'created' | 'updated' | 'skipped' | null) =>
        sql<number>`(SELECT count(*)::int FROM ${contactImportRows} r
          WHERE r."companyId" = ${companyId} AND r."importId" = ${importId}
          AND ${status === null ? sql`r."status" IS NOT NULL` : sql`r."status" = ${status}`})`
      const [row] = await db
        .update(contactImportJobs)
        .set({
          processed: count(null),
          created: count('created'),
          updated: count('updated'),
          skipped: count('skipped'),
        })
        .where(companyRow(contactImportJobs, companyId, importId))
        .returning()
      return row ?? null
    },

    /** Ends a running job; null when it had ended already (a second run got there first). */
    async finishJob(
      companyId: number,
      id: number,
      outcome: { error?: string },
    ): Promise<ContactImportJobRow | null> {
      const [row] = await db
        .update(contactImportJobs)
        .set({
          status: outcome.error ? 'failed' : 'done',
          error: outcome.error ?? null,
          finishedAt: sql`now()`,
        })
        .where(
          and(
            companyRow(contactImportJobs, companyId, id),
            eq(contactImportJobs.status, 'running'),
          ),
        )
        .returning()
      return row ?? null
    },

    async findJob(companyId: number, id: number): Promise<ContactImportJobRow | null> {
      const [row] = await db
        .select()
        .from(contactImportJobs)
        .where(companyRow(contactImportJobs, companyId, id))
      return row ?? null
    },

    /** The rows that have an outcome, in source order (the job's detail). */
    results(companyId: number, importId: number): Promise<ContactImportRow[]> {
      return db
        .select()
        .from(contactImportRows)
        .where(
          and(
            eq(contactImportRows.companyId, companyId),
            eq(contactImportRows.importId, importId),
            sql`${contactImportRows.status} IS NOT NULL`,
          ),
        )
        .orderBy(asc(contactImportRows.row))
    },
  }
}
