import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { connections } from '../connections/connections.table'
import { queues } from '../queues/queues.table'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    name: text('name').notNull(),
    /** Stored as typed; uniqueness is on lower(email) across the platform (login is by e-mail). */
    email: text('email').notNull(),
    passwordHash: text('passwordHash').notNull(),
    /** Bumped to revoke every access and refresh token the user holds. */
    tokenVersion: integer('tokenVersion').notNull().default(0),
    profile: text('profile', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    super: boolean('super').notNull().default(false),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('lastSeenAt', { withTimezone: true }),
    startWork: text('startWork').notNull().default('00:00'),
    endWork: text('endWork').notNull().default('23:59'),
    farewellMessage: text('farewellMessage').notNull().default(''),
    defaultTheme: text('defaultTheme', { enum: ['light', 'dark'] })
      .notNull()
      .default('light'),
    defaultMenu: text('defaultMenu', { enum: ['open', 'closed'] })
      .notNull()
      .default('closed'),
    /** Default connection for new tickets. */
    whatsappId: integer('whatsappId').references(() => connections.id, { onDelete: 'set null' }),
    profileImage: text('profileImage'),
    defaultTicketsManagerWidth: integer('defaultTicketsManagerWidth').notNull().default(550),
    allTicket: text('allTicket', { enum: ['enable', 'disable'] })
      .notNull()
      .default('disable'),
    allowGroup: boolean('allowGroup').notNull().default(false),
    allHistoric: text('allHistoric', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    allUserChat: text('allUserChat', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    userClosePendingTicket: text('userClosePendingTicket', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    showDashboard: text('showDashboard', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    allowRealTime: text('allowRealTime', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    allowConnections: text('allowConnections', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_company_name_idx').on(t.companyId, t.name),
    // `usersRepository.page` searches this exact expression with ILIKE.
    index('users_search_trgm_idx').using('gin', sql`(${t.name} || ' ' || ${t.email}) gin_trgm_ops`),
  ],
)

export type UserRow = typeof users.$inferSelect

export const userQueues = pgTable(
  'user_queues',
  {
    companyId: tenantKey(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queueId')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.queueId] }),
    index('user_queues_company_queue_idx').on(t.companyId, t.queueId),
  ],
)
