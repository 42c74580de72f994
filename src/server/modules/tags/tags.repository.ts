import { and, asc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import type { Executor } from '@server/db/client'
import { tickets } from '../tickets/tickets.table'
import { contactTags, tags, ticketTags, type TagRow } from './tags.table'
import { escapeLike } from '@server/db/like'

export interface TagFilter {
  search?: string
  kanban?: 0 | 1
}

/** A tag row with how many tickets and contacts carry it. */
export interface TagWithCounts extends TagRow {
  ticketsCount: number
  contactsCount: number
}

export interface TagCursor {
  name: string
  id: number
}

function where(companyId: number, filter: TagFilter): SQL {
  return and(
    eq(tags.companyId, companyId),
    filter.search ? ilike(tags.name, `%${escapeLike(filter.search)}%`) : undefined,
    filter.kanban === undefined ? undefined : eq(tags.kanban, filter.kanban),
  )!
}

// ticket_tags_company_tag_idx and contact_tags_company_tag_idx answer these per-row counts. A
// lane counts the tickets still in play (reference §11): a closed ticket keeps its tag, not its
// place on the board. Written with aliases: in a select list the query builder leaves columns
// unqualified, and "companyId" would name the inner table's on both sides.
const withCounts = {
  ticketsCount: sql<number>`(SELECT count(*)::int FROM ${ticketTags} tt
    JOIN ${tickets} tk ON tk."companyId" = tt."companyId" AND tk."id" = tt."ticketId"
    WHERE tt."companyId" = ${tags}."companyId" AND tt."tagId" = ${tags}."id"
      AND tk."status" <> 'closed')`,
  contactsCount: sql<number>`(SELECT count(*)::int FROM ${contactTags} ct
    WHERE ct."companyId" = ${tags}."companyId" AND ct."tagId" = ${tags}."id")`,
}

export function tagsRepository(db: Executor) {
  return {
    async page(
      companyId: number,
      filter: TagFilter,
      options: { limit: number; offset: number; cursor: TagCursor | null },
    ): Promise<TagWithCounts[]> {
      const after = options.cursor
        ? or(
            gt(tags.name, options.cursor.name),
            and(eq(tags.name, options.cursor.name), gt(tags.id, options.cursor.id)),
          )
        : undefined
      return db
        .select({ ...tagColumns(), ...withCounts })
        .from(tags)
        .where(and(where(companyId, filter), after))
        .orderBy(asc(tags.name), asc(tags.id))
        .limit(options.limit + 1)
        .offset(options.cursor ? 0 : options.offset)
    },

    async count(companyId: number, filter: TagFilter): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(tags)
        .where(where(companyId, filter))
      return row?.total ?? 0
    },

    async all(companyId: number, filter: TagFilter, limit: number): Promise<TagWithCounts[]> {
      return db
        .select({ ...tagColumns(), ...withCounts })
        .from(tags)
        .where(where(companyId, filter))
        .orderBy(asc(tags.name), asc(tags.id))
        .limit(limit)
    },

    async findById(companyId: number, id: number): Promise<TagWithCounts | null> {
      const [row] = await db
        .select({ ...tagColumns(), ...withCounts })
        .from(tags)
        .where(companyRow(tags, companyId, id))
      return row ?? null
    },

    async findByName(companyId: number, name: string, kanban: 0 | 1): Promise<TagRow | null> {
      const [row] = await db
        .select()
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.name, name), eq(tags.kanban, kanban)))
      return row ?? null
    },

    /** Inserts a tag; null when (company, name, kanban) is taken. */
    async insert(
      companyId: number,
      values: { name: string; color: string; kanban: 0 | 1 },
    ): Promise<TagRow | null> {
      const [row] = await db
        .insert(tags)
        .values({ companyId, ...values })
        .onConflictDoNothing({ target: [tags.companyId, tags.name, tags.kanban] })
        .returning()
      return row ?? null
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<{ name: string; color: string; kanban: 0 | 1 }>,
    ): Promise<TagRow | null> {
      const [row] = await db
        .update(tags)
        .set({ ...values, updatedAt: sql`now()` })
        .where(companyRow(tags, companyId, id))
        .returning()
      return row ?? null
    },

    async delete(companyId: number, id: number): Promise<TagRow | null> {
      const [row] = await db
        .delete(tags)
        .where(companyRow(tags, companyId, id))
        .returning()
      return row ?? null
    },

    /** The ids among `ids` that are tags of the company. */
    async existing(companyId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)))
      return rows.map((row) => row.id)
    },

    /** Plain (kanban 0) tags by exact name. */
    async plainByNames(companyId: number, names: string[]): Promise<TagRow[]> {
      if (names.length === 0) return []
      return db
        .select()
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 0), inArray(tags.name, names)))
    },

    /** Holds the ticket's row until the transaction ends: two lane moves of one ticket queue. */
    async lockTicket(companyId: number, ticketId: number): Promise<void> {
      await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
        .for('update')
    },

    /** Removes the ticket from every kanban lane; answers how many links went. */
    async clearLanes(companyId: number, ticketId: number): Promise<number> {
      const removed = await db
        .delete(ticketTags)
        .where(
          and(
            eq(ticketTags.companyId, companyId),
            eq(ticketTags.ticketId, ticketId),
            sql`${ticketTags.tagId} IN (SELECT ${tags.id} FROM ${tags}
              WHERE ${tags.companyId} = ${companyId} AND ${tags.kanban} = 1)`,
          ),
        )
        .returning({ tagId: ticketTags.tagId })
      return removed.length
    },

    async linkTicket(companyId: number, ticketId: number, tagId: number): Promise<void> {
      await db.insert(ticketTags).values({ companyId, ticketId, tagId }).onConflictDoNothing()
    },
  }
}

const tagColumns = () => ({
  id: tags.id,
  companyId: tags.companyId,
  name: tags.name,
  color: tags.color,
  kanban: tags.kanban,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
})

export type TagsRepository = ReturnType<typeof tagsRepository>
