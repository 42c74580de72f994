import { sql } from 'drizzle-orm'
import {
  boolean,
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
import { createdAt, timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'

/**
 * A person or group the company talks to (000 §3 Contact). `number` is the E.164 digits for
 * WhatsApp people, the group id for groups, and the page-scoped id for Facebook/Instagram.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
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
    /** When the picture was last asked of the provider: GET /contacts/profile caches for a day. */
    pictureCheckedAt: timestamp('pictureCheckedAt', { withTimezone: true }),
    /** The connection the contact last wrote through. */
    whatsappId: integer('whatsappId').references(() => connections.id, { onDelete: 'set null' }),
    /**
     * Name, number and e-mail folded once on write (GET /contacts searches it). Folding at read
     * time costs more than the rest of a search: every candidate row of the trigram index is
     * folded again to be rechecked.
     */
    searchText: text('searchText')
      .notNull()
      .generatedAlwaysAs(sql`atende_fold("name" || ' ' || "number" || ' ' || "email")`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contacts_company_channel_number_key').on(t.companyId, t.channel, t.number),
    index('contacts_company_lid_idx')
      .on(t.companyId, t.lid)
      .where(sql`${t.lid} IS NOT NULL`),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    // The dashboard's new contacts of a period.
    index('contacts_company_created_idx').on(t.companyId, t.createdAt),
    // Accent- and case-insensitive substring search (atende_fold: migration 0004).
    index('contacts_search_trgm_idx').using(
      'gin',
      sql`atende_fold(${t.name} || ' ' || ${t.number}) gin_trgm_ops`,
    ),
    index('contacts_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

export type ContactRow = typeof contacts.$inferSelect

/** 000 §3 Contact extraInfo: free name/value fields shown in the drawer. */
export const contactExtraInfo = pgTable(
  'contact_extra_info',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    contactId: integer('contactId')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    ...timestamps(),
  },
  (t) => [index('contact_extra_info_company_contact_idx').on(t.companyId, t.contactId)],
)

export type ContactExtraInfoRow = typeof contactExtraInfo.$inferSelect

/**
 * A contact import (rows, upload, phone, chats) running in the background as a job
 * (`contacts.import`). Its state is in the database so that any instance answers
 * GET /contacts/import/jobs/{id}; the counters are those of its rows that have an outcome.
 */
export const contactImportJobs = pgTable(
  'contact_import_jobs',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    /** Who started it: progress events go to this user only. */
    userId: integer('userId').notNull(),
    source: text('source', { enum: ['rows', 'upload', 'phone', 'chats'] }).notNull(),
    /** How its rows are applied (the job's options), kept so a stalled import can be resumed. */
    validate: boolean('validate').notNull().default(false),
    onlyNew: boolean('onlyNew').notNull().default(false),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finishedAt', { withTimezone: true }),
  },
  (t) => [index('contact_import_jobs_company_idx').on(t.companyId, t.createdAt)],
)

/**
 * One row of an import, stored with its job so that a restart resumes it. `status` stays null
 * until the row has its outcome, written in the transaction that applies the row: a row is
 * applied once, whichever run (or instance) gets to it.
 */
export const contactImportRows = pgTable(
  'contact_import_rows',
  {
    companyId: tenantKey(),
    importId: integer('importId')
      .notNull()
      .references(() => contactImportJobs.id, { onDelete: 'cascade' }),
    /** The row in the source: the sheet row, or the position in the list. */
    row: integer('row').notNull(),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email'),
    tagNames: jsonb('tagNames').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['created', 'updated', 'skipped'] }),
    reason: text('reason'),
    contactId: integer('contactId'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.importId, t.row] })],
)

export type ContactImportRow = typeof contactImportRows.$inferSelect
export type ContactImportJobRow = typeof contactImportJobs.$inferSelect
