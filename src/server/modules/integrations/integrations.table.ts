import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'

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
    ...timestamps(),
  },
  (t) => [
    // Reference §6: a name is unique within the company, whatever its case.
    uniqueIndex('queue_integrations_company_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
)

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect
