import { asc, count, eq, ilike, or } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { helps, type HelpRow } from './helps.table'
import { escapeLike } from '@server/db/like'

export type HelpChanges = Partial<Pick<HelpRow, 'title' | 'description' | 'video' | 'link'>>

export function helpsRepository(db: Executor) {
  return {
    async page(options: { search?: string; limit: number; offset: number }) {
      const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined
      const where = pattern
        ? or(ilike(helps.title, pattern), ilike(helps.description, pattern))
        : undefined
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(helps)
          .where(where)
          .orderBy(asc(helps.title), asc(helps.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ value: count() }).from(helps).where(where),
      ])
      return { rows, count: total?.value ?? 0 }
    },

    listAll(): Promise<HelpRow[]> {
      return db.select().from(helps).orderBy(asc(helps.title), asc(helps.id))
    },

    async insert(values: typeof helps.$inferInsert): Promise<HelpRow> {
      const [row] = await db.insert(helps).values(values).returning()
      if (!row) throw new Error('help insert returned nothing')
      return row
    },

    async update(id: number, changes: HelpChanges): Promise<HelpRow | undefined> {
      const [row] = await db
        .update(helps)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(helps.id, id))
        .returning()
      return row
    },

    async remove(id: number): Promise<boolean> {
      const deleted = await db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id })
      return deleted.length > 0
    },
  }
}
