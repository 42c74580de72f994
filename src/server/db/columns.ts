import { timestamp } from 'drizzle-orm/pg-core'

/**
 * Columns most tables share. The tenant key lives beside the table it references
 * (`tenantKey()` in `companies.table.ts`), so that this file imports no table.
 */

/** When the row was created. */
export const createdAt = () => timestamp('createdAt', { withTimezone: true }).notNull().defaultNow()

/** When the row was created and last changed (repositories set `updatedAt` on every update). */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})
