import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { InboundContent } from '@server/channels/types'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'
import { messages } from '../messages/messages.table'

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

/**
 * Received media whose download failed: the message was stored with a note instead of the file,
 * and the download is tried once more when `dueAt` comes (reference §9 "Inbound media").
 */
export const inboundMediaRetries = pgTable(
  'inbound_media_retries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: tenantKey(),
    connectionId: integer('connectionId')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    messageId: bigint('messageId', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The message's content as the driver read it: where to download from, and the caption. */
    content: jsonb('content').$type<InboundContent>().notNull(),
    dueAt: timestamp('dueAt', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('inbound_media_retries_message_idx').on(t.messageId),
    index('inbound_media_retries_due_idx').on(t.dueAt),
  ],
)

export type InboundMediaRetryRow = typeof inboundMediaRetries.$inferSelect
