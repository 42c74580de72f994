import {
  date,
  doublePrecision,
  index,
  integer,
  bigint,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core'
import { createdAt, timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { queues } from '../queues/queues.table'

/**
 * 002 §3.8 Prompt: the instructions an AI answers a queue's or a connection's conversations
 * with. The provider's key and the voice key are sealed, never stored in clear. `queueId` is
 * where the AI hands a conversation to humans; a queue whose prompt this is answers by it.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    apiKeySealed: text('apiKeySealed').notNull(),
    /** The chat model; '' uses the operator's default (`OPENAI_MODEL`). */
    model: text('model').notNull().default(''),
    maxTokens: integer('maxTokens').notNull().default(100),
    temperature: doublePrecision('temperature').notNull().default(1),
    maxMessages: integer('maxMessages').notNull().default(10),
    voice: text('voice').notNull().default('texto'),
    voiceKeySealed: text('voiceKeySealed'),
    voiceRegion: text('voiceRegion').notNull().default(''),
    queueId: integer('queueId').references(() => queues.id, { onDelete: 'set null' }),
    promptTokens: bigint('promptTokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completionTokens', { mode: 'number' }).notNull().default(0),
    totalTokens: bigint('totalTokens', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('prompts_company_name_idx').on(t.companyId, t.name, t.id),
    index('prompts_company_queue_idx').on(t.companyId, t.queueId),
  ],
)

export type PromptRow = typeof prompts.$inferSelect

/** Reference §7 "Usage": tokens each prompt spent per day, summed per call. */
export const promptUsage = pgTable(
  'prompt_usage',
  {
    companyId: tenantKey(),
    promptId: integer('promptId')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
    promptTokens: bigint('promptTokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completionTokens', { mode: 'number' }).notNull().default(0),
    totalTokens: bigint('totalTokens', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.promptId, t.day] })],
)
