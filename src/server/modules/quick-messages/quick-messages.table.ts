import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { users } from '../users/users.table'

/** 002 §3.2 Quick message: a canned answer, with at most one attached file. */
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    shortcode: text('shortcode').notNull(),
    message: text('message').notNull().default(''),
    geral: boolean('geral').notNull().default(false),
    visao: boolean('visao').notNull().default(true),
    status: boolean('status').notNull().default(true),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    mediaPath: text('mediaPath'),
    mediaName: text('mediaName'),
    mediaMime: text('mediaMime'),
    ...timestamps(),
  },
  (t) => [index('quick_messages_company_shortcode_idx').on(t.companyId, t.shortcode, t.id)],
)

export type QuickMessageRow = typeof quickMessages.$inferSelect
