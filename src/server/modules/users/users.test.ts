import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildConnection, buildPlan, buildQueue, buildUser } from '@tests/factories'
import { loginAs, refreshCookieOf, signIn } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { users } from './users.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** A company with an admin and a plain user, both signed in. */
async function team(planOverrides: Parameters<typeof buildPlan>[1] = {}) {
  const company = await buildCompany(t.db, { plan: await buildPlan(t.db, planOverrides) })
  const admin = await buildUser(t.db, { company, profile: 'admin', name: 'Alice Admin' })
  const agent = await buildUser(t.db, { company, profile: 'user', name: 'Bruno Agent' })
  return {
    company,
    admin,
    agent,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
  }
}

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Carla Nova',
  email: `carla-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'secret12',
  ...overrides,
})

describe('GET /users/', () => {
  test('lists the company users by name with queues, count and hasMore; never another company', async () => {
    const { company, asAdmin } = await team()
    const queue = await buildQueue(t.db, company, { name: 'Vendas' })
    await buildUser(t.db, { company, name: 'Zeca', queueIds: [queue.id] })
    await buildUser(t.db, { name: 'Foreigner' })
    const response = await t.app.inject({ method: 'GET', url: '/users/', headers: asAdmin })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.users.map((u: { name: string }) => u.name)).toEqual([
      'Alice Admin',
      'Bruno Agent',
      'Zeca',
    ])
    expect(body).toMatchObject({ count: 3, hasMore: false })
    expect(body.users[2].queues).toEqual([{ id: queue.id, name: 'Vendas', color: queue.color }])
    expect(body.users[0]).not.toHaveProperty('passwordHash')
  })

  test('searches by name or e-mail and pages by 20', async () => {
    const { company, asAdmin } = await team()
    for (let i = 0; i < 21; i++)
      await buildUser(t.db, { company, name: `Paged ${String(i).padStart(2, '0')}` })
    const first = (
      await t.app.inject({
        method: 'GET',
        url: '/users/?searchParam=paged&pageNumber=1',
        headers: asAdmin,
      })
    ).json()
    const second = (
      await t.app.inject({
        method: 'GET',
        url: '/users/?searchParam=paged&pageNumber=2',
        headers: asAdmin,
      })
    ).json()
    expect([first.users.length, first.hasMore, first.count]).toEqual([20, true, 21])
    expect([second.users.length, second.hasMore]).toEqual([1, false])
    const percent = (
      await t.app.inject({ method: 'GET', url: '/users/?searchParam=%25', headers: asAdmin })
    ).json()
    expect(percent.count).toBe(0)
  })

  test('a plain user may not list users', async () => {
    const { asAgent } = await team()
    const response = await t.app.inject({ method: 'GET', url: '/users/', headers: asAgent })
    expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('GET /users/:id', () => {
  test('self or admin; a colleague is forbidden to a plain user; a foreign user is not found', async () => {
    const { admin, agent, asAdmin, asAgent } = await team()
    const foreign = await buildUser(t.db)
    expect(
      (await t.app.inject({ method: 'GET', url: `/users/${agent.id}`, headers: asAgent }))
        .statusCode,
    ).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: `/users/${agent.id}`, headers: asAdmin }))
        .statusCode,
    ).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: `/users/${admin.id}`, headers: asAgent }))
        .statusCode,
    ).toBe(403)
    const response = await t.app.inject({
      method: 'GET',
      url: `/users/${foreign.id}`,
      headers: asAdmin,
    })
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_USER_FOUND' }])
  })
})

describe('POST /users', () => {
  test('creates a user with queues; profile defaults to user; companyId in the body is ignored', async () => {
    const { company, asAdmin } = await team()
    const queue = await buildQueue(t.db, company)
    const connection = await buildConnection(t.db, company)
    const foreignCompany = await buildCompany(t.db)
    const response = await t.app.inject({
      method: 'POST',
      url: '/users',
      headers: asAdmin,
      payload: newUser({
        queueIds: [queue.id],
        companyId: foreignCompany.id,
        whatsappId: connection.id,
        startWork: '08:00',
        endWork: '18:00',
      }),
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      companyId: company.id,
      profile: 'user',
      super: false,
      queueIds: [queue.id],
      whatsappId: connection.id,
      startWork: '08:00',
    })
  })

  test('validates fields with the spec limits and answers the field', async () => {
    const { asAdmin } = await team()
    const cases: Array<[Record<string, unknown>, string]> = [
      [newUser({ name: 'A' }), 'name'],
      [newUser({ name: 'x'.repeat(51) }), 'name'],
      [newUser({ password: '1234' }), 'password'],
      [newUser({ email: 'not-an-email' }), 'email'],
      [newUser({ profile: 'root' }), 'profile'],
      [newUser({ startWork: '25:00' }), 'startWork'],
      [newUser({ defaultTicketsManagerWidth: 300 }), 'defaultTicketsManagerWidth'],
    ]
    for (const [payload, field] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/users',
        headers: asAdmin,
        payload,
      })
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
    }
  })

  test('refuses a taken e-mail (any company, any case), and a queue or connection of another company', async () => {
    const { asAdmin } = await team()
    const other = await buildUser(t.db)
    const taken = await t.app.inject({
      method: 'POST',
      url: '/users',
      headers: asAdmin,
      payload: newUser({ email: other.email.toUpperCase() }),
    })
    expect([taken.statusCode, taken.json()]).toEqual([409, { error: 'ERR_DUPLICATED_EMAIL' }])
    const foreignCompany = await buildCompany(t.db)
    const foreignQueue = await buildQueue(t.db, foreignCompany)
    const queue = await t.app.inject({
      method: 'POST',
      url: '/users',
      headers: asAdmin,
      payload: newUser({ queueIds: [foreignQueue.id] }),
    })
    expect([queue.statusCode, queue.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'queueIds' },
    ])
    const foreignConnection = await buildConnection(t.db, foreignCompany)
    const connection = await t.app.inject({
      method: 'POST',
      url: '/users',
      headers: asAdmin,
      payload: newUser({ whatsappId: foreignConnection.id }),
    })
    expect([connection.statusCode, connection.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'whatsappId' },
    ])
  })

  test('stops at the plan user limit, even under concurrent requests', async () => {
    const { asAdmin } = await team({ users: 4 })
    const attempts = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({ method: 'POST', url: '/users', headers: asAdmin, payload: newUser() }),
      ),
    )
    const codes = attempts.map((response) => response.statusCode).sort()
    expect(codes).toEqual([201, 201, 403])
    expect(attempts.find((response) => response.statusCode === 403)!.json()).toEqual({
      error: 'ERR_USER_LIMIT_REACHED',
    })
  })

  test('a plain user may not create users', async () => {
    const { asAgent } = await team()
    expect(
      (await t.app.inject({ method: 'POST', url: '/users', headers: asAgent, payload: newUser() }))
        .statusCode,
    ).toBe(403)
  })
})

describe('PUT /users/:id', () => {
  test('keys the body does not declare are dropped: nobody makes himself super', async () => {
    const { agent, asAgent } = await team()
    const response = await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: asAgent,
      payload: { name: 'Bruno', super: true, passwordHash: 'x', tokenVersion: 99, companyId: 1 },
    })
    expect(response.statusCode).toBe(200)
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.id))
    expect(row).toMatchObject({
      name: 'Bruno',
      super: false,
      passwordHash: agent.passwordHash,
      companyId: agent.companyId,
    })
    expect(row!.tokenVersion).not.toBe(99)
  })

  test('a plain user edits his own name, theme and password but not his profile, queues or switches', async () => {
    const { company, agent, asAgent } = await team()
    const mine = await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: asAgent,
      payload: {
        name: 'Bruno Renamed',
        defaultTheme: 'dark',
        profile: 'user',
        showDashboard: 'disabled',
        queueIds: [],
      },
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ name: 'Bruno Renamed', defaultTheme: 'dark' })

    const queue = await buildQueue(t.db, company)
    for (const payload of [
      { profile: 'admin' },
      { showDashboard: 'enabled' },
      { queueIds: [queue.id] },
      { startWork: '01:00' },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/users/${agent.id}`,
        headers: asAgent,
        payload,
      })
      expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    }
  })

  test('a plain user may not edit a colleague; an admin may, and queues change only when sent', async () => {
    const { company, admin, agent, asAdmin, asAgent } = await team()
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/users/${admin.id}`,
          headers: asAgent,
          payload: { name: 'Hacked' },
        })
      ).statusCode,
    ).toBe(403)
    const queue = await buildQueue(t.db, company)
    const withQueue = await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: asAdmin,
      payload: { queueIds: [queue.id], showDashboard: 'enabled' },
    })
    expect(withQueue.json()).toMatchObject({ queueIds: [queue.id], showDashboard: 'enabled' })
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: asAdmin,
      payload: { name: 'Still Queued' },
    })
    expect(renamed.json()).toMatchObject({ name: 'Still Queued', queueIds: [queue.id] })
  })

  test('the last admin cannot be demoted; a foreign user is not found', async () => {
    const { admin, asAdmin } = await team()
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/users/${admin.id}`,
      headers: asAdmin,
      payload: { profile: 'user' },
    })
    expect([demote.statusCode, demote.json()]).toEqual([409, { error: 'ERR_LAST_ADMIN' }])
    const foreign = await buildUser(t.db)
    const response = await t.app.inject({
      method: 'PUT',
      url: `/users/${foreign.id}`,
      headers: asAdmin,
      payload: { name: 'Nope' },
    })
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_USER_FOUND' }])
  })

  test('changing the password ends the other sessions but keeps the one that changed it', async () => {
    const { agent } = await team()
    const elsewhere = await loginAs(t.app, agent)
    const refreshElsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: agent.email, password: agent.password },
    })
    const current = { authorization: `Bearer ${refreshElsewhere.json().token}` }
    const cookie = refreshElsewhere.cookies.find((c) => c.name === 'jrt')!.value
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: elsewhere })).statusCode,
    ).toBe(403)
    const change = await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: current,
      payload: { password: 'another-secret', currentPassword: agent.password },
    })
    expect(change.statusCode).toBe(200)
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      cookies: { jrt: cookie },
    })
    expect(refreshed.statusCode).toBe(200)
  })

  test('a user changing his own password or e-mail confirms his current password (probe F5)', async () => {
    const { agent, asAgent } = await team()
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/users/${agent.id}`, headers: asAgent, payload })
    for (const change of [{ password: 'taken-over-1' }, { email: 'taken@over.test' }]) {
      const missing = await put(change)
      expect([missing.statusCode, missing.json()]).toEqual([
        400,
        { error: 'ERR_CURRENT_PASSWORD_REQUIRED', field: 'currentPassword' },
      ])
      const wrong = await put({ ...change, currentPassword: 'not-my-password' })
      expect([wrong.statusCode, wrong.json()]).toEqual([
        403,
        { error: 'ERR_WRONG_CURRENT_PASSWORD', field: 'currentPassword' },
      ])
    }
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, agent.id))
    expect(unchanged).toMatchObject({ email: agent.email, passwordHash: agent.passwordHash })

    // The profile dialog sends the e-mail back as it was: that needs no password.
    const renamed = await put({ name: 'Bruno Again', email: agent.email })
    expect(renamed.statusCode).toBe(200)

    const changed = await put({
      email: 'bruno-new@example.test',
      password: 'bruno-new-1',
      currentPassword: agent.password,
    })
    expect([changed.statusCode, changed.json().email]).toEqual([200, 'bruno-new@example.test'])
    expect(
      (await signIn(t.app, { email: 'bruno-new@example.test', password: 'bruno-new-1' }))
        .authorization,
    ).toMatch(/^Bearer /)
  })

  test("an admin changes a colleague's password and e-mail without it; the colleague's sessions end, rotated cookies included", async () => {
    const { agent, asAdmin } = await team()
    const session = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: agent.email, password: agent.password },
    })
    const first = refreshCookieOf(session)!
    const refresh = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie } })
    const latest = refreshCookieOf(await refresh(first))!

    const change = await t.app.inject({
      method: 'PUT',
      url: `/users/${agent.id}`,
      headers: asAdmin,
      payload: { email: 'agent-moved@example.test', password: 'set-by-admin' },
    })
    expect(change.statusCode).toBe(200)
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${session.json().token}` },
    })
    expect(me.statusCode).toBe(403)
    for (const cookie of [first, latest]) expect((await refresh(cookie)).statusCode).toBe(401)
    await expect(
      signIn(t.app, { email: 'agent-moved@example.test', password: 'set-by-admin' }),
    ).resolves.toBeDefined()
  })
})

describe('DELETE /users/:id', () => {
  test('admin deletes a user; not himself; a plain user may not; a foreign user is not found', async () => {
    const { admin, agent, asAdmin, asAgent } = await team()
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/users/${admin.id}`, headers: asAgent }))
        .statusCode,
    ).toBe(403)
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/users/${admin.id}`,
      headers: asAdmin,
    })
    expect([self.statusCode, self.json()]).toEqual([409, { error: 'ERR_CANNOT_DELETE_SELF' }])
    const foreign = await buildUser(t.db)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/users/${foreign.id}`, headers: asAdmin }))
        .statusCode,
    ).toBe(404)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/users/${agent.id}`, headers: asAdmin }))
        .statusCode,
    ).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: `/users/${agent.id}`, headers: asAdmin }))
        .statusCode,
    ).toBe(404)
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/me', headers: asAgent })).statusCode,
    ).toBe(403)
  })
})

describe('avatar and ticket list width', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
  const multipart = (field: string, content: Buffer, filename: string) => {
    const boundary = '----atende-test'
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nuser\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return {
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }
  }

  test('stores a real image, answers a signed URL that serves it, and refuses non-images', async () => {
    const { agent, asAgent } = await team()
    const upload = multipart('profileImage', png, 'me.png')
    const response = await t.app.inject({
      method: 'POST',
      url: `/users/${agent.id}/media-upload`,
      payload: upload.payload,
      headers: { ...asAgent, ...upload.headers },
    })
    expect(response.statusCode).toBe(200)
    const url: string = response.json().user.profileImage
    expect(url).toMatch(
      new RegExp(`^/media/${agent.companyId}/users/[a-f0-9]+\\.png\\?expires=\\d+&signature=`),
    )
    const served = await t.app.inject({ method: 'GET', url })
    expect([served.statusCode, served.rawPayload.equals(png)]).toEqual([200, true])
    const tampered = await t.app.inject({
      method: 'GET',
      url: url.replace('signature=', 'signature=x'),
    })
    expect(tampered.statusCode).toBe(403)

    const text = multipart('profileImage', Buffer.from('<svg onload="alert(1)"/>'), 'evil.png')
    const refused = await t.app.inject({
      method: 'POST',
      url: `/users/${agent.id}/media-upload`,
      payload: text.payload,
      headers: { ...asAgent, ...text.headers },
    })
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'ERR_INVALID_FILE' }])
  })

  test('an image over 2 MB is refused; a colleague avatar is forbidden to a plain user', async () => {
    const { admin, agent, asAgent } = await team()
    const big = multipart(
      'profileImage',
      Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]),
      'big.png',
    )
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `/users/${agent.id}/media-upload`,
      payload: big.payload,
      headers: { ...asAgent, ...big.headers },
    })
    expect([tooBig.statusCode, tooBig.json()]).toEqual([413, { error: 'ERR_FILE_TOO_LARGE' }])
    const other = multipart('profileImage', png, 'x.png')
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/users/${admin.id}/media-upload`,
      payload: other.payload,
      headers: { ...asAgent, ...other.headers },
    })
    expect(forbidden.statusCode).toBe(403)
  })

  test('ticket list width accepts 404..700 for oneself', async () => {
    const { admin, agent, asAgent } = await team()
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/users/toggleChangeWidht/${agent.id}`,
      headers: asAgent,
      payload: { defaultTicketsManagerWidth: 600 },
    })
    expect([ok.statusCode, ok.json().defaultTicketsManagerWidth]).toEqual([200, 600])
    for (const width of [403, 701]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/users/toggleChangeWidht/${agent.id}`,
        headers: asAgent,
        payload: { defaultTicketsManagerWidth: width },
      })
      expect(bad.statusCode).toBe(400)
    }
    const colleague = await t.app.inject({
      method: 'PUT',
      url: `/users/toggleChangeWidht/${admin.id}`,
      headers: asAgent,
      payload: { defaultTicketsManagerWidth: 500 },
    })
    expect(colleague.statusCode).toBe(403)
  })
})

test('GET /users/list answers every user of the company for pickers, to any user', async () => {
  const { asAgent } = await team()
  const response = await t.app.inject({ method: 'GET', url: '/users/list', headers: asAgent })
  expect(response.statusCode).toBe(200)
  expect(response.json().map((u: { name: string }) => u.name)).toEqual([
    'Alice Admin',
    'Bruno Agent',
  ])
})
