import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'
import { flows } from '../flows/flows.table'
import { users } from '../users/users.table'

/**
 * 002 §3.11 Flow campaign: a phrase that starts a flow on a connection. `phraseKey` is the
 * phrase as compared (`phraseKey` of the shared rules): an active one is unique per connection.
 */
export const flowCampaigns = pgTable(
  'flow_campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    phrase: text('phrase').notNull(),
    phraseKey: text('phraseKey').notNull(),
    flowId: integer('flowId')
      .notNull()
      .references(() => flows.id, { onDelete: 'restrict' }),
    whatsappId: integer('whatsappId')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    status: boolean('status').notNull().default(true),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('flow_campaigns_company_name_idx').on(t.companyId, t.name, t.id),
    index('flow_campaigns_company_flow_idx').on(t.companyId, t.flowId),
    uniqueIndex('flow_campaigns_active_phrase_key')
      .on(t.companyId, t.whatsappId, t.phraseKey)
      .where(sql`${t.status}`),
  ],
)

export type FlowCampaignRow = typeof flowCampaigns.$inferSelect
