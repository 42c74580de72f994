import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { contacts } from '../contacts/contacts.table'
import { tickets } from '../tickets/tickets.table'

/** 000 §3 Tag: a coloured label for contacts and tickets; `kanban` 1 makes it a board lane. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    kanban: integer('kanban').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('tags_company_name_idx').on(t.companyId, t.name),
    // Reference §10: a name is unique per company and kind (plain tag or kanban lane).
    uniqueIndex('tags_company_name_kanban_key').on(t.companyId, t.name, t.kanban),
  ],
)

export type TagRow = typeof tags.$inferSelect

export const contactTags = pgTable(
  'contact_tags',
  {
    companyId: tenantKey(),
    contactId: integer('contactId')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tagId')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.tagId] }),
    index('contact_tags_company_tag_idx').on(t.companyId, t.tagId),
  ],
)

export const ticketTags = pgTable(
  'ticket_tags',
  {
    companyId: tenantKey(),
    ticketId: integer('ticketId')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tagId')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.tagId] }),
    index('ticket_tags_company_tag_idx').on(t.companyId, t.tagId),
  ],
)
