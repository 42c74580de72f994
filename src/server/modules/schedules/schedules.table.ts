import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { SCHEDULE_STATUSES, SCHEDULE_TICKET_STATUSES } from '@shared/contracts/schedules'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { queues } from '../queues/queues.table'
import { users } from '../users/users.table'

/**
 * 002 §3.3 Schedule: a message sent at `sendAt`, again every `valorIntervalo` units until it
 * was sent `enviarQuantasVezes` times. Recurring times are counted from `baseSendAt`, the first
 * time as saved, so a weekend moved to a Friday does not pull the next ones with it.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    body: text('body').notNull(),
    sendAt: timestamp('sendAt', { withTimezone: true }).notNull(),
    baseSendAt: timestamp('baseSendAt', { withTimezone: true }).notNull(),
    /** Which occurrence `sendAt` is, counted from `baseSendAt` (0 the first). */
    occurrence: integer('occurrence').notNull().default(0),
    sentAt: timestamp('sentAt', { withTimezone: true }),
    status: text('status', { enum: SCHEDULE_STATUSES }).notNull().default('PENDENTE'),
    lastError: text('lastError'),
    /** Tries of the current send that found the connection down. */
    attempts: integer('attempts').notNull().default(0),
    contactId: integer('contactId')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsappId').references(() => connections.id, { onDelete: 'set null' }),
    openTicket: text('openTicket', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    statusTicket: text('statusTicket', { enum: SCHEDULE_TICKET_STATUSES })
      .notNull()
      .default('closed'),
    ticketUserId: integer('ticketUserId').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queueId').references(() => queues.id, { onDelete: 'set null' }),
    intervalo: smallint('intervalo').notNull().default(1),
    valorIntervalo: integer('valorIntervalo').notNull().default(0),
    enviarQuantasVezes: integer('enviarQuantasVezes').notNull().default(1),
    contadorEnvio: integer('contadorEnvio').notNull().default(0),
    tipoDias: smallint('tipoDias').notNull().default(4),
    assinar: boolean('assinar').notNull().default(false),
    mediaPath: text('mediaPath'),
    mediaName: text('mediaName'),
    mediaMime: text('mediaMime'),
    ...timestamps(),
  },
  (t) => [
    index('schedules_company_send_idx').on(t.companyId, t.sendAt, t.id),
    index('schedules_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('schedules_company_contact_idx').on(t.companyId, t.contactId),
    // The picker's work list across companies: few rows wait at any time.
    index('schedules_due_idx')
      .on(t.sendAt)
      .where(sql`${t.status} = 'PENDENTE'`),
  ],
)

export type ScheduleRow = typeof schedules.$inferSelect
