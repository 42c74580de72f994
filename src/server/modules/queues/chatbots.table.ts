import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import type { ChatbotType } from '@shared/contracts/queues'
import { fileLists } from '../file-lists/file-lists.table'
import { queueIntegrations } from '../integrations/integrations.table'
import { tenantKey } from '../companies/companies.table'
import { users } from '../users/users.table'
import { queues } from './queues.table'

/**
 * Chatbot options: a tree under a queue. Level-1 options hang from the queue (`queueId`), deeper
 * ones from their parent option (`chatbotId`); deleting a queue or an option deletes its subtree.
 */
export const chatbots = pgTable(
  'chatbots',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    queueId: integer('queueId').references(() => queues.id, { onDelete: 'cascade' }),
    chatbotId: integer('chatbotId').references((): AnyPgColumn => chatbots.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    greetingMessage: text('greetingMessage').notNull().default(''),
    queueType: text('queueType').$type<ChatbotType>().notNull().default('text'),
    optQueueId: integer('optQueueId').references(() => queues.id, { onDelete: 'set null' }),
    optUserId: integer('optUserId').references(() => users.id, { onDelete: 'set null' }),
    optIntegrationId: integer('optIntegrationId').references(() => queueIntegrations.id, {
      onDelete: 'restrict',
    }),
    optFileId: integer('optFileId').references(() => fileLists.id, { onDelete: 'restrict' }),
    closeTicket: boolean('closeTicket').notNull().default(false),
    /** Place among its siblings: the bot numbers options in this order. */
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('chatbots_company_queue_idx').on(t.companyId, t.queueId, t.position),
    index('chatbots_company_parent_idx').on(t.companyId, t.chatbotId, t.position),
    index('chatbots_company_opt_queue_idx').on(t.companyId, t.optQueueId),
    index('chatbots_company_opt_user_idx').on(t.companyId, t.optUserId),
  ],
)

export type ChatbotRow = typeof chatbots.$inferSelect
