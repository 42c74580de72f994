import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { FLOW_RUN_STATUSES } from '@shared/contracts/flows'
import { tenantKey } from '../companies/companies.table'
import { flows } from '../flows/flows.table'
import { tickets } from '../tickets/tickets.table'

/** How a run began: a phrase campaign, a connection's default flows, or a queue's flow. */
export const FLOW_RUN_ORIGINS = ['phrase', 'welcome', 'notPhrase', 'queue'] as const
export type FlowRunOrigin = (typeof FLOW_RUN_ORIGINS)[number]

/**
 * A flow running on a ticket (reference §5 "Explicit run state"): the version it started on, the
 * block it is in and its variables. At most one is active per ticket; the ticket's `flowRunId`
 * names it, and an attendant taking the ticket clears that name, which ends the run.
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    ticketId: integer('ticketId')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    flowId: integer('flowId')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    flowVersion: integer('flowVersion').notNull(),
    origin: text('origin', { enum: FLOW_RUN_ORIGINS }).notNull(),
    status: text('status', { enum: FLOW_RUN_STATUSES }).notNull(),
    currentNodeId: text('currentNodeId').notNull(),
    /** In a content block, the next card to run once its interval is over. */
    elementIndex: integer('elementIndex').notNull().default(0),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    invalidAttempts: integer('invalidAttempts').notNull().default(0),
    /** Counts the run's waits: each timer job is keyed by it, so an old one finds nothing. */
    wakeups: integer('wakeups').notNull().default(0),
    endReason: text('endReason'),
    startedAt: timestamp('startedAt', { withTimezone: true }).notNull().defaultNow(),
    lastInputAt: timestamp('lastInputAt', { withTimezone: true }),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('endedAt', { withTimezone: true }),
  },
  (t) => [
    index('flow_runs_company_ticket_idx').on(t.companyId, t.ticketId),
    uniqueIndex('flow_runs_active_ticket_key')
      .on(t.ticketId)
      .where(sql`${t.status} IN ('running', 'waiting_input', 'waiting_timer')`),
    // The sweep for runs that waited too long for an answer.
    index('flow_runs_waiting_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'waiting_input'`),
  ],
)

export type FlowRunRow = typeof flowRuns.$inferSelect
