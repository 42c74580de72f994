import { and, count, countDistinct, eq, gt, isNull, max, ne, sql } from 'drizzle-orm'
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

    /** Whether the session still holds an unrevoked, unexpired refresh token. */
    async sessionIsLive(companyId: number, sessionId: string): Promise<boolean> {
      const [live] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.companyId, companyId),
            eq(refreshTokens.sessionId, sessionId),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, new Date()),
          ),
        )
        .limit(1)
      return live !== undefined
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

    /** Serialises the sign-in checks of one IP until the transaction ends (on every instance). */
    async lockLoginsFrom(ip: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${ip}`}, 0))`)
    },

    /** `at` comes from the app's clock, the one the throttle windows are measured with. */
    async recordAttempt(kind: AttemptKind, ip: string, email: string, at: Date): Promise<void> {
      await db.insert(authAttempts).values({ kind, ip, email, createdAt: at })
    },

    /** Attempts of a kind from this IP since `since`. */
    async countFromIp(kind: AttemptKind, ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ attempts: count() })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, kind),
            eq(authAttempts.ip, ip),
            gt(authAttempts.createdAt, since),
          ),
        )
      return row?.attempts ?? 0
    },

    /** Failed sign-ins on this address from this IP since `since`, and the latest one. */
    async loginFailuresOf(ip: string, email: string, since: Date) {
      const [row] = await db
        .select({ failures: count(), latest: max(authAttempts.createdAt) })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, 'login-failure'),
            eq(authAttempts.email, email),
            eq(authAttempts.ip, ip),
            gt(authAttempts.createdAt, since),
          ),
        )
      return { failures: row?.failures ?? 0, latest: row?.latest ?? null }
    },

    /** How many different addresses failed to sign in from this IP since `since`. */
    async failedAddressesFrom(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ addresses: countDistinct(authAttempts.email) })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, 'login-failure'),
            eq(authAttempts.ip, ip),
            gt(authAttempts.createdAt, since),
          ),
        )
      return row?.addresses ?? 0
    },

    async clearLoginFailures(ip: string, email: string): Promise<void> {
      await db
        .delete(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, 'login-failure'),
            eq(authAttempts.email, email),
            eq(authAttempts.ip, ip),
          ),
        )
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
