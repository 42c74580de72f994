import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { createdAt, timestamps } from '@server/db/columns'
import { queueIntegrations } from '../integrations/integrations.table'
import { prompts } from '../prompts/prompts.table'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { chatbots } from '../queues/chatbots.table'
import { queues } from '../queues/queues.table'
import { users } from '../users/users.table'
import { TICKET_LOG_TYPES, TICKET_STATUSES } from '@shared/contracts/tickets'

/** Statuses of the one active ticket a contact may have per connection (reference §8.5). */
export const ACTIVE_TICKET_STATUSES = ['open', 'pending', 'group', 'nps', 'lgpd'] as const

/** A conversation with a contact on one connection (000 §3 Ticket, §4 Ticket statuses). */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: tenantKey(),
    contactId: integer('contactId')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsappId').references(() => connections.id, { onDelete: 'set null' }),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queueId').references(() => queues.id, { onDelete: 'set null' }),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('pending'),
    channel: text('channel', {
      enum: ['whatsapp', 'whatsappapi', 'facebook', 'instagram'],
    }).notNull(),
    isGroup: boolean('isGroup').notNull().default(false),
    /** The bot still owns the ticket (menus allowed). */
    isBot: boolean('isBot').notNull().default(true),
    unreadMessages: integer('unreadMessages').notNull().default(0),
    lastMessage: text('lastMessage').notNull().default(''),
    /** When the last message (either way) was stored: expiry measures from here, not updatedAt. */
    lastMessageAt: timestamp('lastMessageAt', { withTimezone: true }),
    /** When the contact last wrote: the Messenger 24-hour window counts from here. */
    lastInboundAt: timestamp('lastInboundAt', { withTimezone: true }),
    /** The last message was outgoing. */
    fromMe: boolean('fromMe').notNull().default(false),
    amountUsedBotQueues: integer('amountUsedBotQueues').notNull().default(0),
    amountUsedBotQueuesNPS: integer('amountUsedBotQueuesNPS').notNull().default(0),
    useIntegration: boolean('useIntegration').notNull().default(false),
    integrationId: integer('integrationId').references(() => queueIntegrations.id, {
      onDelete: 'set null',
    }),
    /** The AI prompt answering the ticket while `useIntegration` holds (reference §7). */
    promptId: integer('promptId').references(() => prompts.id, { onDelete: 'set null' }),
    /**
     * The flow run that converses with the contact (reference §5); null when none does. Not a
     * foreign key (runs reference their ticket): an attendant taking the ticket clears it, and
     * the run it named ends the next time it wakes.
     */
    flowRunId: integer('flowRunId'),
    /** An agent opened the ticket (true) or the contact did (false). */
    isActiveDemand: boolean('isActiveDemand').notNull().default(false),
    isOutOfHour: boolean('isOutOfHour').notNull().default(false),
    sendInactiveMessage: boolean('sendInactiveMessage').notNull().default(false),
    imported: timestamp('imported', { withTimezone: true }),
    lgpdSendMessageAt: timestamp('lgpdSendMessageAt', { withTimezone: true }),
    lgpdAcceptedAt: timestamp('lgpdAcceptedAt', { withTimezone: true }),
    /** The option of its queue's tree the contact is inside (null: the queue's first level). */
    botOptionId: integer('botOptionId').references((): AnyPgColumn => chatbots.id, {
      onDelete: 'set null',
    }),
    /** The collective vacation (its first day) the contact was already told about. */
    botVacationNotice: text('botVacationNotice'),
    /** When the queue's rotation last handed the waiting ticket to a member (reference §12). */
    rotatedAt: timestamp('rotatedAt', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tickets_uuid_key').on(t.uuid),
    // One active ticket per contact and connection, guaranteed by the database.
    uniqueIndex('tickets_one_active_key')
      .on(t.companyId, t.contactId, t.whatsappId)
      .where(sql`${t.status} IN ('open', 'pending', 'group', 'nps', 'lgpd')`),
    // A tab's list in order. Its migration (0011) also INCLUDEs queueId, userId, whatsappId and
    // contactId, which drizzle cannot declare: a list's page and count then test who may see a
    // ticket, and whether it is its contact's latest, from the index alone. Included, not key
    // columns: as keys, the planner used a list of queues as an index condition and lost the
    // order.
    index('tickets_company_status_list_idx').on(t.companyId, t.status, t.updatedAt, t.id),
    // The search walks a company's tickets in list order whatever their status.
    index('tickets_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    // The dashboard's tickets per day and hour, and the lists' creation dates.
    index('tickets_company_created_idx').on(t.companyId, t.createdAt),
    // Which tickets an integration holds: few do, so the index is small.
    index('tickets_company_integration_idx')
      .on(t.companyId, t.integrationId)
      .where(sql`${t.integrationId} IS NOT NULL`),
    index('tickets_company_user_status_idx').on(t.companyId, t.userId, t.status, t.updatedAt),
    index('tickets_company_queue_status_idx').on(t.companyId, t.queueId, t.status, t.updatedAt),
    index('tickets_company_contact_idx').on(t.companyId, t.contactId, t.whatsappId, t.id),
    index('tickets_company_unread_idx')
      .on(t.companyId, t.status)
      .where(sql`${t.unreadMessages} > 0`),
  ],
)

export type TicketRow = typeof tickets.$inferSelect
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/** Who did what to a ticket, and when (000 §3 Ticket log entry). */
export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    ticketId: integer('ticketId')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queueId').references(() => queues.id, { onDelete: 'set null' }),
    type: text('type', { enum: TICKET_LOG_TYPES }).notNull(),
    /** What happened, in words, where the type alone does not say (an integration's error). */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_logs_company_ticket_idx').on(t.companyId, t.ticketId, t.createdAt)],
)

export type TicketLogType = (typeof TICKET_LOG_TYPES)[number]

/**
 * One attendance cycle of a ticket (reference §8 "tracking"): queued, accepted, closed, rated.
 * At most one is open (finishedAt null) per ticket; the dashboard reads these.
 */
export const ticketTrackings = pgTable(
  'ticket_trackings',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    ticketId: integer('ticketId')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsappId').references(() => connections.id, { onDelete: 'set null' }),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queueId').references(() => queues.id, { onDelete: 'set null' }),
    rated: boolean('rated').notNull().default(false),
    queuedAt: timestamp('queuedAt', { withTimezone: true }),
    startedAt: timestamp('startedAt', { withTimezone: true }),
    closedAt: timestamp('closedAt', { withTimezone: true }),
    finishedAt: timestamp('finishedAt', { withTimezone: true }),
    ratingAt: timestamp('ratingAt', { withTimezone: true }),
    chatbotAt: timestamp('chatbotAt', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_trackings_company_created_idx').on(t.companyId, t.createdAt),
    // A ticket's latest attendance (the report).
    index('ticket_trackings_company_ticket_idx').on(t.companyId, t.ticketId, t.id),
    uniqueIndex('ticket_trackings_one_open_key')
      .on(t.ticketId)
      .where(sql`${t.finishedAt} IS NULL`),
  ],
)

/** A contact's rating of an attendance (0..10; the list shows 1..5 as faces). */
export const userRatings = pgTable(
  'user_ratings',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    ticketId: integer('ticketId')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_ratings_company_ticket_idx').on(t.companyId, t.ticketId, t.id),
    // The dashboard's ratings of a period.
    index('user_ratings_company_created_idx').on(t.companyId, t.createdAt),
  ],
)
