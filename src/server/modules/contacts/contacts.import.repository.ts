import { and, asc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm'
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
      values: Pick<ContactImportJobRow, 'userId' | 'source' | 'total' | 'validate' | 'onlyNew'>,
    ): Promise<ContactImportJobRow> {
      const [row] = await db
        .insert(contactImportJobs)
        .values({ companyId, ...values })
        .returning()
      return row!
    },

    /**
     * One statement from column arrays. Built row by row (10 parameters a row), 50,000 rows
     * took the embedded database 4–4.7 s; from column arrays, 1.1 s.
     */
    async insertRows(companyId: number, importId: number, rows: NewImportRow[]): Promise<void> {
      if (rows.length === 0) return
      const column = <T>(pick: (row: NewImportRow) => T) => sql.param(rows.map(pick))
      await db.execute(sql`
        INSERT INTO ${contactImportRows} ("companyId", "importId", "row", "name", "number",
          "email", "tagNames", "status", "reason", "contactId")
        SELECT ${companyId}, ${importId}, "row", "name", "number", "email", "tagNames"::jsonb,
          "status", "reason", "contactId"
        FROM unnest(
          ${column((row) => row.row)}::int[],
          ${column((row) => row.name)}::text[],
          ${column((row) => row.number)}::text[],
          ${column((row) => row.email)}::text[],
          ${column((row) => JSON.stringify(row.tagNames))}::text[],
          ${column((row) => row.status)}::text[],
          ${column((row) => row.reason)}::text[],
          ${column((row) => row.contactId ?? null)}::int[]
        ) AS row("row", "name", "number", "email", "tagNames", "status", "reason", "contactId")`)
    },

    /**
     * The next rows without an outcome after `afterRow`, in source order. A run passes the last
     * row it applied, so each chunk starts where the last one ended instead of walking past
     * every row done before it.
     */
    pendingRows(
      companyId: number,
      importId: number,
      afterRow: number,
      limit: number,
    ): Promise<ContactImportRow[]> {
      return db
        .select()
        .from(contactImportRows)
        .where(
          and(
            eq(contactImportRows.companyId, companyId),
            eq(contactImportRows.importId, importId),
            gt(contactImportRows.row, afterRow),
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

    /**
     * Sets the job's counters from its rows' outcomes (exact after a crash, whatever ran), in
     * one pass over the rows. It runs after every chunk: with a count per counter, 50,000 rows
     * took the embedded database 70–100 ms each time, in one pass 17–30 ms.
     */
    async refreshCounts(companyId: number, importId: number): Promise<ContactImportJobRow | null> {
      const { status } = contactImportRows
      const counts = db
        .select({
          done: sql<number>`count(*) FILTER (WHERE ${status} IS NOT NULL)::int`.as('done'),
          ofCreated: sql<number>`count(*) FILTER (WHERE ${status} = 'created')::int`.as(
            'ofCreated',
          ),
          ofUpdated: sql<number>`count(*) FILTER (WHERE ${status} = 'updated')::int`.as(
            'ofUpdated',
          ),
          ofSkipped: sql<number>`count(*) FILTER (WHERE ${status} = 'skipped')::int`.as(
            'ofSkipped',
          ),
        })
        .from(contactImportRows)
        .where(
          and(eq(contactImportRows.companyId, companyId), eq(contactImportRows.importId, importId)),
        )
        .as('counts')
      const [row] = await db
        .update(contactImportJobs)
        .set({
          processed: sql`${counts.done}`,
          created: sql`${counts.ofCreated}`,
          updated: sql`${counts.ofUpdated}`,
          skipped: sql`${counts.ofSkipped}`,
        })
        .from(counts)
        .where(companyRow(contactImportJobs, companyId, importId))
        .returning(getTableColumns(contactImportJobs))
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

    /** Imports of every company that have not finished (the resume sweep). */
    running(): Promise<ContactImportJobRow[]> {
      return db.select().from(contactImportJobs).where(eq(contactImportJobs.status, 'running'))
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
