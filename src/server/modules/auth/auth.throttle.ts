import { LOGIN_LIMITS } from '@shared/constants'
import type { Database } from '@server/db/client'
import { AppError } from '@server/lib/app-error'
import { authRepository } from './auth.repository'

const HOUR_MS = 3_600_000

/** Sign-ups and reset requests: this many per IP in the window. */
const REQUEST_LIMITS = {
  signup: { requests: 5, windowMs: HOUR_MS },
  'password-reset': { requests: 10, windowMs: HOUR_MS },
} as const
type RequestKind = keyof typeof REQUEST_LIMITS

/** Attempts older than every window count for nothing. */
const LONGEST_WINDOW_MS = Math.max(
  LOGIN_LIMITS.perPair.windowMs,
  LOGIN_LIMITS.perIp.windowMs,
  ...Object.values(REQUEST_LIMITS).map((limit) => limit.windowMs),
)

/**
 * How long an address must wait, after its latest failure from one IP, before that IP may try it
 * again: nothing for the first few failures, then a wait that doubles with each one.
 */
export function loginWaitMs(failures: number): number {
  const { freeFailures, firstWaitMs, maxWaitMs } = LOGIN_LIMITS.perPair
  if (failures < freeFailures) return 0
  return Math.min(firstWaitMs * 2 ** (failures - freeFailures), maxWaitMs)
}

/**
 * The sign-in, sign-up and reset throttles over the `auth_attempts` ledger, which every
 * instance shares. Login failures are keyed by (address, IP) so that failures someone else
 * causes never refuse the owner's right password from another IP (probe F6); one IP failing on
 * many addresses (spraying, guessing addresses) is refused as a whole.
 */
export function createAuthThrottle(db: Database) {
  const repo = authRepository(db)
  const since = (windowMs: number) => new Date(Date.now() - windowMs)

  return {
    /**
     * Books a sign-in attempt as a failure before the password is checked, or refuses it (429)
     * while this IP must wait before trying the address again, or has failed on too many. Checked
     * and booked under a lock of the IP, so that a burst of concurrent guesses cannot all pass
     * one check; `forgiveLogin` takes the booking back when the password is right.
     */
    async bookLogin(ip: string, email: string): Promise<void> {
      const { perPair, perIp } = LOGIN_LIMITS
      await db.transaction(async (tx) => {
        const txRepo = authRepository(tx)
        await txRepo.lockLoginsFrom(ip)
        const pair = await txRepo.loginFailuresOf(ip, email, since(perPair.windowMs))
        if (pair.latest && Date.now() - pair.latest.getTime() < loginWaitMs(pair.failures))
          throw new AppError('ERR_TOO_MANY_ATTEMPTS')
        if ((await txRepo.failedAddressesFrom(ip, since(perIp.windowMs))) >= perIp.failures)
          throw new AppError('ERR_TOO_MANY_ATTEMPTS')
        await txRepo.recordAttempt('login-failure', ip, email, new Date())
      })
    },

    /** A sign-in forgives this IP's failures on the address, and only those. */
    forgiveLogin: (ip: string, email: string) => repo.clearLoginFailures(ip, email),

    /** 429 once the IP made as many requests of this kind as its window allows. */
    async checkRequest(kind: RequestKind, ip: string): Promise<void> {
      const { requests, windowMs } = REQUEST_LIMITS[kind]
      if ((await repo.countFromIp(kind, ip, since(windowMs))) >= requests)
        throw new AppError('ERR_TOO_MANY_ATTEMPTS')
    },

    recordRequest: (kind: RequestKind, ip: string, email: string) =>
      repo.recordAttempt(kind, ip, email, new Date()),

    /** Housekeeping: the ledger only needs the longest window. */
    prune: () => repo.pruneAttempts(since(LONGEST_WINDOW_MS)),
  }
}
