import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createMailer } from '@server/lib/mailer'
import { buildCompany, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function actors() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company })
  const operator = await buildUser(t.db, {
    company: await buildCompany(t.db),
    profile: 'admin',
    super: true,
  })
  return {
    company,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
    asSuper: await loginAs(t.app, operator),
  }
}

describe('company settings', () => {
  test('every key with its default; the own company only (a foreign id is not found)', async () => {
    const { company, asAgent } = await actors()
    const own = await t.app.inject({
      method: 'GET',
      url: `/companySettings/${company.id}`,
      headers: asAgent,
    })
    expect(own.statusCode).toBe(200)
    expect(own.json()).toMatchObject({
      companyId: company.id,
      scheduleType: 'disabled',
      sendGreetingAccepted: 'disabled',
      requiredTag: 'disabled',
      DirectTicketsToWallets: false,
      showNotificationPending: false,
    })
    const foreign = await buildCompany(t.db)
    const response = await t.app.inject({
      method: 'GET',
      url: `/companySettings/${foreign.id}`,
      headers: asAgent,
    })
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_COMPANY_FOUND' }])
  })

  test('one key through companySettingOne; unknown keys are not found', async () => {
    const { asAgent } = await actors()
    const one = await t.app.inject({
      method: 'GET',
      url: '/companySettingOne?column=lgpdHideNumber',
      headers: asAgent,
    })
    expect(one.json()).toEqual({ lgpdHideNumber: 'disabled' })
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/companySettingOne?column=passwordHash',
      headers: asAgent,
    })
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'ERR_NO_SETTING_FOUND' }])
  })

  test('an admin writes a key with a typed value; the dependent message rules hold', async () => {
    const { company, asAdmin } = await actors()
    const put = (column: string, data: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/companySettings',
        headers: asAdmin,
        payload: { column, data },
      })

    const ok = await put('requiredTag', 'enabled')
    expect([ok.statusCode, ok.json()]).toEqual([
      200,
      { response: true, result: { key: 'requiredTag', value: 'enabled' } },
    ])
    expect((await put('requiredTag', 'maybe')).json()).toEqual({
      error: 'ERR_VALIDATION',
      field: 'data',
    })
    expect((await put('showNotificationPending', 'yes')).statusCode).toBe(400)
    expect((await put('showNotificationPending', true)).statusCode).toBe(200)

    const needsMessage = await put('sendGreetingAccepted', 'enabled')
    expect([needsMessage.statusCode, needsMessage.json()]).toEqual([
      400,
      { error: 'ERR_SETTING_MESSAGE_REQUIRED', field: 'greetingAcceptedMessage' },
    ])
    expect((await put('greetingAcceptedMessage', 'Olá, {{name}}!')).statusCode).toBe(200)
    expect((await put('sendGreetingAccepted', 'enabled')).statusCode).toBe(200)
    const clearing = await put('greetingAcceptedMessage', '  ')
    expect(clearing.json()).toEqual({
      error: 'ERR_SETTING_MESSAGE_REQUIRED',
      field: 'greetingAcceptedMessage',
    })
    // Calls rejected ("disabled") need the rejection text.
    expect((await put('acceptCallWhatsapp', 'disabled')).statusCode).toBe(400)

    const row = await t.app.inject({
      method: 'GET',
      url: `/companySettings/${company.id}`,
      headers: asAdmin,
    })
    expect(row.json()).toMatchObject({
      requiredTag: 'enabled',
      sendGreetingAccepted: 'enabled',
      showNotificationPending: true,
    })
  })

  test('a plain user may not write; unknown columns are refused', async () => {
    const { asAdmin, asAgent } = await actors()
    const byAgent = await t.app.inject({
      method: 'PUT',
      url: '/companySettings',
      headers: asAgent,
      payload: { column: 'requiredTag', data: 'enabled' },
    })
    expect([byAgent.statusCode, byAgent.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const injection = await t.app.inject({
      method: 'PUT',
      url: '/companySettings',
      headers: asAdmin,
      payload: { column: '"companyId"', data: '2' },
    })
    expect(injection.statusCode).toBe(404)
  })
})

describe('settings snapshot', () => {
  test('inside a snapshot a company is read once; outside it every read sees the database', async () => {
    const company = await buildCompany(t.db)
    const { settings } = t.services
    const setLgpd = (value: string) =>
      t.db.execute(
        sql`UPDATE company_settings SET "enableLGPD" = ${value} WHERE "companyId" = ${company.id}`,
      )
    const seen = await settings.snapshot(async () => {
      const first = await settings.companyValues(company.id)
      await setLgpd('enabled')
      const second = await settings.companyValues(company.id)
      return [first.enableLGPD, second.enableLGPD]
    })
    expect(seen).toEqual(['disabled', 'disabled'])
    expect((await settings.companyValues(company.id)).enableLGPD).toBe('enabled')
    await setLgpd('disabled')
    expect((await settings.companyValues(company.id)).enableLGPD).toBe('disabled')
  })

  test('an admin who changes a setting while a snapshot is open is read back at once', async () => {
    const { company, asAdmin } = await actors()
    const { settings } = t.services
    const seen = await settings.snapshot(async () => {
      const before = await settings.companyValues(company.id)
      const put = await t.app.inject({
        method: 'PUT',
        url: '/companySettings',
        headers: asAdmin,
        payload: { column: 'enableLGPD', data: 'enabled' },
      })
      expect(put.statusCode).toBe(200)
      // A request of the admin's own, while the batch that opened the snapshot still runs.
      const after = await settings.companyValues(company.id)
      return [before.enableLGPD, after.enableLGPD]
    })
    expect(seen).toEqual(['disabled', 'enabled'])
  })

  test('a snapshot held open by overlapping work is renewed: a change elsewhere is seen within a second', async () => {
    const company = await buildCompany(t.db)
    const { settings } = t.services
    const clock = vi.spyOn(performance, 'now')
    try {
      clock.mockReturnValue(1_000)
      let release = () => {}
      const held = settings.snapshot(() => new Promise<void>((resolve) => (release = resolve)))
      expect((await settings.companyValues(company.id)).enableLGPD).toBe('disabled')
      await t.db.execute(
        sql`UPDATE company_settings SET "enableLGPD" = 'enabled' WHERE "companyId" = ${company.id}`,
      )
      const soon = await settings.snapshot(() => settings.companyValues(company.id))
      clock.mockReturnValue(2_500)
      const later = await settings.snapshot(() => settings.companyValues(company.id))
      release()
      await held
      expect([soon.enableLGPD, later.enableLGPD]).toEqual(['disabled', 'enabled'])
    } finally {
      clock.mockRestore()
    }
  })
})

describe('platform settings', () => {
  test('the super user writes branding and switches; an admin may not; values are validated', async () => {
    const { asAdmin, asSuper } = await actors()
    const put = (headers: Record<string, string>, key: string, value: string) =>
      t.app.inject({ method: 'PUT', url: `/settings/${key}`, headers, payload: { value } })
    expect((await put(asAdmin, 'primaryColorLight', '#112233')).json()).toEqual({
      error: 'ERR_NO_PERMISSION',
    })
    expect((await put(asSuper, 'primaryColorLight', '#112233')).json()).toEqual({
      key: 'primaryColorLight',
      value: '#112233',
    })
    expect((await put(asSuper, 'primaryColorLight', 'red; background:url(x)')).statusCode).toBe(400)
    expect((await put(asSuper, 'downloadLimit', '4096')).statusCode).toBe(400)
    expect((await put(asSuper, 'downloadLimit', '128')).statusCode).toBe(200)
    expect((await put(asSuper, 'nope', 'x')).statusCode).toBe(404)

    const publicValue = await t.app.inject({
      method: 'GET',
      url: '/public-settings/primaryColorLight',
    })
    expect(publicValue.json()).toEqual({ key: 'primaryColorLight', value: '#112233' })
    expect(
      (await t.app.inject({ method: 'GET', url: '/public-settings/downloadLimit' })).statusCode,
    ).toBe(404)
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/public-settings/appName?token=anything' })
      ).json(),
    ).toEqual({ key: 'appName', value: '' })
  })

  test('passwordReset says, without signing in, whether the server can mail a reset link', async () => {
    const read = async (app: TestApp) =>
      (await app.app.inject({ method: 'GET', url: '/public-settings/passwordReset' })).json()
    expect(await read(t)).toEqual({ key: 'passwordReset', value: 'disabled' })

    // A configured transport is enough: nothing is sent until a reset is requested.
    const mailing = await buildTestApp({
      mailer: createMailer({ url: 'smtp://127.0.0.1:2525', from: 'test@atende.test' }),
    })
    try {
      expect(await read(mailing)).toEqual({ key: 'passwordReset', value: 'enabled' })
    } finally {
      await mailing.close()
    }
  })

  test('GET /settings shows branding to everyone and the platform switches to the super user only', async () => {
    const { asAgent, asSuper } = await actors()
    const keys = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/settings', headers }))
        .json()
        .map((s: { key: string }) => s.key)
    expect(await keys(asAgent)).not.toContain('userCreation')
    expect(await keys(asAgent)).toContain('appName')
    expect(await keys(asSuper)).toContain('userCreation')
    expect(
      (await t.app.inject({ method: 'GET', url: '/setting/userCreation', headers: asAgent }))
        .statusCode,
    ).toBe(403)
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/setting/userCreation', headers: asSuper })
      ).json(),
    ).toEqual({ key: 'userCreation', value: 'enabled' })
  })
})

describe('plans and company plan', () => {
  test('GET /plans/list is public and lists public plans only; /plans/all is the super user’s', async () => {
    const { asAdmin, asSuper } = await actors()
    const list = await t.app.inject({ method: 'GET', url: '/plans/list' })
    expect(list.statusCode).toBe(200)
    expect(list.json()[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      users: 10,
      connections: 5,
      queues: 5,
      amount: '99.90',
    })
    expect(
      (await t.app.inject({ method: 'GET', url: '/plans/all', headers: asAdmin })).statusCode,
    ).toBe(403)
    expect(
      (await t.app.inject({ method: 'GET', url: '/plans/all', headers: asSuper })).json()[0],
    ).toHaveProperty('useKanban')
  })

  test('GET /companies/listPlan/:id: own company with plan flags; another company is not found, except for the super user', async () => {
    const { company, asAgent, asSuper } = await actors()
    const own = await t.app.inject({
      method: 'GET',
      url: `/companies/listPlan/${company.id}`,
      headers: asAgent,
    })
    expect(own.json()).toMatchObject({ id: company.id, plan: { useCampaigns: true, users: 10 } })
    const foreign = await buildCompany(t.db)
    const refused = await t.app.inject({
      method: 'GET',
      url: `/companies/listPlan/${foreign.id}`,
      headers: asAgent,
    })
    expect([refused.statusCode, refused.json()]).toEqual([404, { error: 'ERR_NO_COMPANY_FOUND' }])
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/companies/listPlan/${foreign.id}`,
          headers: asSuper,
        })
      ).statusCode,
    ).toBe(200)
  })
})

describe('white-label', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
  const upload = (headers: Record<string, string>, mode: string, content: Buffer) => {
    const boundary = '----atende-logo'
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
    const payload = Buffer.concat([
      Buffer.from(field('typeArch', 'logo') + field('mode', mode)),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return t.app.inject({
      method: 'POST',
      url: '/settings-whitelabel/logo',
      payload,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
  }

  test('the super user uploads a logo: stored, named in appLogo{mode} and served without a token', async () => {
    const { asSuper } = await actors()
    const first = await upload(asSuper, 'Dark', png)
    expect(first.statusCode).toBe(200)
    const name = first.body
    expect(name).toMatch(/^logo-dark-[0-9a-f]{16}\.png$/)
    expect(
      (await t.app.inject({ method: 'GET', url: '/public-settings/appLogoDark' })).json(),
    ).toEqual({ key: 'appLogoDark', value: name })
    const served = await t.app.inject({ method: 'GET', url: `/public/${name}` })
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png'])

    // A new upload replaces the file: the old name is no longer served.
    const second = (await upload(asSuper, 'Dark', png)).body
    expect(second).not.toBe(name)
    expect((await t.app.inject({ method: 'GET', url: `/public/${name}` })).statusCode).toBe(404)
  })

  test('a bad mode, a non-image, a big file or an admin are refused with a code', async () => {
    const { asAdmin, asSuper } = await actors()
    const badMode = await upload(asSuper, 'Purple', png)
    expect([badMode.statusCode, badMode.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'mode' },
    ])
    const svg = await upload(asSuper, 'Light', Buffer.from('<svg onload="alert(1)"/>'))
    expect([svg.statusCode, svg.json()]).toEqual([400, { error: 'ERR_INVALID_FILE' }])
    const big = await upload(asSuper, 'Light', Buffer.concat([png, Buffer.alloc(1024 * 1024)]))
    expect([big.statusCode, big.json()]).toEqual([413, { error: 'ERR_FILE_TOO_LARGE' }])
    const byAdmin = await upload(asAdmin, 'Light', png)
    expect([byAdmin.statusCode, byAdmin.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const traversal = await t.app.inject({ method: 'GET', url: '/public/..%2Fsecrets.json' })
    expect(traversal.statusCode).toBe(400)
  })

  test('GET /settings/{key} reads a key; PUT /setting/{key} is the super user’s', async () => {
    const { asAdmin, asSuper } = await actors()
    const written = await t.app.inject({
      method: 'PUT',
      url: '/setting/appName',
      headers: asSuper,
      payload: { value: 'Marca' },
    })
    expect(written.json()).toEqual({ key: 'appName', value: 'Marca' })
    expect(
      (await t.app.inject({ method: 'GET', url: '/settings/appName', headers: asAdmin })).json(),
    ).toEqual({ key: 'appName', value: 'Marca' })
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/setting/userCreation',
      headers: asAdmin,
      payload: { value: 'disabled' },
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    expect(
      (await t.app.inject({ method: 'GET', url: '/settings/downloadLimit', headers: asAdmin }))
        .statusCode,
    ).toBe(403)
  })
})
