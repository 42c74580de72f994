import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import type { ServiceHours } from '@shared/contracts/service-hours'
import { queueIntegrations } from '../integrations/integrations.table'
import { fileLists } from '../file-lists/file-lists.table'
import { tenantKey } from '../companies/companies.table'

/** Departments: routing target of tickets, with their service hours, rotation and option tree. */
export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    orderQueue: integer('orderQueue'),
    greetingMessage: text('greetingMessage').notNull().default(''),
    outOfHoursMessage: text('outOfHoursMessage').notNull().default(''),
    /** Minutes before a waiting ticket rotates to another attendant (0: never). */
    tempoRoteador: integer('tempoRoteador').notNull().default(0),
    ativarRoteador: boolean('ativarRoteador').notNull().default(false),
    /** Service hours used when the company's scheduleType is queue; [] means always open. */
    schedules: jsonb('schedules').$type<ServiceHours>().notNull().default([]),
    integrationId: integer('integrationId').references(() => queueIntegrations.id, {
      onDelete: 'restrict',
    }),
    fileListId: integer('fileListId').references(() => fileLists.id, { onDelete: 'restrict' }),
    /** A ticket moved into this queue is closed instead (reference §7). */
    closeTicket: boolean('closeTicket').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('queues_company_name_key').on(t.companyId, t.name),
    uniqueIndex('queues_company_color_key').on(t.companyId, t.color),
    index('queues_company_order_idx').on(t.companyId, t.orderQueue),
  ],
)

export type QueueRow = typeof queues.$inferSelect
