import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { plans } from '../plans/plans.table'

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  document: text('document').notNull().default(''),
  paymentMethod: text('paymentMethod').notNull().default(''),
  status: boolean('status').notNull().default(true),
  dueDate: date('dueDate', { mode: 'string' }).notNull(),
  recurrence: text('recurrence').notNull().default('MENSAL'),
  planId: integer('planId')
    .notNull()
    .references(() => plans.id),
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  campaignsEnabled: boolean('campaignsEnabled').notNull().default(true),
  numberAttendants: integer('numberAttendants').notNull().default(1),
  numberConections: integer('numberConections').notNull().default(1),
  /** Company service hours (two shifts a weekday), used when scheduleType is company. */
  schedules: jsonb('schedules').notNull().default([]),
  lastLogin: timestamp('lastLogin', { withTimezone: true }),
  /** Disk use of the company's media folder, cached: walking it per request is too slow. */
  folderSize: bigint('folderSize', { mode: 'number' }).notNull().default(0),
  numberFileFolder: integer('numberFileFolder').notNull().default(0),
  updatedAtFolder: timestamp('updatedAtFolder', { withTimezone: true }),
  ...timestamps(),
})

export type CompanyRow = typeof companies.$inferSelect

/**
 * The owning company of a tenant row: every tenant table has it, and its indexes start with it.
 * Deleting a company deletes its rows.
 */
export const tenantKey = () =>
  integer('companyId')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' })
