import { boolean, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { companies, tenantKey } from '../companies/companies.table'

/** One row per company, one column per option (001 §3 Company settings). */
export const companySettings = pgTable('company_settings', {
  id: serial('id').primaryKey(),
  companyId: tenantKey().unique(),
  userRating: text('userRating').notNull().default('disabled'),
  scheduleType: text('scheduleType').notNull().default('disabled'),
  chatBotType: text('chatBotType').notNull().default('text'),
  acceptCallWhatsapp: text('acceptCallWhatsapp').notNull().default('enabled'),
  userRandom: text('userRandom').notNull().default('enabled'),
  sendGreetingMessageOneQueues: text('sendGreetingMessageOneQueues').notNull().default('enabled'),
  sendSignMessage: text('sendSignMessage').notNull().default('enabled'),
  sendFarewellWaitingTicket: text('sendFarewellWaitingTicket').notNull().default('disabled'),
  sendGreetingAccepted: text('sendGreetingAccepted').notNull().default('disabled'),
  sendQueuePosition: text('sendQueuePosition').notNull().default('disabled'),
  acceptAudioMessageContact: text('acceptAudioMessageContact').notNull().default('enabled'),
  enableLGPD: text('enableLGPD').notNull().default('disabled'),
  requiredTag: text('requiredTag').notNull().default('disabled'),
  lgpdDeleteMessage: text('lgpdDeleteMessage').notNull().default('disabled'),
  lgpdHideNumber: text('lgpdHideNumber').notNull().default('disabled'),
  lgpdConsent: text('lgpdConsent').notNull().default('disabled'),
  lgpdMessage: text('lgpdMessage').notNull().default(''),
  lgpdLink: text('lgpdLink').notNull().default(''),
  sendMsgTransfTicket: text('sendMsgTransfTicket').notNull().default('disabled'),
  DirectTicketsToWallets: boolean('DirectTicketsToWallets').notNull().default(false),
  closeTicketOnTransfer: boolean('closeTicketOnTransfer').notNull().default(false),
  transferMessage: text('transferMessage').notNull().default(''),
  greetingAcceptedMessage: text('greetingAcceptedMessage').notNull().default(''),
  AcceptCallWhatsappMessage: text('AcceptCallWhatsappMessage').notNull().default(''),
  sendQueuePositionMessage: text('sendQueuePositionMessage').notNull().default(''),
  showNotificationPending: boolean('showNotificationPending').notNull().default(false),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})

export type CompanySettingsRow = typeof companySettings.$inferSelect

/**
 * Key/value settings. Platform-wide rows have no company (branding, sign-up, download limit);
 * NULLS NOT DISTINCT keeps one global row per key.
 */
export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('companyId').references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('settings_company_key_key').on(t.companyId, t.key).nullsNotDistinct()],
)
