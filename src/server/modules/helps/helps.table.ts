import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/** Help videos are platform-wide (no company): the operator writes them, everyone reads them. */
export const helps = pgTable(
  'helps',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** A video code (YouTube id) the client embeds. */
    video: text('video').notNull().default(''),
    link: text('link').notNull().default(''),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('helps_title_id_idx').on(t.title, t.id)],
)

export type HelpRow = typeof helps.$inferSelect
