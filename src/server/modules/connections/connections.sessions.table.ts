import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { tenantKey } from '../companies/companies.table'
import { connections } from './connections.table'

/**
 * WhatsApp (Baileys) auth state, one row of credentials per connection plus its signal keys,
 * every value sealed with the server's encryption key (lib/secret-box).
 */
export const whatsappSessionCreds = pgTable('whatsapp_session_creds', {
  connectionId: integer('connectionId')
    .primaryKey()
    .references(() => connections.id, { onDelete: 'cascade' }),
  companyId: tenantKey(),
  credsSealed: text('credsSealed').notNull(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})

export const whatsappSessionKeys = pgTable(
  'whatsapp_session_keys',
  {
    connectionId: integer('connectionId')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    companyId: tenantKey(),
    type: text('type').notNull(),
    keyId: text('keyId').notNull(),
    valueSealed: text('valueSealed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.type, t.keyId] })],
)
