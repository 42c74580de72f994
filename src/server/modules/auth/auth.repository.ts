import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { prepared } from '@server/db/prepared'
import { companies } from '../companies/companies.table'
import { plans } from '../plans/plans.table'
import { queues } from '../queues/queues.table'
import { userQueues, users } from '../users/users.table'
import { authAttempts, passwordResetTokens, refreshTokens } from './auth.table'

type RevokeReason = NonNullable<(typeof refreshTokens.$inferSelect)['revokedReason']>
type AttemptKind = (typeof authAttempts.$inferSelect)['kind']

export function authRepository(db: Executor) {
  return {
    /**
     * The caller of a request in one round trip, as every request needs it: the user with the
     * ids of his queues (in the queues' order), and his company with its plan.
     */
    async findCaller(companyId: number, userId: number) {
      const [row] = await prepared(db, 'auth_find_caller', (on, name) =>
        on
          .select({
            user: users,
            queueIds: sql<number[]>`coalesce((
              SELECT array_agg(${queues.id} ORDER BY ${queues.orderQueue}, ${queues.name})
              FROM ${userQueues} JOIN ${queues} ON ${queues.id} = ${userQueues.queueId}
              WHERE ${userQueues.companyId} = ${users.companyId} AND ${userQueues.userId} = ${users.id}
            ), '{}')`,
            company: companies,
            plan: plans,
          })
          .from(users)
          .innerJoin(companies, eq(companies.id, users.companyId))
          .innerJoin(plans, eq(plans.id, companies.planId))
          .where(
            and(
              eq(users.companyId, sql.placeholder('companyId')),
              eq(users.id, sql.placeholder('userId')),
            ),
          )
          .prepare(name),
      ).execute({ companyId, userId })
      return row
    },

    async insertRefreshToken(values: typeof refreshTokens.$inferInsert): Promise<void> {
      await db.insert(refreshTokens).values(values)
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
      return row
    },

    /** Atomically claims an unrevoked token for rotation; false when another request won. */
    async claimRefreshToken(id: number): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(), revokedReason: 'rotated' })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id })
      return rows.length > 0
    },

    /** Revokes the user's live refresh tokens, optionally sparing one session. */
    async revokeUserTokens(
      companyId: number,
      userId: number,
      reason: RevokeReason,
      exceptSessionId?: string,
    ) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(refreshTokens.companyId, companyId),
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            exceptSessionId ? ne(refreshTokens.sessionId, exceptSessionId) : undefined,
          ),
        )
    },

    async revokeSession(companyId: number, sessionId: string, reason: RevokeReason) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(refreshTokens.companyId, companyId),
            eq(refreshTokens.sessionId, sessionId),
            isNull(refreshTokens.revokedAt),
          ),
        )
    },

    async recordAttempt(kind: AttemptKind, ip: string, email: string | null): Promise<void> {
      await db.insert(authAttempts).values({ kind, ip, email })
    },

    /** Attempts of a kind since `since`, for this IP and for this e-mail. */
    async countAttempts(kind: AttemptKind, since: Date, ip: string, email: string | null) {
      const [byIp] = await db
        .select({ value: count() })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, kind),
            eq(authAttempts.ip, ip),
            gt(authAttempts.createdAt, since),
          ),
        )
      const [byEmail] = email
        ? await db
            .select({ value: count() })
            .from(authAttempts)
            .where(
              and(
                eq(authAttempts.kind, kind),
                eq(authAttempts.email, email),
                gt(authAttempts.createdAt, since),
              ),
            )
        : [{ value: 0 }]
      return { byIp: byIp?.value ?? 0, byEmail: byEmail?.value ?? 0 }
    },

    async clearAttempts(kind: AttemptKind, email: string): Promise<void> {
      await db
        .delete(authAttempts)
        .where(and(eq(authAttempts.kind, kind), eq(authAttempts.email, email)))
    },

    async pruneAttempts(before: Date): Promise<void> {
      await db.delete(authAttempts).where(sql`${authAttempts.createdAt} < ${before}`)
    },

    async insertResetToken(values: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db.insert(passwordResetTokens).values(values)
    },

    /** Marks a live reset token used and answers its owner; undefined when unknown, used or expired. */
    async consumeResetToken(tokenHash: string) {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ companyId: passwordResetTokens.companyId, userId: passwordResetTokens.userId })
      return row
    },

    async invalidateResetTokens(companyId: number, userId: number): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.companyId, companyId),
            eq(passwordResetTokens.userId, userId),
            isNull(passwordResetTokens.usedAt),
          ),
        )
    },
  }
}
