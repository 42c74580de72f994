import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PLATFORM_COMPANY_DUE_DATE } from '@shared/constants'
import { defaultServiceHours } from '@shared/contracts/service-hours'
import { buildCompany, buildConnection, buildPlan, buildTicket, buildUser } from '@tests/factories'
import { loginAs, signIn } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
let platform: Awaited<ReturnType<typeof buildCompany>>
let asSuper: Record<string, string>

beforeAll(async () => {
  t = await buildTestApp()
  // The first company of a fresh database is company 1, the platform owner.
  platform = await buildCompany(t.db, { dueDate: PLATFORM_COMPANY_DUE_DATE })
  expect(platform.id).toBe(1)
  asSuper = await loginAs(
    t.app,
    await buildUser(t.db, { company: platform, profile: 'admin', super: true }),
  )
})
afterAll(() => t.close())

async function tenant() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company })
  return {
    company,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
  }
}

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

describe('POST /companies', () => {
  test('the super user creates the company, its admin (who can sign in) and its settings', async () => {
    const plan = await buildPlan(t.db, { useInstagram: false })
    const email = `nova-${Date.now()}@empresa.test`
    const created = await inject('POST', '/companies', asSuper, {
      name: 'Empresa Nova',
      email,
      password: 'segredo1',
      planId: plan.id,
      recurrence: 'TRIMESTRAL',
      dueDate: '2030-01-31',
    })
    expect(created.statusCode).toBe(201)
    const company = created.json()
    expect(company).toMatchObject({
      name: 'Empresa Nova',
      email,
      status: true,
      recurrence: 'TRIMESTRAL',
      dueDate: '2030-01-31',
      numberAttendants: 1,
      numberConections: 1,
      campaignsEnabled: true,
      plan: { id: plan.id, useInstagram: false },
    })
    const asNewAdmin = await signIn(t.app, { email, password: 'segredo1' })
    const me = await inject('GET', '/auth/me', asNewAdmin)
    expect(me.json()).toMatchObject({ name: 'Empresa Nova', profile: 'admin', super: false })
    const settings = await inject('GET', `/companySettings/${company.id}`, asNewAdmin)
    expect(settings.json()).toMatchObject({
      companyId: company.id,
      sendGreetingAccepted: 'disabled',
    })
  })

  test('validation: short name, missing password, unknown plan, taken email', async () => {
    const plan = await buildPlan(t.db)
    const base = {
      name: 'Empresa',
      email: `v-${Date.now()}@x.test`,
      password: 'segredo1',
      planId: plan.id,
    }
    const short = await inject('POST', '/companies', asSuper, { ...base, name: 'A' })
    expect([short.statusCode, short.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'name' },
    ])
    const { password: _password, ...withoutPassword } = base
    const noPassword = await inject('POST', '/companies', asSuper, withoutPassword)
    expect(noPassword.json()).toEqual({ error: 'ERR_VALIDATION', field: 'password' })
    const badRecurrence = await inject('POST', '/companies', asSuper, {
      ...base,
      recurrence: 'DIARIO',
    })
    expect(badRecurrence.statusCode).toBe(400)
    const unknownPlan = await inject('POST', '/companies', asSuper, { ...base, planId: 999_999 })
    expect([unknownPlan.statusCode, unknownPlan.json()]).toEqual([
      404,
      { error: 'ERR_NO_PLAN_FOUND' },
    ])
    const taken = await inject('POST', '/companies', asSuper, { ...base, email: platform.email })
    expect(taken.statusCode).toBe(201)
    const clash = await inject('POST', '/companies', asSuper, { ...base, email: platform.email })
    expect([clash.statusCode, clash.json()]).toEqual([409, { error: 'ERR_DUPLICATED_EMAIL' }])
  })

  test('an admin may not create companies', async () => {
    const { asAdmin } = await tenant()
    const response = await inject('POST', '/companies', asAdmin, {
      name: 'Empresa',
      email: 'x@x.test',
      password: 'segredo1',
      planId: platform.planId,
    })
    expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('reading companies', () => {
  test('the super user pages through every company; others see only their own', async () => {
    const { company, asAgent } = await tenant()
    const all = await inject('GET', '/companies?pageNumber=1', asSuper)
    expect(all.json().count).toBeGreaterThan(1)
    expect(all.json().companies[0]).toHaveProperty('plan.name')
    const own = await inject('GET', '/companies', asAgent)
    expect(own.json()).toMatchObject({ count: 1, hasMore: false, companies: [{ id: company.id }] })
    const list = await inject('GET', '/companies/list', asAgent)
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([company.id])
    expect((await inject('GET', '/companies/list', asSuper)).json().length).toBeGreaterThan(1)
  })

  test('GET /companies/{id}: own company; another is not found except for the super user', async () => {
    const { company, asAgent } = await tenant()
    expect((await inject('GET', `/companies/${company.id}`, asAgent)).json()).toMatchObject({
      id: company.id,
      plan: { id: company.planId },
    })
    const foreign = await inject('GET', `/companies/${platform.id}`, asAgent)
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'ERR_NO_COMPANY_FOUND' }])
    expect((await inject('GET', `/companies/${company.id}`, asSuper)).statusCode).toBe(200)
  })

  test('GET /companiesPlan/ measures media folders once and then answers from the cache', async () => {
    const { company, asAdmin } = await tenant()
    const folder = join(t.config.mediaDir, String(company.id), 'users')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'a.png'), Buffer.alloc(1000))
    writeFileSync(join(folder, 'b.png'), Buffer.alloc(24))
    const rowOf = async () => {
      const pages = []
      for (let page = 1; ; page++) {
        const response = await inject('GET', `/companiesPlan/?pageNumber=${page}`, asSuper)
        expect(response.statusCode).toBe(200)
        pages.push(...response.json().companies)
        if (!response.json().hasMore) break
      }
      return pages.find((row: { id: number }) => row.id === company.id)
    }
    expect(await rowOf()).toMatchObject({ folderSize: 1024, numberFileFolder: 2 })
    writeFileSync(join(folder, 'c.png'), Buffer.alloc(10))
    const cached = await rowOf()
    expect(cached).toMatchObject({ folderSize: 1024, numberFileFolder: 2 })
    expect(cached.updatedAtFolder).toEqual(expect.any(String))
    const refused = await inject('GET', '/companiesPlan/', asAdmin)
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('PUT /companies/{id}', () => {
  test('the super user edits a company; a new email and password go to its admin', async () => {
    const plan = await buildPlan(t.db)
    const email = `antes-${Date.now()}@x.test`
    const created = (
      await inject('POST', '/companies', asSuper, {
        name: 'Antes',
        email,
        password: 'segredo1',
        planId: plan.id,
      })
    ).json()
    const newEmail = `depois-${Date.now()}@x.test`
    const updated = await inject('PUT', `/companies/${created.id}`, asSuper, {
      id: created.id,
      name: 'Depois',
      email: newEmail,
      password: 'novasenha',
      recurrence: 'ANUAL',
      dueDate: '2031-02-28',
      status: false,
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({
      name: 'Depois',
      email: newEmail,
      recurrence: 'ANUAL',
      dueDate: '2031-02-28',
      status: false,
    })
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: newEmail, password: 'novasenha' },
    })
    // Disabled by the edit above: the credentials are right, the company is off.
    expect(login.json()).toEqual({ error: 'ERR_COMPANY_DISABLED' })
  })

  test('an email another user holds is refused with a clear code, and nothing changes', async () => {
    const { company } = await tenant()
    const other = await buildUser(t.db, { company: platform })
    const response = await inject('PUT', `/companies/${company.id}`, asSuper, {
      name: 'Renomeada',
      email: other.email,
    })
    expect([response.statusCode, response.json()]).toEqual([409, { error: 'ERR_DUPLICATED_EMAIL' }])
    expect((await inject('GET', `/companies/${company.id}`, asSuper)).json().name).toBe(
      company.name,
    )
  })

  test('a day that does not exist is a validation error, not a failed write', async () => {
    const { company } = await tenant()
    const response = await inject('PUT', `/companies/${company.id}`, asSuper, {
      dueDate: '2031-02-30',
    })
    expect([response.statusCode, response.json()]).toMatchObject([400, { error: 'ERR_VALIDATION' }])
  })

  test('company 1 can be neither disabled nor given another due date', async () => {
    const disable = await inject('PUT', `/companies/${platform.id}`, asSuper, { status: false })
    expect([disable.statusCode, disable.json()]).toEqual([
      409,
      { error: 'ERR_PLATFORM_COMPANY', field: 'status' },
    ])
    const expire = await inject('PUT', `/companies/${platform.id}`, asSuper, {
      dueDate: '2020-01-01',
    })
    expect(expire.json()).toEqual({ error: 'ERR_PLATFORM_COMPANY', field: 'dueDate' })
    const rename = await inject('PUT', `/companies/${platform.id}`, asSuper, {
      name: 'Plataforma',
      dueDate: PLATFORM_COMPANY_DUE_DATE,
    })
    expect(rename.json()).toMatchObject({ name: 'Plataforma', dueDate: PLATFORM_COMPANY_DUE_DATE })
  })

  test('an admin may not edit even his own company', async () => {
    const { company, asAdmin } = await tenant()
    const response = await inject('PUT', `/companies/${company.id}`, asAdmin, { name: 'Minha' })
    expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('DELETE /companies/{id}', () => {
  test('removes the company with everything it owns and its media folder', async () => {
    const { company } = await tenant()
    const connection = await buildConnection(t.db, company)
    await buildTicket(t.db, company, { connection })
    const folder = join(t.config.mediaDir, String(company.id))
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'x.bin'), 'x')
    const response = await inject('DELETE', `/companies/${company.id}`, asSuper)
    expect(response.statusCode).toBe(200)
    expect(existsSync(folder)).toBe(false)
    const gone = await inject('GET', `/companies/${company.id}`, asSuper)
    expect([gone.statusCode, gone.json()]).toEqual([404, { error: 'ERR_NO_COMPANY_FOUND' }])
    expect((await inject('DELETE', `/companies/${company.id}`, asSuper)).statusCode).toBe(404)
  })

  test('company 1 cannot be deleted; an admin cannot delete anything', async () => {
    const platformDelete = await inject('DELETE', `/companies/${platform.id}`, asSuper)
    expect([platformDelete.statusCode, platformDelete.json()]).toEqual([
      409,
      { error: 'ERR_PLATFORM_COMPANY' },
    ])
    const { company, asAdmin } = await tenant()
    const byAdmin = await inject('DELETE', `/companies/${company.id}`, asAdmin)
    expect([byAdmin.statusCode, byAdmin.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('PUT /companies/{id}/schedules', () => {
  test('an admin stores his company hours; another company is not found; a user is refused', async () => {
    const { company, asAdmin, asAgent } = await tenant()
    const schedules = defaultServiceHours()
    const saved = await inject('PUT', `/companies/${company.id}/schedules`, asAdmin, { schedules })
    expect([saved.statusCode, saved.json().schedules]).toEqual([200, schedules])
    const foreign = await inject('PUT', `/companies/${platform.id}/schedules`, asAdmin, {
      schedules,
    })
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'ERR_NO_COMPANY_FOUND' }])
    const byAgent = await inject('PUT', `/companies/${company.id}/schedules`, asAgent, {
      schedules,
    })
    expect(byAgent.statusCode).toBe(403)
    const halfShift = schedules.map((day) => ({ ...day, endTimeA: '' }))
    const invalid = await inject('PUT', `/companies/${company.id}/schedules`, asAdmin, {
      schedules: halfShift,
    })
    expect([invalid.statusCode, invalid.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'schedules' },
    ])
    expect(
      (await inject('PUT', `/companies/${company.id}/schedules`, asSuper, { schedules }))
        .statusCode,
    ).toBe(200)
  })
})
