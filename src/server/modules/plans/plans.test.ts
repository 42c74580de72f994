import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildPlan, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
let asSuper: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  asSuper = await loginAs(
    t.app,
    await buildUser(t.db, { company: await buildCompany(t.db), profile: 'admin', super: true }),
  )
})
afterAll(() => t.close())

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

async function tenant() {
  const company = await buildCompany(t.db)
  return {
    company,
    asAdmin: await loginAs(t.app, await buildUser(t.db, { company, profile: 'admin' })),
  }
}

describe('plans', () => {
  test('the super user creates, edits and deletes a plan; "49,90" is stored as a decimal', async () => {
    const created = await inject('POST', '/plans', asSuper, {
      name: `Sem Instagram ${Date.now()}`,
      users: 3,
      connections: 2,
      queues: 4,
      amount: '49,90',
      useInstagram: false,
      isPublic: false,
    })
    expect(created.statusCode).toBe(201)
    const plan = created.json()
    expect(plan).toMatchObject({
      amount: '49.90',
      useInstagram: false,
      useWhatsapp: true,
      isPublic: false,
      users: 3,
    })
    const edited = await inject('PUT', `/plans/${plan.id}`, asSuper, {
      amount: 100,
      useKanban: false,
    })
    expect(edited.json()).toMatchObject({ amount: '100.00', useKanban: false, name: plan.name })
    expect((await inject('GET', `/plans/${plan.id}`, asSuper)).json().useKanban).toBe(false)
    const removed = await inject('DELETE', `/plans/${plan.id}`, asSuper)
    expect(removed.statusCode).toBe(200)
    const gone = await inject('GET', `/plans/${plan.id}`, asSuper)
    expect([gone.statusCode, gone.json()]).toEqual([404, { error: 'ERR_NO_PLAN_FOUND' }])
  })

  test('validation: bad amount, negative limits, duplicated name', async () => {
    const base = { name: `Plano ${Date.now()}`, users: 1, connections: 1, queues: 1, amount: '10' }
    const badAmount = await inject('POST', '/plans', asSuper, { ...base, amount: '10,999' })
    expect([badAmount.statusCode, badAmount.json().error]).toEqual([400, 'ERR_VALIDATION'])
    const negative = await inject('POST', '/plans', asSuper, { ...base, users: -1 })
    expect(negative.json()).toEqual({ error: 'ERR_VALIDATION', field: 'users' })
    expect((await inject('POST', '/plans', asSuper, base)).statusCode).toBe(201)
    const duplicate = await inject('POST', '/plans', asSuper, base)
    expect([duplicate.statusCode, duplicate.json()]).toEqual([
      409,
      { error: 'ERR_DUPLICATED_PLAN' },
    ])
  })

  test('a plan in use cannot be deleted', async () => {
    const { company } = await tenant()
    const response = await inject('DELETE', `/plans/${company.planId}`, asSuper)
    expect([response.statusCode, response.json()]).toEqual([409, { error: 'ERR_PLAN_IN_USE' }])
  })

  test('others read only their own plan; writes are the super user’s', async () => {
    const { company, asAdmin } = await tenant()
    const list = await inject('GET', '/plans', asAdmin)
    expect(list.json()).toMatchObject({ count: 1, hasMore: false, plans: [{ id: company.planId }] })
    expect((await inject('GET', `/plans/${company.planId}`, asAdmin)).statusCode).toBe(200)
    const other = await buildPlan(t.db)
    const foreign = await inject('GET', `/plans/${other.id}`, asAdmin)
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'ERR_NO_PLAN_FOUND' }])
    for (const [method, url] of [
      ['POST', '/plans'],
      ['PUT', `/plans/${company.planId}`],
      ['DELETE', `/plans/${company.planId}`],
    ] as const) {
      const response = await inject(
        method,
        url,
        asAdmin,
        method === 'DELETE'
          ? undefined
          : {
              name: 'X',
              users: 1,
              connections: 1,
              queues: 1,
              amount: '1',
            },
      )
      expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    }
    const page = await inject('GET', '/plans?pageNumber=1', asSuper)
    expect(page.json().count).toBeGreaterThan(1)
  })

  test('GET /plans/list offers only public plans, with the sign-up fields', async () => {
    const hidden = await buildPlan(t.db, { isPublic: false })
    const list = await t.app.inject({ method: 'GET', url: '/plans/list' })
    const ids = list.json().map((plan: { id: number }) => plan.id)
    expect(ids).not.toContain(hidden.id)
    expect(Object.keys(list.json()[0]).sort()).toEqual(
      ['amount', 'connections', 'id', 'name', 'queues', 'users'].sort(),
    )
  })
})
