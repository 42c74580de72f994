import { eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { buildCompany, buildPlan, buildUser } from '@tests/factories'
import { loginAs, refreshCookieOf, signIn } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { createMailer } from '@server/lib/mailer'
import { companies } from '@server/modules/companies/companies.table'
import { users } from '@server/modules/users/users.table'
import { LOGIN_LIMITS } from '@shared/constants'
import { addDays } from '@shared/dates'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** The app's clock, frozen: throttle windows and the refresh grace move only when a test says so. */
function useClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
const advanceClock = (ms: number) => vi.setSystemTime(Date.now() + ms)

/** A local SMTP server that keeps what it receives, as the password-reset tests need. */
async function startSmtpSink() {
  const received: { to: string; data: string }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',')
        received.push({ to, data: data.replace(/=\r?\n/g, '').replace(/=3D/g, '=') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return {
    received,
    mailer: createMailer({ url: `smtp://127.0.0.1:${port}`, from: 'test@atende.test' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The payloads of every job of one name, queued or done. */
async function jobsNamed(app: TestApp, name: string) {
  const { rows } = (await app.db.execute(
    sql`SELECT data FROM pgboss.job WHERE name = ${name}`,
  )) as {
    rows: { data: unknown }[]
  }
  return rows.map((row) => row.data)
}

const login = (
  email: string,
  password: string,
  ip = '10.0.0.1',
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers,
  })

describe('POST /auth/login', () => {
  test('answers a token and the session user with company, plan and settings; the refresh cookie is HttpOnly on /auth', async () => {
    const user = await buildUser(t.db, { profile: 'admin' })
    const response = await login(user.email.toUpperCase(), user.password)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.token).toEqual(expect.any(String))
    expect(body.refreshToken).toBeUndefined()
    expect(body.user).toMatchObject({
      id: user.id,
      profile: 'admin',
      company: { id: user.companyId, plan: { useWhatsapp: true } },
    })
    expect(body.user.company.companieSettings).toMatchObject({ sendGreetingAccepted: 'disabled' })
    expect(body.user).not.toHaveProperty('passwordHash')
    const cookie = response.cookies.find((c) => c.name === 'jrt')
    expect(cookie).toMatchObject({ httpOnly: true, path: '/auth', sameSite: 'Strict' })
  })

  test('the same answer for an unknown e-mail and a wrong password', async () => {
    const user = await buildUser(t.db)
    const wrong = await login(user.email, 'not-the-password', '10.0.1.1')
    const unknown = await login('nobody@example.test', 'whatever', '10.0.1.2')
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: 'ERR_INVALID_CREDENTIALS' }])
    expect([unknown.statusCode, unknown.json()]).toEqual([
      401,
      { error: 'ERR_INVALID_CREDENTIALS' },
    ])
  })

  test('outside the user work hours → 401 ERR_OUT_OF_HOURS', async () => {
    const company = await buildCompany(t.db, { timezone: 'UTC' })
    const hour = new Date().getUTCHours()
    const start = `${String((hour + 2) % 24).padStart(2, '0')}:00`
    const end = `${String((hour + 3) % 24).padStart(2, '0')}:00`
    const user = await buildUser(t.db, { company, startWork: start, endWork: end })
    const response = await login(user.email, user.password, '10.0.4.1')
    expect([response.statusCode, response.json()]).toEqual([401, { error: 'ERR_OUT_OF_HOURS' }])
  })

  test('a company disabled by the operator cannot sign in', async () => {
    const user = await buildUser(t.db, { company: await buildCompany(t.db, { status: false }) })
    const response = await login(user.email, user.password, '10.0.5.1')
    expect([response.statusCode, response.json()]).toEqual([401, { error: 'ERR_COMPANY_DISABLED' }])
  })

  test('an expired company signs in but is served only auth and its own company', async () => {
    const company = await buildCompany(t.db, { dueDate: '2020-01-01' })
    const user = await buildUser(t.db, { company, profile: 'admin' })
    const response = await login(user.email, user.password, '10.0.6.1')
    expect(response.statusCode).toBe(200)
    expect(response.json().user.company.dueDate).toBe('2020-01-01')
    const headers = { authorization: `Bearer ${response.json().token}` }
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: `/companies/listPlan/${company.id}`, headers }))
        .statusCode,
    ).toBe(200)
    const users = await t.app.inject({ method: 'GET', url: '/users/', headers })
    expect([users.statusCode, users.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('login throttling (probe F6)', () => {
  useClock()
  const { perIp, perPair } = LOGIN_LIMITS
  const failures = (count: number) => Array<number>(count).fill(401)

  test('failures of one account from one IP earn a growing wait, the right password included', async () => {
    const user = await buildUser(t.db)
    const ip = '10.3.2.1'
    for (let i = 0; i < perPair.freeFailures; i++)
      expect((await login(user.email, 'bad', ip)).statusCode).toBe(401)
    const waiting = await login(user.email, user.password, ip)
    expect([waiting.statusCode, waiting.json()]).toEqual([429, { error: 'ERR_TOO_MANY_ATTEMPTS' }])
    advanceClock(perPair.firstWaitMs - 1)
    expect((await login(user.email, 'bad', ip)).statusCode).toBe(429)
    advanceClock(1)
    expect((await login(user.email, 'bad', ip)).statusCode).toBe(401)
    // One more failure doubles the wait.
    advanceClock(2 * perPair.firstWaitMs - 1)
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429)
    advanceClock(1)
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200)
    // Signing in forgives that IP's failures on the account.
    for (let i = 0; i < perPair.freeFailures; i++)
      expect((await login(user.email, 'bad', ip)).statusCode).toBe(401)
  })

  test('a burst of concurrent guesses gets no more tries than guesses one after another', async () => {
    const user = await buildUser(t.db)
    const burst = await Promise.all(
      Array.from({ length: 2 * perPair.freeFailures }, () => login(user.email, 'bad', '10.3.6.1')),
    )
    const answers = burst.map((response) => response.statusCode).sort()
    expect(answers).toEqual([
      ...failures(perPair.freeFailures),
      ...Array<number>(perPair.freeFailures).fill(429),
    ])
  })

  test("failures from other IPs never lock the account's owner out", async () => {
    const user = await buildUser(t.db)
    const answers: number[] = []
    for (const ip of ['10.3.3.1', '10.3.3.2', '10.3.3.3'])
      for (let i = 0; i < perPair.freeFailures; i++)
        answers.push((await login(user.email, 'bad', ip)).statusCode)
    expect(answers).toEqual(failures(3 * perPair.freeFailures))
    expect((await login(user.email, user.password, '10.3.3.99')).statusCode).toBe(200)
  })

  test('one IP failing on one account does not lock out the others behind that IP', async () => {
    const company = await buildCompany(t.db)
    const victim = await buildUser(t.db, { company })
    const colleague = await buildUser(t.db, { company })
    const shared = '10.3.4.1'
    const answers: number[] = []
    for (const wait of [...Array<number>(perPair.freeFailures).fill(0), 1, 2]) {
      advanceClock(wait * perPair.firstWaitMs)
      answers.push((await login(victim.email, 'bad', shared)).statusCode)
    }
    expect(answers).toEqual(failures(perPair.freeFailures + 2))
    expect((await login(colleague.email, colleague.password, shared)).statusCode).toBe(200)
    expect((await login(victim.email, victim.password, shared)).statusCode).toBe(429)
    expect((await login(victim.email, victim.password, '10.3.4.2')).statusCode).toBe(200)
  })

  test('one IP failing on many addresses is refused for a while; other IPs are not', async () => {
    const user = await buildUser(t.db)
    const sprayer = '10.3.5.1'
    for (let i = 0; i < perIp.failures; i++)
      expect((await login(`spray-${i}@x.test`, 'bad', sprayer)).statusCode).toBe(401)
    const refused = await login(user.email, user.password, sprayer)
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: 'ERR_TOO_MANY_ATTEMPTS' }])
    expect((await login(user.email, user.password, '10.3.5.2')).statusCode).toBe(200)
    advanceClock(perIp.windowMs)
    expect((await login(user.email, user.password, sprayer)).statusCode).toBe(200)
  })
})

describe('access tokens', () => {
  test('missing → 401 ERR_SESSION_EXPIRED; malformed or expired → 403 ERR_INVALID_TOKEN', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/auth/me' })
    expect([missing.statusCode, missing.json()]).toEqual([401, { error: 'ERR_SESSION_EXPIRED' }])
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: 'Bearer nope' },
    })
    expect([garbage.statusCode, garbage.json()]).toEqual([403, { error: 'ERR_INVALID_TOKEN' }])

    const user = await buildUser(t.db)
    const expired = await new SignJWT({ cid: user.companyId, tv: 0, sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret))
    const response = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${expired}` },
    })
    expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_INVALID_TOKEN' }])
  })

  test('a token signed with another secret is refused', async () => {
    const user = await buildUser(t.db)
    const forged = await new SignJWT({ cid: user.companyId, tv: 0, sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(40)))
    const response = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${forged}` },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('refresh, single session and logout', () => {
  useClock()
  const refresh = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie } })

  test('the refresh cookie rotates; replaying a rotated one revokes every session of the user', async () => {
    const user = await buildUser(t.db)
    const first = await login(user.email, user.password, '10.1.0.1')
    const cookie = refreshCookieOf(first)!
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      cookies: { jrt: cookie },
    })
    expect(refreshed.statusCode).toBe(200)
    const rotated = refreshCookieOf(refreshed)!
    expect(rotated).not.toBe(cookie)
    expect(refreshed.json().user.id).toBe(user.id)

    // Within the grace window a concurrent duplicate gets an access token but no new cookie.
    const racing = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      cookies: { jrt: cookie },
    })
    expect(racing.statusCode).toBe(200)
    expect(refreshCookieOf(racing)).toBeUndefined()

    // Past the grace window the replay is theft: everything is revoked.
    advanceClock(20_000)
    const replay = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      cookies: { jrt: cookie },
    })
    expect([replay.statusCode, replay.json()]).toEqual([401, { error: 'ERR_SESSION_EXPIRED' }])
    const afterTheft = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      cookies: { jrt: rotated },
    })
    expect(afterTheft.statusCode).toBe(401)
  })

  test.each([
    [
      'logout',
      async (session: { token: string; cookie: string }) => {
        await t.app.inject({
          method: 'DELETE',
          url: '/auth/logout',
          headers: { authorization: `Bearer ${session.token}` },
          cookies: { jrt: session.cookie },
        })
      },
    ],
    [
      'a sign-in elsewhere',
      async (_session: unknown, user: { email: string; password: string }) => {
        expect((await login(user.email, user.password, '10.1.4.2')).statusCode).toBe(200)
      },
    ],
    [
      "an admin's change of the password",
      async (_session: unknown, user: { id: number; companyId: number }) => {
        const admin = await buildUser(t.db, { companyId: user.companyId, profile: 'admin' })
        const change = await t.app.inject({
          method: 'PUT',
          url: `/users/${user.id}`,
          headers: await loginAs(t.app, admin),
          payload: { password: 'chosen-by-admin' },
        })
        expect(change.statusCode).toBe(200)
      },
    ],
  ])(
    'after %s, the rotated cookie of the ended session gets nothing, even within the grace (probe F4)',
    async (_ending, end) => {
      const user = await buildUser(t.db)
      const first = await login(user.email, user.password, '10.1.4.1')
      const rotated = await refresh(refreshCookieOf(first)!)
      expect(rotated.statusCode).toBe(200)
      const latest = {
        token: rotated.json<{ token: string }>().token,
        cookie: refreshCookieOf(rotated)!,
      }
      await end(latest, user)
      for (const cookie of [refreshCookieOf(first)!, latest.cookie]) {
        const response = await refresh(cookie)
        expect([response.statusCode, response.json()]).toEqual([
          401,
          { error: 'ERR_SESSION_EXPIRED' },
        ])
      }
    },
  )

  test("the desktop app's rotated refresh token ends with its session too (probe F4)", async () => {
    const user = await buildUser(t.db)
    const desktop = { 'x-atende-client': 'desktop' }
    const first = (await login(user.email, user.password, '10.1.5.1', desktop)).json<{
      refreshToken: string
    }>()
    const refreshDesktop = (refreshToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/refresh_token',
        headers: desktop,
        payload: { refreshToken },
      })
    const rotated = await refreshDesktop(first.refreshToken)
    const { token, refreshToken } = rotated.json<{ token: string; refreshToken: string }>()
    // Within the grace, a second request with the first token still gets an access token.
    expect((await refreshDesktop(first.refreshToken)).statusCode).toBe(200)
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/auth/logout',
      headers: { ...desktop, authorization: `Bearer ${token}` },
      payload: { refreshToken },
    })
    expect(out.statusCode).toBe(204)
    expect((await refreshDesktop(first.refreshToken)).statusCode).toBe(401)
    expect((await refreshDesktop(refreshToken)).statusCode).toBe(401)
  })

  test('the desktop client gets the refresh token in the body and sends it back in the body', async () => {
    const user = await buildUser(t.db)
    const desktop = { 'x-atende-client': 'desktop' }
    const response = await login(user.email, user.password, '10.1.1.1', desktop)
    expect(response.statusCode).toBe(200)
    expect(refreshCookieOf(response)).toBeUndefined()
    const { refreshToken } = response.json()
    expect(refreshToken).toEqual(expect.any(String))
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      headers: desktop,
      payload: { refreshToken },
    })
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.json().refreshToken).not.toBe(refreshToken)
  })

  test('signing in again ends the first session: its access token and refresh cookie stop working', async () => {
    const user = await buildUser(t.db)
    const first = await login(user.email, user.password, '10.1.2.1')
    const firstHeaders = { authorization: `Bearer ${first.json().token}` }
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: firstHeaders })).statusCode,
    ).toBe(200)
    await login(user.email, user.password, '10.1.2.2')
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: firstHeaders })).statusCode,
    ).toBe(403)
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      cookies: { jrt: refreshCookieOf(first)! },
    })
    expect(refresh.statusCode).toBe(401)
  })

  test('logout revokes the session and clears the cookie', async () => {
    const user = await buildUser(t.db)
    const session = await login(user.email, user.password, '10.1.3.1')
    const cookie = refreshCookieOf(session)!
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${session.json().token}` },
      cookies: { jrt: cookie },
    })
    expect(out.statusCode).toBe(204)
    expect(out.cookies.find((c) => c.name === 'jrt')?.value).toBe('')
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie } }))
        .statusCode,
    ).toBe(401)
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/auth/me',
          headers: { authorization: `Bearer ${session.json().token}` },
        })
      ).statusCode,
    ).toBe(403)
  })
})

describe('POST /auth/signup', () => {
  const signup = (payload: Record<string, unknown>, ip = '10.2.0.1') =>
    t.app.inject({ method: 'POST', url: '/auth/signup', payload, remoteAddress: ip })

  test('creates a company on a public plan with the spec values; the body cannot grant a role', async () => {
    const plan = await buildPlan(t.db, { isPublic: true })
    const response = await signup({
      name: 'Maria Silva',
      email: 'maria@newco.test',
      password: 'secret12',
      phone: '5511999990000',
      companyName: 'NewCo',
      planId: plan.id,
      dueDate: '2999-01-01',
      recurrence: 'ANUAL',
      status: false,
      profile: 'user',
      super: true,
    })
    expect([response.statusCode, response.json()]).toEqual([202, { message: 'Sign-up received' }])
    const signedIn = await login('maria@newco.test', 'secret12', '10.2.0.2')
    const user = signedIn.json().user
    expect(user).toMatchObject({ profile: 'admin', super: false, name: 'Maria Silva' })
    const today = new Date().toISOString().slice(0, 10)
    expect([addDays(today, 6), addDays(today, 7), addDays(today, 8)]).toContain(
      user.company.dueDate,
    )
    expect(user.company.status).toBe(true)
  })

  test('refuses a private plan and invalid fields', async () => {
    const privatePlan = await buildPlan(t.db, { isPublic: false })
    const base = { name: 'Ana', email: 'ana@x.test', password: 'secret12', companyName: 'AnaCo' }
    expect((await signup({ ...base, planId: privatePlan.id }, '10.2.1.1')).json()).toEqual({
      error: 'ERR_PLAN_NOT_AVAILABLE',
    })
    const publicPlan = await buildPlan(t.db)
    const short = await signup({ ...base, name: 'A', planId: publicPlan.id }, '10.2.1.3')
    expect([short.statusCode, short.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'name' },
    ])
  })

  test('an address that has an account gets the answer of a new one, and nothing changes (probe F9)', async () => {
    const plan = await buildPlan(t.db)
    const existing = await buildUser(t.db)
    const body = { name: 'Eva', password: 'eva-pass-1', planId: plan.id }
    const fresh = await signup({ ...body, email: 'eva@new.test', companyName: 'EvaCo' }, '10.2.3.1')
    const taken = await signup(
      { ...body, email: existing.email.toUpperCase(), companyName: 'TakenCo' },
      '10.2.3.2',
    )
    expect([taken.statusCode, taken.json()]).toEqual([fresh.statusCode, fresh.json()])
    expect(fresh.statusCode).toBe(202)
    expect(await t.db.$count(companies, eq(companies.name, 'TakenCo'))).toBe(0)
    expect((await login(existing.email, 'eva-pass-1', '10.2.3.3')).statusCode).toBe(401)
    expect((await login(existing.email, existing.password, '10.2.3.4')).statusCode).toBe(200)
    expect((await login('eva@new.test', 'eva-pass-1', '10.2.3.5')).statusCode).toBe(200)
  })

  test.each(['userCreation', 'allowSignup'] as const)(
    'answers ERR_USER_CREATION_DISABLED when the operator turned %s off, and creates nothing',
    async (setting) => {
      await t.services.settings.upsertGlobal(setting, 'disabled')
      const plan = await buildPlan(t.db)
      const email = `rui-${setting}@x.test`
      const response = await signup(
        { name: 'Rui', email, password: 'secret12', companyName: 'RuiCo', planId: plan.id },
        '10.2.2.1',
      )
      await t.services.settings.upsertGlobal(setting, 'enabled')
      expect([response.statusCode, response.json()]).toEqual([
        403,
        { error: 'ERR_USER_CREATION_DISABLED' },
      ])
      expect(await t.db.$count(users, eq(users.email, email))).toBe(0)
    },
  )
})

describe('password reset', () => {
  test('without SMTP the server says so', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: 'a@b.test' },
    })
    expect([response.statusCode, response.json()]).toEqual([
      503,
      { error: 'ERR_EMAIL_NOT_CONFIGURED' },
    ])
  })
})

describe('with SMTP', () => {
  let mailed: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  beforeAll(async () => {
    smtp = await startSmtpSink()
    mailed = await buildTestApp({ mailer: smtp.mailer })
  })
  afterAll(async () => {
    await mailed.close()
    await smtp.close()
  })

  const forgot = (email: string) =>
    mailed.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })

  test('a reset request is answered alike for any address; a job mails the link (probe F8)', async () => {
    const user = await buildUser(mailed.db)
    const unknown = await forgot('ghost@x.test')
    const known = await forgot(user.email)
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body])
    expect(known.statusCode).toBe(204)
    // Both requests did the same work: each queued one job, which looks the address up.
    const jobs = await jobsNamed(mailed, 'auth.password-reset')
    expect(jobs).toHaveLength(2)
    expect(jobs).toEqual(expect.arrayContaining([{ email: 'ghost@x.test' }, { email: user.email }]))
    await mailed.deps.jobs.settled(['auth.password-reset'])
    expect(smtp.received.map((mail) => mail.to)).toEqual([user.email])
  })

  test('mails a single-use link through a real SMTP server; the new password works, the old does not', async () => {
    const user = await buildUser(mailed.db)
    smtp.received.length = 0
    expect((await forgot(user.email)).statusCode).toBe(204)
    await mailed.deps.jobs.settled(['auth.password-reset'])
    expect(smtp.received).toHaveLength(1)
    const token = /forgetpsw\?token=([A-Za-z0-9_-]+)/.exec(smtp.received[0]!.data)?.[1]
    expect(token).toBeDefined()

    const reset = await mailed.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'brand-new-1' },
    })
    expect(reset.statusCode).toBe(204)
    const again = await mailed.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'brand-new-2' },
    })
    expect([again.statusCode, again.json()]).toEqual([400, { error: 'ERR_INVALID_RESET_TOKEN' }])
    const old = await mailed.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    expect(old.statusCode).toBe(401)
    expect(
      (await signIn(mailed.app, { email: user.email, password: 'brand-new-1' })).authorization,
    ).toMatch(/^Bearer /)
  })

  test('a sign-up with a registered address mails its owner a notice instead (probe F9)', async () => {
    const plan = await buildPlan(mailed.db)
    const owner = await buildUser(mailed.db)
    smtp.received.length = 0
    const body = { name: 'Ivo', password: 'ivo-pass-1', planId: plan.id, companyName: 'IvoCo' }
    const taken = await mailed.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { ...body, email: owner.email },
    })
    expect(taken.statusCode).toBe(202)
    await mailed.deps.jobs.settled(['auth.signup-notice'])
    expect(smtp.received.map((mail) => mail.to)).toEqual([owner.email])
    expect(smtp.received[0]!.data).toContain(`${mailed.config.publicUrl}/#/forgetpsw`)

    // A new address gets no notice.
    await mailed.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { ...body, email: 'ivo@new.test' },
    })
    await mailed.deps.jobs.settled(['auth.signup-notice'])
    expect(smtp.received).toHaveLength(1)
  })
})

test('GET /version is public', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/version' })
  expect(response.json()).toEqual({ version: '0.0.0-test' })
})
