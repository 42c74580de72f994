import { index, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'

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
    ...timestamps(),
  },
  (t) => [index('helps_title_id_idx').on(t.title, t.id)],
)

export type HelpRow = typeof helps.$inferSelect
