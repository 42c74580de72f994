import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { users } from '../users/users.table'

/**
 * Refresh credentials: only a hash of the token is stored. A rotation revokes the used row and
 * inserts its successor in the same `sessionId`, so reuse of a rotated token is detectable.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('sessionId').notNull(),
    tokenHash: text('tokenHash').notNull().unique(),
    client: text('client', { enum: ['web', 'desktop'] }).notNull(),
    expiresAt: timestamp('expiresAt', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revokedAt', { withTimezone: true }),
    revokedReason: text('revokedReason', {
      enum: ['rotated', 'logout', 'signed-in-elsewhere', 'reuse', 'password-changed', 'deleted'],
    }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_company_user_idx').on(t.companyId, t.userId)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    userId: integer('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('tokenHash').notNull().unique(),
    expiresAt: timestamp('expiresAt', { withTimezone: true }).notNull(),
    usedAt: timestamp('usedAt', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_company_user_idx').on(t.companyId, t.userId)],
)

/**
 * Throttling ledger for login failures, sign-ups and reset requests. Kept in the database so
 * every server instance counts the same attempts.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['login-failure', 'signup', 'password-reset'] }).notNull(),
    ip: text('ip').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_attempts_kind_ip_idx').on(t.kind, t.ip, t.createdAt),
    index('auth_attempts_kind_email_idx').on(t.kind, t.email, t.createdAt),
  ],
)
