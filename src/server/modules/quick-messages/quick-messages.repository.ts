import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import { users } from '../users/users.table'
import { quickMessages, type QuickMessageRow } from './quick-messages.table'

/** A quick message with its creator's name, as lists show it. */
export type QuickMessageWithUser = QuickMessageRow & { userName: string | null }

export interface QuickMessageValues {
  shortcode: string
  message: string
  geral: boolean
  visao: boolean
  status: boolean
}

export interface QuickMessageMedia {
  mediaPath: string | null
  mediaName: string | null
  mediaMime: string | null
}

/** Who reads the list: a user, and whether he is an admin. */
export interface QuickMessageViewer {
  id: number
  admin: boolean
}

/**
 * The company's quick messages the viewer sees (`seesQuickMessage`): his own, the visible and
 * the shared; an admin also those whose creator was deleted.
 */
const visibleTo = (companyId: number, viewer: QuickMessageViewer): SQL =>
  and(
    eq(quickMessages.companyId, companyId),
    or(
      eq(quickMessages.userId, viewer.id),
      eq(quickMessages.visao, true),
      eq(quickMessages.geral, true),
      viewer.admin ? isNull(quickMessages.userId) : undefined,
    ),
  )!

export function quickMessagesRepository(db: Executor) {
  const withUser = () =>
    db
      .select({ row: quickMessages, userName: users.name })
      .from(quickMessages)
      .leftJoin(users, eq(users.id, quickMessages.userId))
  const flatten = (rows: { row: QuickMessageRow; userName: string | null }[]) =>
    rows.map(({ row, userName }) => ({ ...row, userName }))

  return {
    /** A page of what the viewer sees by shortcode, searched in shortcode and text. */
    async page(
      companyId: number,
      viewer: QuickMessageViewer,
      options: { search?: string; limit: number; offset: number },
    ) {
      const pattern = options.search ? `%${escapeLike(options.search)}%` : null
      const where = and(
        visibleTo(companyId, viewer),
        pattern
          ? or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern))
          : undefined,
      )
      const rows = await withUser()
        .where(where)
        .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db.select({ value: count() }).from(quickMessages).where(where)
      return { rows: flatten(rows), count: total?.value ?? 0 }
    },

    /** The active ones the viewer sees, for the composer's `/`. */
    async active(companyId: number, viewer: QuickMessageViewer): Promise<QuickMessageWithUser[]> {
      const rows = await withUser()
        .where(and(visibleTo(companyId, viewer), eq(quickMessages.status, true)))
        .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      return flatten(rows)
    },

    async findById(companyId: number, id: number): Promise<QuickMessageWithUser | null> {
      const [row] = flatten(await withUser().where(companyRow(quickMessages, companyId, id)))
      return row ?? null
    },

    async insert(companyId: number, userId: number, values: QuickMessageValues): Promise<number> {
      const [row] = await db
        .insert(quickMessages)
        .values({ ...values, companyId, userId })
        .returning({ id: quickMessages.id })
      if (!row) throw new Error('quick message insert returned nothing')
      return row.id
    },

    /** False when the row is not the company's. */
    async update(
      companyId: number,
      id: number,
      values: Partial<QuickMessageValues & QuickMessageMedia>,
    ): Promise<boolean> {
      const rows = await db
        .update(quickMessages)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(quickMessages, companyId, id))
        .returning({ id: quickMessages.id })
      return rows.length > 0
    },

    /** The deleted row's file, or undefined when the row is not the company's. */
    async remove(companyId: number, id: number): Promise<string | null | undefined> {
      const [row] = await db
        .delete(quickMessages)
        .where(companyRow(quickMessages, companyId, id))
        .returning({ mediaPath: quickMessages.mediaPath })
      return row ? row.mediaPath : undefined
    },
  }
}
