import type { AuthUser, CompanyContext, RequestContext } from '@server/context'
import { randomUUID } from 'node:crypto'
import {
  LOGIN_LIMITS,
  PASSWORD_RESET_TTL_SECONDS,
  PLATFORM_COMPANY_ID,
  REFRESH_TOKEN_TTL_SECONDS,
  SIGNUP_TRIAL_DAYS,
} from '@shared/constants'
import type { SessionResponse, SignupBody } from '@shared/contracts/auth'
import type { SessionUser } from '@shared/contracts/users'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { burnPasswordCheck, hashPassword, verifyPassword } from '@server/lib/passwords'
import { addDays, dateIn, minutesIn } from '@shared/dates'
import { isWithinWorkHours } from '@server/lib/time'
import { companyContextOf } from '../companies/companies.presenter'
import type { CompaniesService } from '../companies/companies.service'
import type { PlansService } from '../plans/plans.service'
import type { SettingsService } from '../settings/settings.service'
import type { UsersService } from '../users/users.service'
import { authRepository } from './auth.repository'
import { rooms } from '@shared/realtime/events'

export type ClientKind = 'web' | 'desktop'

interface Collaborators {
  users: UsersService
  companies: CompaniesService
  settings: SettingsService
  plans: PlansService
}

/** A benign race: two tabs refresh with the same cookie; the loser gets an access token only. */
const ROTATION_GRACE_MS = 20_000

type AttemptKind = 'login-failure' | 'signup' | 'password-reset'
type Limit = { failures: number; windowMs: number }
const HOUR_MS = 3_600_000
const THROTTLES: Record<AttemptKind, { perIp: Limit; perAccount: Limit | null }> = {
  'login-failure': LOGIN_LIMITS,
  signup: { perIp: { failures: 5, windowMs: HOUR_MS }, perAccount: null },
  'password-reset': { perIp: { failures: 10, windowMs: HOUR_MS }, perAccount: null },
}

export function createAuthService(
  deps: CoreDeps,
  { users, companies, settings, plans }: Collaborators,
) {
  const { db, tokens } = deps
  const repo = authRepository(db)

  const isExpired = (company: CompanyContext) =>
    company.id !== PLATFORM_COMPANY_ID && company.dueDate < dateIn(company.timezone)

  async function loadContext(
    companyId: number,
    userId: number,
    sessionId: string,
  ): Promise<RequestContext | null> {
    const caller = await repo.findCaller(companyId, userId)
    if (!caller) return null
    const company = companyContextOf(caller.company, caller.plan)
    const user = { ...caller.user, queueIds: caller.queueIds }
    return { companyId, user, company, sessionId, expired: isExpired(company) }
  }

  async function sessionUser(ctx: RequestContext): Promise<SessionUser> {
    const [user, companieSettings] = await Promise.all([
      users.present(ctx.user),
      settings.companyValues(ctx.companyId),
    ])
    const { plan, ...company } = ctx.company
    return {
      ...user,
      company: {
        id: company.id,
        name: company.name,
        dueDate: company.dueDate,
        timezone: company.timezone,
        status: company.status,
        plan,
        companieSettings,
      },
    }
  }

  async function openSession(user: AuthUser, client: ClientKind, sessionId: string = randomUUID()) {
    const refresh = tokens.newOpaqueToken()
    await repo.insertRefreshToken({
      companyId: user.companyId,
      userId: user.id,
      sessionId,
      tokenHash: refresh.hash,
      client,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    return { refreshToken: refresh.token, sessionId }
  }

  async function issue(
    ctx: RequestContext,
    refreshToken: string | null,
  ): Promise<SessionResponse & { refreshToken?: string }> {
    const token = await tokens.signAccess({
      userId: ctx.user.id,
      companyId: ctx.companyId,
      tokenVersion: ctx.user.tokenVersion,
      sessionId: ctx.sessionId,
    })
    return { token, user: await sessionUser(ctx), ...(refreshToken ? { refreshToken } : {}) }
  }

  /** Refuses with 429 once the attempts of this kind reach a limit for the IP or the account. */
  async function throttle(kind: AttemptKind, ip: string, email: string | null) {
    const { perIp, perAccount } = THROTTLES[kind]
    const byIp = await repo.countAttempts(kind, new Date(Date.now() - perIp.windowMs), ip, null)
    if (byIp.byIp >= perIp.failures) throw new AppError('ERR_TOO_MANY_ATTEMPTS')
    if (!perAccount || !email) return
    const byAccount = await repo.countAttempts(
      kind,
      new Date(Date.now() - perAccount.windowMs),
      ip,
      email,
    )
    if (byAccount.byEmail >= perAccount.failures) throw new AppError('ERR_TOO_MANY_ATTEMPTS')
  }

  /** Ends every other session of the user: refresh tokens revoked, access tokens outdated, sockets told and closed. */
  async function revokeOtherSessions(
    companyId: number,
    userId: number,
    reason: 'signed-in-elsewhere' | 'password-changed' | 'deleted',
    keepSessionId?: string,
  ) {
    await repo.revokeUserTokens(companyId, userId, reason, keepSessionId)
    await users.bumpTokenVersion(companyId, userId)
    if (reason === 'signed-in-elsewhere') {
      deps.realtime.emit(companyId, [rooms.user(userId)], 'auth', {
        action: 'update',
        user: { id: userId },
      })
    }
    await deps.realtime.disconnectUser(companyId, userId)
  }

  return {
    /** Verifies an access token and loads the caller; 403 so the client refreshes once. */
    async authenticate(token: string): Promise<RequestContext> {
      const check = await tokens.verifyAccess(token)
      if (!check.ok) throw new AppError('ERR_INVALID_TOKEN')
      const { claims } = check
      const ctx = await loadContext(claims.companyId, claims.userId, claims.sessionId)
      if (!ctx || ctx.user.tokenVersion !== claims.tokenVersion)
        throw new AppError('ERR_INVALID_TOKEN')
      if (!ctx.company.status) throw new AppError('ERR_COMPANY_DISABLED')
      return ctx
    },

    async login(input: { email: string; password: string; ip: string; client: ClientKind }) {
      const email = input.email.trim().toLowerCase()
      await throttle('login-failure', input.ip, email)

      const found = await users.findByEmailForLogin(email)
      let passwordOk = false
      if (found) passwordOk = await verifyPassword(found.passwordHash, input.password)
      // An unknown e-mail costs the same time as a wrong password: no account enumeration.
      else await burnPasswordCheck(input.password)
      if (!found || !passwordOk) {
        await repo.recordAttempt('login-failure', input.ip, email)
        throw new AppError('ERR_INVALID_CREDENTIALS')
      }
      await repo.clearAttempts('login-failure', email)

      const company = await companies.context(found.companyId)
      if (!company) throw new AppError('ERR_INVALID_CREDENTIALS')
      if (!company.status) throw new AppError('ERR_COMPANY_DISABLED')
      if (!isWithinWorkHours(found.startWork, found.endWork, minutesIn(company.timezone))) {
        throw new AppError('ERR_OUT_OF_HOURS')
      }

      // Single session (000 §4): signing in here ends the user's sessions everywhere else.
      await revokeOtherSessions(found.companyId, found.id, 'signed-in-elsewhere')
      await companies.recordLogin(found.companyId)

      const user = await users.findForAuth(found.companyId, found.id)
      if (!user) throw new AppError('ERR_INVALID_CREDENTIALS')
      const session = await openSession(user, input.client)
      const ctx: RequestContext = {
        companyId: user.companyId,
        user,
        company,
        sessionId: session.sessionId,
        expired: isExpired(company),
      }
      return issue(ctx, session.refreshToken)
    },

    /** Rotates the refresh credential; reuse of a rotated one revokes all the user's sessions. */
    async refresh(input: { refreshToken: string | null; client: ClientKind }) {
      if (!input.refreshToken) throw new AppError('ERR_SESSION_EXPIRED')
      const stored = await repo.findRefreshToken(tokens.hashOpaque(input.refreshToken))
      if (!stored || stored.expiresAt < new Date()) throw new AppError('ERR_SESSION_EXPIRED')

      // A token another request rotated a moment ago is a benign race (two tabs): that caller
      // gets an access token only. Any later reuse of a rotated token is treated as theft.
      let rotate = false
      if (stored.revokedAt) {
        const rotated = stored.revokedReason === 'rotated'
        if (!rotated || Date.now() - stored.revokedAt.getTime() >= ROTATION_GRACE_MS) {
          if (rotated) {
            await repo.revokeUserTokens(stored.companyId, stored.userId, 'reuse')
            await users.bumpTokenVersion(stored.companyId, stored.userId)
          }
          throw new AppError('ERR_SESSION_EXPIRED')
        }
      } else {
        rotate = await repo.claimRefreshToken(stored.id)
      }

      const ctx = await loadContext(stored.companyId, stored.userId, stored.sessionId)
      if (!ctx?.company.status) throw new AppError('ERR_SESSION_EXPIRED')
      if (!rotate) return issue(ctx, null)
      const session = await openSession(ctx.user, input.client, stored.sessionId)
      return issue(ctx, session.refreshToken)
    },

    async logout(input: { ctx?: RequestContext; refreshToken: string | null }) {
      let target: { companyId: number; userId: number; sessionId: string } | null = null
      if (input.ctx) {
        target = {
          companyId: input.ctx.companyId,
          userId: input.ctx.user.id,
          sessionId: input.ctx.sessionId,
        }
      } else if (input.refreshToken) {
        const stored = await repo.findRefreshToken(tokens.hashOpaque(input.refreshToken))
        if (stored)
          target = {
            companyId: stored.companyId,
            userId: stored.userId,
            sessionId: stored.sessionId,
          }
      }
      if (!target) return
      await repo.revokeSession(target.companyId, target.sessionId, 'logout')
      await users.bumpTokenVersion(target.companyId, target.userId)
      await users.setPresence(target.companyId, target.userId, false)
      await deps.realtime.disconnectUser(target.companyId, target.userId)
    },

    me: sessionUser,

    /**
     * Creates a company on a public plan with its first admin. The body can never choose the
     * role, due date or status: the server sets the spec's values itself.
     */
    async signup(body: SignupBody, ip: string) {
      // allowSignup also hides the login page's link; the API must refuse as well.
      const switches = await settings.globalValues(['userCreation', 'allowSignup'])
      if (switches.some((setting) => setting.value === 'disabled'))
        throw new AppError('ERR_USER_CREATION_DISABLED')
      await throttle('signup', ip, null)
      const plan = await plans.findPublic(body.planId)
      if (!plan) throw new AppError('ERR_PLAN_NOT_AVAILABLE')
      if (await users.emailTaken(body.email)) throw new AppError('ERR_DUPLICATED_EMAIL')
      const passwordHash = await hashPassword(body.password)
      await repo.recordAttempt('signup', ip, body.email.trim().toLowerCase())

      const created = await db.transaction(async (tx) => {
        const company = await companies.create(tx, {
          name: body.companyName.trim(),
          email: body.email.trim(),
          phone: body.phone?.trim() ?? '',
          planId: plan.id,
          dueDate: addDays(dateIn(deps.defaultTimeZone), SIGNUP_TRIAL_DAYS),
          recurrence: 'MENSAL',
          status: true,
          campaignsEnabled: true,
        })
        const user = await users.createFirstAdmin(tx, {
          companyId: company.id,
          name: body.name.trim(),
          email: body.email.trim(),
          passwordHash,
        })
        await settings.createCompanyDefaults(tx, company.id)
        return { companyId: company.id, userId: user.id }
      })
      return created
    },

    /** Mails a single-use reset link; silent about whether the address exists. */
    async forgotPassword(emailInput: string, ip: string) {
      if (!deps.mailer.configured) throw new AppError('ERR_EMAIL_NOT_CONFIGURED')
      const email = emailInput.trim().toLowerCase()
      await throttle('password-reset', ip, null)
      await repo.recordAttempt('password-reset', ip, email)
      const user = await users.findByEmailForLogin(email)
      if (!user) return
      const reset = tokens.newOpaqueToken()
      await repo.insertResetToken({
        companyId: user.companyId,
        userId: user.id,
        tokenHash: reset.hash,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000),
      })
      const link = `${deps.config.publicUrl}/#/forgetpsw?token=${reset.token}`
      try {
        await deps.mailer.send({
          to: user.email,
          subject: 'Redefinição de senha / Password reset',
          text: `Olá ${user.name},\n\nPara criar uma nova senha, abra: ${link}\nO link vale por 1 hora e pode ser usado uma vez.\n\nTo choose a new password, open the link above (valid for 1 hour, single use).\n\nSe você não pediu, ignore este e-mail.`,
        })
      } catch (error) {
        deps.log.error({ err: error }, 'password reset e-mail failed')
      }
    },

    async resetPassword(token: string, password: string) {
      const owner = await repo.consumeResetToken(tokens.hashOpaque(token))
      if (!owner) throw new AppError('ERR_INVALID_RESET_TOKEN')
      await users.setPassword(owner.companyId, owner.userId, await hashPassword(password))
      await repo.invalidateResetTokens(owner.companyId, owner.userId)
      await revokeOtherSessions(owner.companyId, owner.userId, 'password-changed')
    },

    revokeOtherSessions,

    /** Housekeeping: the throttling ledger only needs the longest window. */
    pruneAttempts: () => repo.pruneAttempts(new Date(Date.now() - 3_600_000 * 2)),
  }
}

export type AuthService = ReturnType<typeof createAuthService>
