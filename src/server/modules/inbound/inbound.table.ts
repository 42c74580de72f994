import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'

/**
 * Raw provider events (webhook bodies, Baileys upserts), stored before they are acknowledged and
 * processed afterwards. A crash between the two loses nothing: unprocessed rows are picked up
 * again at start and by the periodic sweep.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: tenantKey(),
    connectionId: integer('connectionId')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['cloudapi', 'messenger', 'baileys'] }).notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('lastError'),
    receivedAt: timestamp('receivedAt', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('nextAttemptAt', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processedAt', { withTimezone: true }),
  },
  (t) => [
    index('inbound_events_pending_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.processedAt} IS NULL`),
    index('inbound_events_company_received_idx').on(t.companyId, t.receivedAt),
  ],
)

export type InboundEventRow = typeof inboundEvents.$inferSelect
