import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { createdAt } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { tickets } from '../tickets/tickets.table'
import { queueIntegrations } from '../integrations/integrations.table'

/**
 * Messages a ticket's integration or AI prompt has yet to answer, in order: stored in the
 * transaction that decided to relay them, so a restart or a failed call loses none, and taken
 * away in the transaction that stores the answer, so none is answered twice.
 */
export const integrationTurns = pgTable(
  'integration_turns',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    ticketId: integer('ticketId')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The contact's message; null for an opening turn (the bot was just attached). */
    messageId: integer('messageId'),
    createdAt: createdAt(),
  },
  (t) => [index('integration_turns_company_ticket_idx').on(t.companyId, t.ticketId, t.id)],
)

export type IntegrationTurnRow = typeof integrationTurns.$inferSelect

/** A ticket's conversation with its bot: Typebot's session, and the failures in a row. */
export const integrationSessions = pgTable('integration_sessions', {
  ticketId: integer('ticketId')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  companyId: tenantKey(),
  /** The provider's session, when it keeps one (Typebot). */
  sessionId: text('sessionId'),
  /** The last message either way: Typebot's expiry measures inactivity from here. */
  lastActivityAt: timestamp('lastActivityAt', { withTimezone: true }).notNull(),
  /** The choices the bot offered last, numbered for the contact: a number answers with one. */
  choices: jsonb('choices').$type<string[]>(),
  /** Calls that failed in a row; the AI hands off after two. */
  failures: integer('failures').notNull().default(0),
  createdAt: createdAt(),
})

export type IntegrationSessionRow = typeof integrationSessions.$inferSelect

/** What went wrong with an integration, for its health (errors of the last 24 hours). */
export const integrationErrors = pgTable(
  'integration_errors',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    integrationId: integer('integrationId')
      .notNull()
      .references(() => queueIntegrations.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** The try gave up (no retry follows). */
    final: boolean('final').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_errors_company_integration_idx').on(
      t.companyId,
      t.integrationId,
      t.createdAt,
    ),
  ],
)
