import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_TICKET_STATUSES,
  SHIPPING_STATES,
} from '@shared/contracts/campaigns'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'
import { contactLists } from '../contact-lists/contact-lists.table'
import { queues } from '../queues/queues.table'
import { tags } from '../tags/tags.table'
import { users } from '../users/users.table'

const variant = (name: string) => text(name).notNull().default('')

/** 002 §3.4 Campaign. References are set to null when what they name is deleted. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('INATIVA'),
    confirmation: boolean('confirmation').notNull().default(false),
    scheduledAt: timestamp('scheduledAt', { withTimezone: true }),
    startedAt: timestamp('startedAt', { withTimezone: true }),
    completedAt: timestamp('completedAt', { withTimezone: true }),
    contactListId: integer('contactListId').references(() => contactLists.id, {
      onDelete: 'set null',
    }),
    tagListId: integer('tagListId').references(() => tags.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsappId').references(() => connections.id, { onDelete: 'set null' }),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queueId').references(() => queues.id, { onDelete: 'set null' }),
    openTicket: text('openTicket', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    statusTicket: text('statusTicket', { enum: CAMPAIGN_TICKET_STATUSES })
      .notNull()
      .default('closed'),
    message1: variant('message1'),
    message2: variant('message2'),
    message3: variant('message3'),
    message4: variant('message4'),
    message5: variant('message5'),
    confirmationMessage1: variant('confirmationMessage1'),
    confirmationMessage2: variant('confirmationMessage2'),
    confirmationMessage3: variant('confirmationMessage3'),
    confirmationMessage4: variant('confirmationMessage4'),
    confirmationMessage5: variant('confirmationMessage5'),
    mediaPath: text('mediaPath'),
    mediaName: text('mediaName'),
    mediaMime: text('mediaMime'),
    /** The Cloud API template for recipients outside the 24-hour window, as Meta answered it. */
    templateName: text('templateName'),
    templateLanguage: text('templateLanguage'),
    templateBody: text('templateBody'),
    templateParams: jsonb('templateParams').$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    index('campaigns_company_status_idx').on(t.companyId, t.status, t.scheduledAt, t.id),
    index('campaigns_company_name_idx').on(t.companyId, t.name, t.id),
  ],
)

export type CampaignRow = typeof campaigns.$inferSelect

/**
 * The recipient ledger (reference §1 "Recipient ledger"): one row per number of a started
 * campaign, written in one transaction when it starts. `position` is the sending order; the
 * messages it sent are referenced, and their own status says whether they arrived.
 */
export const campaignShippings = pgTable(
  'campaign_shippings',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    campaignId: integer('campaignId')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    isGroup: boolean('isGroup').notNull().default(false),
    state: text('state', { enum: SHIPPING_STATES }).notNull().default('pending'),
    /** The message variant (1–5) chosen for this recipient. */
    variant: smallint('variant'),
    /** Tries that found the connection down or failed before anything was sent. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('lastError'),
    scheduledFor: timestamp('scheduledFor', { withTimezone: true }),
    sentAt: timestamp('sentAt', { withTimezone: true }),
    confirmationRequestedAt: timestamp('confirmationRequestedAt', { withTimezone: true }),
    confirmedAt: timestamp('confirmedAt', { withTimezone: true }),
    /**
     * The messages it sent. Not foreign keys: deleting messages (a ticket's, an echo's) must not
     * check this table, and a join finds nothing once they are gone.
     */
    confirmationMessageId: bigint('confirmationMessageId', { mode: 'number' }),
    messageId: bigint('messageId', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('campaign_shippings_campaign_number_key').on(t.campaignId, t.number),
    index('campaign_shippings_campaign_position_idx').on(
      t.companyId,
      t.campaignId,
      t.state,
      t.position,
    ),
    // An inbound reply finds the request it confirms without a scan.
    index('campaign_shippings_awaiting_idx')
      .on(t.companyId, t.number)
      .where(sql`${t.state} = 'confirmation_requested'`),
  ],
)

export type CampaignShippingRow = typeof campaignShippings.$inferSelect

/**
 * The pace of campaign sends per connection (reference §1 "Pacing"): the row is locked by every
 * dispatch on the connection, so campaigns sharing it take turns and the gap holds between
 * what the provider receives.
 */
export const campaignPaces = pgTable(
  'campaign_paces',
  {
    companyId: tenantKey(),
    whatsappId: integer('whatsappId')
      .primaryKey()
      .references(() => connections.id, { onDelete: 'cascade' }),
    lastMessageId: bigint('lastMessageId', { mode: 'number' }),
    lastDispatchAt: timestamp('lastDispatchAt', { withTimezone: true }),
  },
  (t) => [index('campaign_paces_company_idx').on(t.companyId)],
)

/** 002 §3.7 Campaign settings, one row per key, values as text (reference §2). */
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('campaign_settings_company_key').on(t.companyId, t.key)],
)

export type CampaignSettingRowStored = typeof campaignSettings.$inferSelect
