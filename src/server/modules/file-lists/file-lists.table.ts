import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'

/** 002 §3.13 File list: a message and files a queue or a chatbot option sends. */
export const fileLists = pgTable(
  'file_lists',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    ...timestamps(),
  },
  (t) => [
    // Reference §8: a name is unique within the company, whatever its case.
    uniqueIndex('file_lists_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('file_lists_company_name_idx').on(t.companyId, t.name, t.id),
  ],
)

export type FileListRow = typeof fileLists.$inferSelect

/** One file of a list, sent in `position` order; `path` is null until its file is uploaded. */
export const fileListOptions = pgTable(
  'file_list_options',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    fileListId: integer('fileListId')
      .notNull()
      .references(() => fileLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    path: text('path'),
    mediaType: text('mediaType'),
    ...timestamps(),
  },
  (t) => [index('file_list_options_company_list_idx').on(t.companyId, t.fileListId, t.position)],
)

export type FileListOptionRow = typeof fileListOptions.$inferSelect
