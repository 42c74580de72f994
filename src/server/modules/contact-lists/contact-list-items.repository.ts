import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import { contactListItems, type ContactListItemRow } from './contact-lists.table'

export interface ContactListItemValues {
  name: string
  number: string
  email: string
}

/** Rows of one insert statement: well under PostgreSQL's 65,535 bound parameters. */
const INSERT_CHUNK = 1_000

const ofList = (companyId: number, contactListId: number) =>
  and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId))

export function contactListItemsRepository(db: Executor) {
  return {
    /** A page of a list's items by name, searched in name and number, and the total. */
    async page(
      companyId: number,
      contactListId: number,
      options: { search?: string; limit: number; offset: number },
    ) {
      const pattern = options.search ? `%${escapeLike(options.search)}%` : null
      const where = and(
        ofList(companyId, contactListId),
        pattern
          ? or(ilike(contactListItems.name, pattern), ilike(contactListItems.number, pattern))
          : undefined,
      )
      const rows = await db
        .select()
        .from(contactListItems)
        .where(where)
        .orderBy(asc(contactListItems.name), asc(contactListItems.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db.select({ value: count() }).from(contactListItems).where(where)
      return { rows, count: total?.value ?? 0 }
    },

    async all(companyId: number, contactListId: number): Promise<ContactListItemRow[]> {
      return db
        .select()
        .from(contactListItems)
        .where(ofList(companyId, contactListId))
        .orderBy(asc(contactListItems.name), asc(contactListItems.id))
    },

    async findById(companyId: number, id: number): Promise<ContactListItemRow | null> {
      const [row] = await db
        .select()
        .from(contactListItems)
        .where(companyRow(contactListItems, companyId, id))
      return row ?? null
    },

    async findByNumber(
      companyId: number,
      contactListId: number,
      number: string,
    ): Promise<ContactListItemRow | null> {
      const [row] = await db
        .select()
        .from(contactListItems)
        .where(and(ofList(companyId, contactListId), eq(contactListItems.number, number)))
      return row ?? null
    },

    /** Inserts the item unless the list has its number: null then. */
    async insert(
      companyId: number,
      contactListId: number,
      values: ContactListItemValues,
    ): Promise<ContactListItemRow | null> {
      const [row] = await db
        .insert(contactListItems)
        .values({ ...values, companyId, contactListId })
        .onConflictDoNothing()
        .returning()
      return row ?? null
    },

    /** Inserts the items whose numbers the list lacks; answers how many were added. */
    async insertMany(
      companyId: number,
      contactListId: number,
      items: ContactListItemValues[],
    ): Promise<number> {
      let added = 0
      for (let start = 0; start < items.length; start += INSERT_CHUNK) {
        const rows = await db
          .insert(contactListItems)
          .values(
            items
              .slice(start, start + INSERT_CHUNK)
              .map((item) => ({ ...item, companyId, contactListId })),
          )
          .onConflictDoNothing()
          .returning({ id: contactListItems.id })
        added += rows.length
      }
      return added
    },

    /** A changed number is not checked yet. Null when the item is not the company's. */
    async update(
      companyId: number,
      id: number,
      values: ContactListItemValues,
      numberChanged: boolean,
    ): Promise<ContactListItemRow | null> {
      const [row] = await db
        .update(contactListItems)
        .set({
          ...values,
          ...(numberChanged ? { isWhatsappValid: null, checkedAt: null } : {}),
          updatedAt: new Date(),
        })
        .where(companyRow(contactListItems, companyId, id))
        .returning()
      return row ?? null
    },

    async remove(companyId: number, id: number): Promise<ContactListItemRow | null> {
      const [row] = await db
        .delete(contactListItems)
        .where(companyRow(contactListItems, companyId, id))
        .returning()
      return row ?? null
    },

    /** The next items of the list not checked yet, in id order. */
    async unchecked(
      companyId: number,
      contactListId: number,
      limit: number,
    ): Promise<ContactListItemRow[]> {
      return db
        .select()
        .from(contactListItems)
        .where(and(ofList(companyId, contactListId), isNull(contactListItems.checkedAt)))
        .orderBy(asc(contactListItems.id))
        .limit(limit)
    },

    /** How many of the list's items are checked, how many are invalid, and how many there are. */
    async checkCounts(companyId: number, contactListId: number) {
      const [row] = await db
        .select({
          total: count(),
          checked:
            sql<number>`count(*) filter (where ${contactListItems.checkedAt} is not null)`.mapWith(
              Number,
            ),
          invalid:
            sql<number>`count(*) filter (where not ${contactListItems.isWhatsappValid})`.mapWith(
              Number,
            ),
        })
        .from(contactListItems)
        .where(ofList(companyId, contactListId))
      return row ?? { total: 0, checked: 0, invalid: 0 }
    },

    /**
     * Records WhatsApp's answers: `number` is WhatsApp's spelling of a valid one (kept as it was
     * when the list already has that spelling).
     */
    async recordChecks(
      companyId: number,
      verdicts: { id: number; valid: boolean; number: string | null }[],
    ): Promise<void> {
      const checkedAt = new Date()
      for (const verdict of verdicts) {
        const where = companyRow(contactListItems, companyId, verdict.id)
        const values = { isWhatsappValid: verdict.valid, checkedAt }
        if (verdict.number)
          await db
            .update(contactListItems)
            .set({ ...values, number: verdict.number })
            .where(
              and(
                where,
                sql`not exists (select 1 from ${contactListItems} other where other."companyId" = ${companyId} and other."contactListId" = ${contactListItems.contactListId} and other.number = ${verdict.number} and other.id <> ${verdict.id})`,
              ),
            )
        await db
          .update(contactListItems)
          .set(values)
          .where(and(where, isNull(contactListItems.checkedAt)))
      }
    },
  }
}
