import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'

/**
 * History the phone sent for a connection's import window, kept until the import hands it to
 * the inbound pipeline: a restart mid-import resumes from here instead of losing it.
 */
export const messageImportItems = pgTable(
  'message_import_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: tenantKey(),
    connectionId: integer('connectionId')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    providerId: text('providerId').notNull(),
    sentAt: timestamp('sentAt', { withTimezone: true }).notNull(),
    /** The Baileys envelope the inbound intake receives. */
    envelope: jsonb('envelope').notNull(),
  },
  (t) => [
    uniqueIndex('message_import_items_connection_provider_key').on(t.connectionId, t.providerId),
    index('message_import_items_company_connection_sent_idx').on(
      t.companyId,
      t.connectionId,
      t.sentAt,
      t.id,
    ),
  ],
)
