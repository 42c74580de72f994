import type { AuthUser, CompanyContext, RequestContext } from '@server/context'
import { randomUUID } from 'node:crypto'
import {
  PASSWORD_RESET_TTL_SECONDS,
  PLATFORM_COMPANY_ID,
  REFRESH_TOKEN_TTL_SECONDS,
  SIGNUP_TRIAL_DAYS,
} from '@shared/constants'
import type { SessionResponse, SignupBody, SignupResponse } from '@shared/contracts/auth'
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
import { createAuthThrottle } from './auth.throttle'
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

/**
 * The one answer to a sign-up, whether it created an account or found the address taken: the
 * caller cannot tell which (probe F9).
 */
const SIGNUP_RECEIVED: SignupResponse = { message: 'Sign-up received' }

export function createAuthService(
  deps: CoreDeps,
  { users, companies, settings, plans }: Collaborators,
) {
  const { db, tokens } = deps
  const repo = authRepository(db)
  const throttle = createAuthThrottle(db)

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

  /** A sign-up's company and first admin; false when the address already has an account. */
  async function createSignedUpCompany(
    body: SignupBody,
    admin: { planId: number; email: string; passwordHash: string },
  ): Promise<boolean> {
    if (await users.emailTaken(admin.email)) return false
    try {
      await db.transaction(async (tx) => {
        const company = await companies.create(tx, {
          name: body.companyName.trim(),
          email: admin.email,
          phone: body.phone?.trim() ?? '',
          planId: admin.planId,
          dueDate: addDays(dateIn(deps.defaultTimeZone), SIGNUP_TRIAL_DAYS),
          recurrence: 'MENSAL',
          status: true,
          campaignsEnabled: true,
        })
        await users.createFirstAdmin(tx, {
          companyId: company.id,
          name: body.name.trim(),
          email: admin.email,
          passwordHash: admin.passwordHash,
        })
        await settings.createCompanyDefaults(tx, company.id)
      })
      return true
    } catch (error) {
      // Another sign-up took the address in the meantime: the same as taken before.
      if (error instanceof AppError && error.code === 'ERR_DUPLICATED_EMAIL') return false
      throw error
    }
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
      // Booked as a failure until the password proves right (auth.throttle.ts).
      await throttle.bookLogin(input.ip, email)

      const found = await users.findByEmailForLogin(email)
      let passwordOk = false
      if (found) passwordOk = await verifyPassword(found.passwordHash, input.password)
      // An unknown e-mail costs the same time as a wrong password: no account enumeration.
      else await burnPasswordCheck(input.password)
      if (!found || !passwordOk) throw new AppError('ERR_INVALID_CREDENTIALS')
      await throttle.forgiveLogin(input.ip, email)

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
      // gets an access token only, and only while the session lives on in the token that
      // replaced it; a logout, password change or sign-in elsewhere ends the grace with the
      // session (probe F4). Any later reuse of a rotated token is treated as theft.
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
        if (!(await repo.sessionIsLive(stored.companyId, stored.sessionId)))
          throw new AppError('ERR_SESSION_EXPIRED')
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
     * role, due date or status: the server sets the spec's values itself. An address that
     * already has an account gets the same answer after the same password hashing, and its
     * owner a notice by e-mail instead (probe F9).
     */
    async signup(body: SignupBody, ip: string): Promise<SignupResponse> {
      // allowSignup also hides the login page's link; the API must refuse as well.
      const switches = await settings.globalValues(['userCreation', 'allowSignup'])
      if (switches.some((setting) => setting.value === 'disabled'))
        throw new AppError('ERR_USER_CREATION_DISABLED')
      await throttle.checkRequest('signup', ip)
      const plan = await plans.findPublic(body.planId)
      if (!plan) throw new AppError('ERR_PLAN_NOT_AVAILABLE')
      const email = body.email.trim()
      const passwordHash = await hashPassword(body.password)
      await throttle.recordRequest('signup', ip, email.toLowerCase())
      const created = await createSignedUpCompany(body, { planId: plan.id, email, passwordHash })
      if (!created && deps.mailer.configured) await deps.jobs.send('auth.signup-notice', { email })
      return SIGNUP_RECEIVED
    },

    /**
     * Queues the reset mail. Whether the address exists is for the job to find out, so the
     * request does the same work, and takes the same time, for any address (probe F8).
     */
    async forgotPassword(emailInput: string, ip: string) {
      if (!deps.mailer.configured) throw new AppError('ERR_EMAIL_NOT_CONFIGURED')
      const email = emailInput.trim().toLowerCase()
      await throttle.checkRequest('password-reset', ip)
      await throttle.recordRequest('password-reset', ip, email)
      await deps.jobs.send('auth.password-reset', { email })
    },

    /**
     * The `auth.password-reset` job: mails a single-use reset link when the address has an
     * account. A failed mail is retried by the queue; the link of a lost try simply expires.
     */
    async mailPasswordReset({ email }: { email: string }) {
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
      await deps.mailer.send({
        to: user.email,
        subject: 'Redefinição de senha / Password reset',
        text: `Olá ${user.name},\n\nPara criar uma nova senha, abra: ${link}\nO link vale por 1 hora e pode ser usado uma vez.\n\nTo choose a new password, open the link above (valid for 1 hour, single use).\n\nSe você não pediu, ignore este e-mail.`,
      })
    },

    /** The `auth.signup-notice` job: tells an account's owner that someone signed up with his address. */
    async mailSignupNotice({ email }: { email: string }) {
      const user = await users.findByEmailForLogin(email)
      if (!user) return
      const forgot = `${deps.config.publicUrl}/#/forgetpsw`
      await deps.mailer.send({
        to: user.email,
        subject: 'Cadastro com o seu e-mail / Sign-up with your e-mail',
        text: `Olá ${user.name},\n\nAlguém tentou criar uma conta nova com este e-mail, que já tem uma conta. Se foi você, entre com a sua senha; se a esqueceu, crie uma nova em: ${forgot}\nSe não foi você, ignore este e-mail: nada mudou na sua conta.\n\nSomeone tried to sign up with this e-mail, which already has an account. If it was you, sign in, or choose a new password at the link above. If it was not, ignore this e-mail: nothing changed.`,
      })
    },

    async resetPassword(token: string, password: string) {
      const owner = await repo.consumeResetToken(tokens.hashOpaque(token))
      if (!owner) throw new AppError('ERR_INVALID_RESET_TOKEN')
      await users.setPassword(owner.companyId, owner.userId, await hashPassword(password))
      await repo.invalidateResetTokens(owner.companyId, owner.userId)
      await revokeOtherSessions(owner.companyId, owner.userId, 'password-changed')
    },

    revokeOtherSessions,

    pruneAttempts: throttle.prune,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
