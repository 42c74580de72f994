import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { tickets } from '../tickets/tickets.table'
import { users } from '../users/users.table'
import { SEND_STATUSES } from '@shared/contracts/messages'

/** A Cloud API template a message was sent as (the body holds its text as the contact reads it). */
export interface MessageTemplate {
  name: string
  language: string
  /** The texts of the body's placeholders, in order. */
  params: string[]
}

export interface MessageReaction {
  type: string
  userId: number | null
  contactId?: number
}

/** The `mediaType`s of plain text: `conversation`, and `extendedTextMessage` (notes, rich text). */
export const TEXT_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'conversation',
  'extendedTextMessage',
])

/**
 * One message of a ticket (000 §3 Message), inbound or outgoing. Outgoing messages are stored
 * before they are sent (`sendStatus` queued, ack 0) and the sender fills in `wid`; inbound ones
 * are idempotent by (connection, provider id).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: tenantKey(),
    ticketId: integer('ticketId')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The sending contact of an inbound message (the participant in groups); null when ours. */
    contactId: integer('contactId').references(() => contacts.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsappId').references(() => connections.id, { onDelete: 'set null' }),
    /** The attendant who wrote an outgoing message; null for the contact, the bot and the phone. */
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    /** The provider's message id (WhatsApp key id, wamid, Messenger mid). */
    wid: text('wid'),
    body: text('body').notNull().default(''),
    mediaType: text('mediaType').notNull().default('conversation'),
    /** The stored file, relative to the company's media folder. */
    mediaPath: text('mediaPath'),
    mediaName: text('mediaName'),
    mediaMime: text('mediaMime'),
    fromMe: boolean('fromMe').notNull().default(false),
    isPrivate: boolean('isPrivate').notNull().default(false),
    isDeleted: boolean('isDeleted').notNull().default(false),
    isEdited: boolean('isEdited').notNull().default(false),
    isForwarded: boolean('isForwarded').notNull().default(false),
    /** Sent by the server on its own (greeting, farewell, bot): no attendant wrote it. */
    isAutomatic: boolean('isAutomatic').notNull().default(false),
    /** A contact's message the bot has yet to read (stored with it, cleared once answered). */
    botPending: boolean('botPending').notNull().default(false),
    read: boolean('read').notNull().default(false),
    /** 0 clock, 1 sent, 2 delivered, 3–4 read, 5 played; never goes backwards. */
    ack: smallint('ack').notNull().default(0),
    quotedMsgId: bigint('quotedMsgId', { mode: 'number' }),
    participant: text('participant'),
    remoteJid: text('remoteJid'),
    /** The provider's own message, needed to quote, edit, delete, react and send receipts. */
    dataJson: jsonb('dataJson'),
    reactions: jsonb('reactions').$type<MessageReaction[]>().notNull().default([]),
    transcription: text('transcription'),
    /**
     * The integration, AI prompt or flow run that wrote an automatic message (reference §0: a source tag,
     * not invisible marker characters). Not foreign keys: a tag outlives what it names.
     */
    integrationId: integer('integrationId'),
    promptId: integer('promptId'),
    /** The flow run that sent it. */
    flowRunId: integer('flowRunId'),
    /** The campaign, or the scheduled message, that sent it. */
    campaignId: integer('campaignId'),
    scheduleId: integer('scheduleId'),
    template: jsonb('template').$type<MessageTemplate>(),
    sendStatus: text('sendStatus', { enum: SEND_STATUSES }),
    sendAttempts: integer('sendAttempts').notNull().default(0),
    nextAttemptAt: timestamp('nextAttemptAt', { withTimezone: true }),
    /** Why the last send failed: an error code of the catalogue. */
    sendError: text('sendError'),
    idempotencyKey: text('idempotencyKey'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('messages_connection_wid_key')
      .on(t.whatsappId, t.wid)
      .where(sql`${t.wid} IS NOT NULL`),
    uniqueIndex('messages_company_idempotency_key')
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('messages_company_ticket_idx').on(t.companyId, t.ticketId, t.createdAt, t.id),
    index('messages_company_created_idx').on(t.companyId, t.createdAt),
    // Few rows at any time: the bot's work left by a crash is found without a scan.
    index('messages_bot_pending_idx')
      .on(t.companyId, t.ticketId, t.id)
      .where(sql`${t.botPending}`),
    // Transcription finds a received file by its stored name.
    index('messages_company_media_idx')
      .on(t.companyId, t.mediaPath)
      .where(sql`${t.mediaPath} IS NOT NULL`),
    // The ordered sender's work list.
    index('messages_send_queue_idx')
      .on(t.whatsappId, t.id)
      .where(sql`${t.sendStatus} = 'queued'`),
    // searchOnMessages: accent- and case-insensitive substring search (atende_fold: migration 0004).
    index('messages_search_trgm_idx').using('gin', sql`atende_fold(${t.body}) gin_trgm_ops`),
  ],
)

export type MessageRow = typeof messages.$inferSelect
