import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { queueIntegrations } from '../integrations/integrations.table'
import { flows } from '../flows/flows.table'
import { prompts } from '../prompts/prompts.table'
import { tenantKey } from '../companies/companies.table'
import { queues } from '../queues/queues.table'

/**
 * A channel account of a company: the spec's "whatsapp" record (001 §3), for every channel.
 * Provider credentials are stored sealed (lib/secret-box) and never leave the server.
 */
export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    channel: text('channel', {
      enum: ['whatsapp', 'whatsappapi', 'facebook', 'instagram'],
    }).notNull(),
    status: text('status', {
      enum: ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'TIMEOUT', 'DISCONNECTED'],
    })
      .notNull()
      .default('OPENING'),
    number: text('number').notNull().default(''),
    isDefault: boolean('isDefault').notNull().default(false),
    /** The external API credential of this connection: 30 alphanumerics, unique platform-wide. */
    token: text('token').notNull(),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    provider: text('provider').notNull().default('beta'),
    greetingMessage: text('greetingMessage').notNull().default(''),
    complationMessage: text('complationMessage').notNull().default(''),
    outOfHoursMessage: text('outOfHoursMessage').notNull().default(''),
    ratingMessage: text('ratingMessage').notNull().default(''),
    allowGroup: boolean('allowGroup').notNull().default(false),
    groupAsTicket: text('groupAsTicket', { enum: ['disabled', 'enabled'] })
      .notNull()
      .default('disabled'),
    maxUseBotQueues: integer('maxUseBotQueues').notNull().default(3),
    /** Minutes. */
    timeUseBotQueues: integer('timeUseBotQueues').notNull().default(0),
    timeSendQueue: integer('timeSendQueue').notNull().default(0),
    sendIdQueue: integer('sendIdQueue').references(() => queues.id, { onDelete: 'set null' }),
    expiresTicket: integer('expiresTicket').notNull().default(0),
    whenExpiresTicket: text('whenExpiresTicket', { enum: ['0', '1'] })
      .notNull()
      .default('0'),
    expiresTicketNPS: integer('expiresTicketNPS').notNull().default(0),
    maxUseBotQueuesNPS: integer('maxUseBotQueuesNPS').notNull().default(3),
    expiresInactiveMessage: text('expiresInactiveMessage').notNull().default(''),
    timeInactiveMessage: integer('timeInactiveMessage').notNull().default(0),
    inactiveMessage: text('inactiveMessage').notNull().default(''),
    timeCreateNewTicket: integer('timeCreateNewTicket').notNull().default(0),
    greetingMediaAttachment: text('greetingMediaAttachment'),
    importOldMessages: timestamp('importOldMessages', { withTimezone: true }),
    importRecentMessages: timestamp('importRecentMessages', { withTimezone: true }),
    importOldMessagesGroups: boolean('importOldMessagesGroups').notNull().default(false),
    closedTicketsPostImported: boolean('closedTicketsPostImported').notNull().default(false),
    queueIdImportMessages: integer('queueIdImportMessages').references(() => queues.id, {
      onDelete: 'set null',
    }),
    /** A millisecond timestamp, 'Running', 'renderButtonCloseTickets' or null (001 §4). */
    statusImportMessages: text('statusImportMessages'),
    // Automation references.
    integrationId: integer('integrationId').references(() => queueIntegrations.id, {
      onDelete: 'restrict',
    }),
    promptId: integer('promptId').references(() => prompts.id, { onDelete: 'restrict' }),
    /** The flow that welcomes a contact's first conversation on this connection (001 §3). */
    flowIdWelcome: integer('flowIdWelcome').references(() => flows.id, { onDelete: 'restrict' }),
    /** The flow for a known contact whose message is no campaign's phrase. */
    flowIdNotPhrase: integer('flowIdNotPhrase').references(() => flows.id, {
      onDelete: 'restrict',
    }),
    collectiveVacationStart: date('collectiveVacationStart', { mode: 'string' }),
    collectiveVacationEnd: date('collectiveVacationEnd', { mode: 'string' }),
    collectiveVacationMessage: text('collectiveVacationMessage').notNull().default(''),
    /** Service hours when the company's scheduleType is `connection`. */
    schedules: jsonb('schedules').notNull().default([]),
    // WhatsApp Cloud API (channel whatsappapi).
    wabaPhoneNumberId: text('wabaPhoneNumberId'),
    wabaBusinessAccountId: text('wabaBusinessAccountId'),
    wabaAccessTokenSealed: text('wabaAccessTokenSealed'),
    wabaAppSecretSealed: text('wabaAppSecretSealed'),
    wabaVerifyTokenSealed: text('wabaVerifyTokenSealed'),
    // Messenger Platform (channels facebook and instagram).
    facebookUserId: text('facebookUserId'),
    /** The page id, or the Instagram business account id. */
    facebookPageUserId: text('facebookPageUserId'),
    facebookPageTokenSealed: text('facebookPageTokenSealed'),
    facebookUserTokenSealed: text('facebookUserTokenSealed'),
    /**
     * The Facebook page whose webhook subscription this connection relies on (set by POST
     * /facebook; for Instagram it is the linked page, not the account id).
     */
    facebookPageId: text('facebookPageId'),
    ...timestamps(),
  },
  (t) => [
    index('connections_company_channel_idx').on(t.companyId, t.channel),
    uniqueIndex('connections_company_channel_name_key').on(t.companyId, t.channel, t.name),
    uniqueIndex('connections_token_key').on(t.token),
    // At most one default connection per company.
    uniqueIndex('connections_company_default_key')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
    index('connections_page_idx').on(t.facebookPageUserId),
    index('connections_facebook_page_idx').on(t.facebookPageId),
    index('connections_waba_phone_idx').on(t.wabaPhoneNumberId),
  ],
)

export type ConnectionRow = typeof connections.$inferSelect

export const connectionQueues = pgTable(
  'connection_queues',
  {
    companyId: tenantKey(),
    connectionId: integer('connectionId')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    queueId: integer('queueId')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.queueId] }),
    index('connection_queues_company_queue_idx').on(t.companyId, t.queueId),
  ],
)
