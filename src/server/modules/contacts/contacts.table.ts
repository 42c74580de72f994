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
} from 'drizzle-orm/pg-core'
import { companies } from '../companies/companies.table'
import { connections } from '../connections/connections.table'

/**
 * A person or group the company talks to (000 §3 Contact). `number` is the E.164 digits for
 * WhatsApp people, the group id for groups, and the page-scoped id for Facebook/Instagram.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('companyId')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    /** The channel family: whatsapp (Baileys and Cloud API alike), facebook or instagram. */
    channel: text('channel', { enum: ['whatsapp', 'facebook', 'instagram'] }).notNull(),
    email: text('email').notNull().default(''),
    isGroup: boolean('isGroup').notNull().default(false),
    /** The WhatsApp JID last seen for this contact (`…@s.whatsapp.net` or `…@g.us`). */
    remoteJid: text('remoteJid'),
    /** The WhatsApp LID (`…@lid`) mapped to this phone number, when known. */
    lid: text('lid'),
    active: boolean('active').notNull().default(true),
    disableBot: boolean('disableBot').notNull().default(false),
    acceptAudioMessage: boolean('acceptAudioMessage').notNull().default(true),
    lgpdAcceptedAt: timestamp('lgpdAcceptedAt', { withTimezone: true }),
    /** The provider's picture URL; `picturePath` is our stored copy under the company's media. */
    profilePicUrl: text('profilePicUrl'),
    picturePath: text('picturePath'),
    /** The connection the contact last wrote through. */
    whatsappId: integer('whatsappId').references(() => connections.id, { onDelete: 'set null' }),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_company_channel_number_key').on(t.companyId, t.channel, t.number),
    index('contacts_company_lid_idx')
      .on(t.companyId, t.lid)
      .where(sql`${t.lid} IS NOT NULL`),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    // Accent- and case-insensitive substring search (atende_fold: migration 0004).
    index('contacts_search_trgm_idx').using(
      'gin',
      sql`atende_fold(${t.name} || ' ' || ${t.number}) gin_trgm_ops`,
    ),
  ],
)

export type ContactRow = typeof contacts.$inferSelect
