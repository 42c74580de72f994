import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import { contactListItems, contactLists, type ContactListRow } from './contact-lists.table'

/** What a list holds, counted. */
export interface ContactListCounts {
  contactsCount: number
  validCount: number
  invalidCount: number
  uncheckedCount: number
}

export type ContactListWithCounts = ContactListRow & ContactListCounts

const NO_ITEMS: ContactListCounts = {
  contactsCount: 0,
  validCount: 0,
  invalidCount: 0,
  uncheckedCount: 0,
}

export function contactListsRepository(db: Executor) {
  /** Each list's counts, in one grouped statement over the lists' items. */
  async function countsOf(companyId: number, ids: number[]) {
    const counts = new Map<number, ContactListCounts>()
    if (ids.length === 0) return counts
    const rows = await db
      .select({
        contactListId: contactListItems.contactListId,
        contactsCount: count(),
        validCount:
          sql<number>`count(*) filter (where ${contactListItems.isWhatsappValid})`.mapWith(Number),
        invalidCount:
          sql<number>`count(*) filter (where not ${contactListItems.isWhatsappValid})`.mapWith(
            Number,
          ),
        uncheckedCount:
          sql<number>`count(*) filter (where ${contactListItems.isWhatsappValid} is null)`.mapWith(
            Number,
          ),
      })
      .from(contactListItems)
      .where(
        and(
          eq(contactListItems.companyId, companyId),
          inArray(contactListItems.contactListId, ids),
        ),
      )
      .groupBy(contactListItems.contactListId)
    for (const { contactListId, ...row } of rows) counts.set(contactListId, row)
    return counts
  }

  const withCounts = async (
    companyId: number,
    rows: ContactListRow[],
  ): Promise<ContactListWithCounts[]> => {
    const counts = await countsOf(
      companyId,
      rows.map((row) => row.id),
    )
    return rows.map((row) => ({ ...row, ...(counts.get(row.id) ?? NO_ITEMS) }))
  }

  return {
    /** Each list's counts (campaigns show their audience before they start). */
    counts: countsOf,

    /** A page of the company's lists by name, searched by name, and the total. */
    async page(companyId: number, options: { search?: string; limit: number; offset: number }) {
      const where = and(
        eq(contactLists.companyId, companyId),
        options.search ? ilike(contactLists.name, `%${escapeLike(options.search)}%`) : undefined,
      )
      const rows = await db
        .select()
        .from(contactLists)
        .where(where)
        .orderBy(asc(contactLists.name), asc(contactLists.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db.select({ value: count() }).from(contactLists).where(where)
      return { rows: await withCounts(companyId, rows), count: total?.value ?? 0 }
    },

    async all(companyId: number): Promise<ContactListWithCounts[]> {
      const rows = await db
        .select()
        .from(contactLists)
        .where(eq(contactLists.companyId, companyId))
        .orderBy(asc(contactLists.name), asc(contactLists.id))
      return withCounts(companyId, rows)
    },

    async findById(companyId: number, id: number): Promise<ContactListWithCounts | null> {
      const [row] = await db
        .select()
        .from(contactLists)
        .where(companyRow(contactLists, companyId, id))
      return row ? ((await withCounts(companyId, [row]))[0] ?? null) : null
    },

    /** Whether another list of the company has this name, in any case. */
    async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: contactLists.id })
        .from(contactLists)
        .where(
          and(
            eq(contactLists.companyId, companyId),
            sql`lower(${contactLists.name}) = lower(${name})`,
            exceptId ? ne(contactLists.id, exceptId) : undefined,
          ),
        )
        .limit(1)
      return Boolean(row)
    },

    async insert(companyId: number, name: string): Promise<number> {
      const [row] = await db
        .insert(contactLists)
        .values({ companyId, name })
        .returning({ id: contactLists.id })
      if (!row) throw new Error('contact list insert returned nothing')
      return row.id
    },

    /** False when the list is not the company's. */
    async rename(companyId: number, id: number, name: string): Promise<boolean> {
      const rows = await db
        .update(contactLists)
        .set({ name, updatedAt: new Date() })
        .where(companyRow(contactLists, companyId, id))
        .returning({ id: contactLists.id })
      return rows.length > 0
    },

    /** Deletes the list and, by cascade, its items; false when it is not the company's. */
    async remove(companyId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(contactLists)
        .where(companyRow(contactLists, companyId, id))
        .returning({ id: contactLists.id })
      return rows.length > 0
    },
  }
}
