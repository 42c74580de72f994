import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'

/** 002 §3.1 ContactList: the audience of a campaign. */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contact_lists_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('contact_lists_company_name_idx').on(t.companyId, t.name, t.id),
  ],
)

export type ContactListRow = typeof contactLists.$inferSelect

/**
 * 002 §3.1 ContactListItem: one number of a list, once per list. `isWhatsappValid` is null until
 * a connected WhatsApp session answered for it; `checkedAt` says when it did.
 */
export const contactListItems = pgTable(
  'contact_list_items',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    contactListId: integer('contactListId')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    isWhatsappValid: boolean('isWhatsappValid'),
    isGroup: boolean('isGroup').notNull().default(false),
    checkedAt: timestamp('checkedAt', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contact_list_items_list_number_key').on(t.companyId, t.contactListId, t.number),
    index('contact_list_items_list_name_idx').on(t.companyId, t.contactListId, t.name, t.id),
    // The numbers still to be checked with WhatsApp, in order.
    index('contact_list_items_unchecked_idx')
      .on(t.companyId, t.contactListId, t.id)
      .where(sql`${t.checkedAt} is null`),
  ],
)

export type ContactListItemRow = typeof contactListItems.$inferSelect
