import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { flows } from '../flows/flows.table'

/**
 * 002 §3.12 Queue integration: an external bot (Dialogflow, n8n, a webhook, Typebot, a flow)
 * that connections, queues and chatbot options hand a conversation to. Dialogflow's service
 * account is stored sealed (`credentialsSealed`), never in clear.
 */
export const queueIntegrations = pgTable(
  'queue_integrations',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    projectName: text('projectName').notNull().default(''),
    credentialsSealed: text('credentialsSealed'),
    language: text('language'),
    urlN8N: text('urlN8N').notNull().default(''),
    typebotSlug: text('typebotSlug').notNull().default(''),
    typebotExpires: integer('typebotExpires').notNull().default(1),
    typebotDelayMessage: integer('typebotDelayMessage').notNull().default(1000),
    typebotKeywordFinish: text('typebotKeywordFinish').notNull().default(''),
    typebotKeywordRestart: text('typebotKeywordRestart').notNull().default(''),
    typebotRestartMessage: text('typebotRestartMessage').notNull().default(''),
    typebotUnknownMessage: text('typebotUnknownMessage').notNull().default(''),
    /** A flowbuilder integration: the flow a queue that uses it runs for its contacts. */
    flowId: integer('flowId').references(() => flows.id, { onDelete: 'restrict' }),
    /** A secret of its own signs what is posted to an n8n or webhook URL (HMAC-SHA256). */
    signingSecretSealed: text('signingSecretSealed'),
    /** Health: the last call that worked, and the last that failed with what it said. */
    lastSuccessAt: timestamp('lastSuccessAt', { withTimezone: true }),
    lastErrorAt: timestamp('lastErrorAt', { withTimezone: true }),
    lastError: text('lastError'),
    ...timestamps(),
  },
  (t) => [
    // Reference §6: a name is unique within the company, whatever its case.
    uniqueIndex('queue_integrations_company_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
)

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect
