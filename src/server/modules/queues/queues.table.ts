import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies } from '../companies/companies.table'

/** Departments. Minimal for now: the administration issue adds hours, rotation and chatbots. */
export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: integer('companyId')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    orderQueue: integer('orderQueue'),
    greetingMessage: text('greetingMessage').notNull().default(''),
    outOfHoursMessage: text('outOfHoursMessage').notNull().default(''),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('queues_company_name_key').on(t.companyId, t.name),
    uniqueIndex('queues_company_color_key').on(t.companyId, t.color),
    index('queues_company_order_idx').on(t.companyId, t.orderQueue),
  ],
)

export type QueueRow = typeof queues.$inferSelect
