import { eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildPlan, buildUser } from '@tests/factories'
import { refreshCookieOf, signIn } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { createMailer } from '@server/lib/mailer'
import { users } from '@server/modules/users/users.table'
import { addDays } from '@shared/dates'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

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

  test('five failures from one IP within five minutes block even the right password (429)', async () => {
    const user = await buildUser(t.db)
    for (let i = 0; i < 5; i++)
      expect((await login(user.email, 'bad', '10.0.2.1')).statusCode).toBe(401)
    const blocked = await login(user.email, user.password, '10.0.2.1')
    expect([blocked.statusCode, blocked.json()]).toEqual([429, { error: 'ERR_TOO_MANY_ATTEMPTS' }])
    expect((await login(user.email, user.password, '10.0.2.2')).statusCode).toBe(200)
  })

  test('ten failures on one account from many IPs block that account (429)', async () => {
    const user = await buildUser(t.db)
    for (let i = 0; i < 10; i++) await login(user.email, 'bad', `10.0.3.${i + 1}`)
    expect((await login(user.email, user.password, '10.0.3.99')).statusCode).toBe(429)
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
    await t.db.execute(
      sql`update refresh_tokens set "revokedAt" = now() - interval '1 minute' where "revokedReason" = 'rotated'`,
    )
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
    expect(response.statusCode).toBe(201)
    const signedIn = await login('maria@newco.test', 'secret12', '10.2.0.2')
    const user = signedIn.json().user
    expect(user).toMatchObject({ profile: 'admin', super: false, name: 'Maria Silva' })
    const today = new Date().toISOString().slice(0, 10)
    expect([addDays(today, 6), addDays(today, 7), addDays(today, 8)]).toContain(
      user.company.dueDate,
    )
    expect(user.company.status).toBe(true)
  })

  test('refuses a private plan, a taken e-mail and invalid fields', async () => {
    const privatePlan = await buildPlan(t.db, { isPublic: false })
    const existing = await buildUser(t.db)
    const base = { name: 'Ana', email: 'ana@x.test', password: 'secret12', companyName: 'AnaCo' }
    expect((await signup({ ...base, planId: privatePlan.id }, '10.2.1.1')).json()).toEqual({
      error: 'ERR_PLAN_NOT_AVAILABLE',
    })
    const publicPlan = await buildPlan(t.db)
    const taken = await signup(
      { ...base, email: existing.email.toUpperCase(), planId: publicPlan.id },
      '10.2.1.2',
    )
    expect([taken.statusCode, taken.json()]).toEqual([409, { error: 'ERR_DUPLICATED_EMAIL' }])
    const short = await signup({ ...base, name: 'A', planId: publicPlan.id }, '10.2.1.3')
    expect([short.statusCode, short.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'name' },
    ])
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

  test('mails a single-use link through a real SMTP server; the new password works, the old does not', async () => {
    const received: string[] = []
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push(data)
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const port = (smtp.server.address() as { port: number }).port
    const mailed = await buildTestApp({
      mailer: createMailer({ url: `smtp://127.0.0.1:${port}`, from: 'test@atende.test' }),
    })
    try {
      const user = await buildUser(mailed.db)
      const unknown = await mailed.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: 'ghost@x.test' },
      })
      expect(unknown.statusCode).toBe(204)
      const known = await mailed.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: user.email },
      })
      expect(known.statusCode).toBe(204)
      expect(received).toHaveLength(1)
      const token = /forgetpsw\?token=([A-Za-z0-9_-]+)/.exec(
        received[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
      )?.[1]
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
    } finally {
      await mailed.close()
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }
  })
})

test('GET /version is public', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/version' })
  expect(response.json()).toEqual({ version: '0.0.0-test' })
})
