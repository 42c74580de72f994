import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { MomentsTickets } from '@shared/contracts/moments'
import { buildCompany, buildQueue, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const ids = (tickets: MomentsTickets) => tickets.map((ticket) => ticket.id).sort()

describe('GET /dashboard/moments and /usersMoments', () => {
  test('open and pending tickets of the last 30 days: every queue for admins, his own for a user', async () => {
    const company = await buildCompany(t.db)
    const sales = await buildQueue(t.db, company)
    const support = await buildQueue(t.db, company)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const watcher = await buildUser(t.db, {
      company,
      allowRealTime: 'enabled',
      queueIds: [sales.id],
    })
    const plain = await buildUser(t.db, { company, queueIds: [sales.id] })
    const inSales = await buildTicket(t.db, company, {
      status: 'open',
      userId: admin.id,
      queueId: sales.id,
    })
    const waiting = await buildTicket(t.db, company, { status: 'pending', queueId: support.id })
    await buildTicket(t.db, company, { status: 'closed', queueId: sales.id })
    await buildTicket(t.db, company, {
      status: 'pending',
      queueId: sales.id,
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    })
    await buildTicket(t.db, await buildCompany(t.db), { status: 'open' })

    const get = async (url: string, user: typeof admin) =>
      t.app.inject({ method: 'GET', url, headers: await loginAs(t.app, user) })
    for (const url of ['/dashboard/moments', '/usersMoments']) {
      const forAdmin = await get(url, admin)
      expect(forAdmin.statusCode, forAdmin.body).toBe(200)
      expect(ids(forAdmin.json())).toEqual([inSales.id, waiting.id].sort())
      expect(ids((await get(url, watcher)).json())).toEqual([inSales.id])
      const refused = await get(url, plain)
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    }
    expect(ids((await get('/dashboard/moments?status=pending', admin)).json())).toEqual([
      waiting.id,
    ])
    expect(ids((await get(`/dashboard/moments?userId=${admin.id}`, admin)).json())).toEqual([
      inSales.id,
    ])
  })
})
