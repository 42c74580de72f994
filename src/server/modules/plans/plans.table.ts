import { boolean, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'

/** Plans are platform-wide (no company): the operator defines them, companies subscribe to one. */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  users: integer('users').notNull().default(1),
  connections: integer('connections').notNull().default(1),
  queues: integer('queues').notNull().default(1),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull().default('0'),
  isPublic: boolean('isPublic').notNull().default(true),
  useWhatsapp: boolean('useWhatsapp').notNull().default(true),
  useFacebook: boolean('useFacebook').notNull().default(true),
  useInstagram: boolean('useInstagram').notNull().default(true),
  useCampaigns: boolean('useCampaigns').notNull().default(true),
  useSchedules: boolean('useSchedules').notNull().default(true),
  useInternalChat: boolean('useInternalChat').notNull().default(true),
  useExternalApi: boolean('useExternalApi').notNull().default(true),
  useKanban: boolean('useKanban').notNull().default(true),
  useOpenAi: boolean('useOpenAi').notNull().default(true),
  useIntegrations: boolean('useIntegrations').notNull().default(true),
  ...timestamps(),
})

export type PlanRow = typeof plans.$inferSelect
