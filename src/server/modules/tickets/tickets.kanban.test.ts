import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { KanbanLanes, KanbanTicketList } from '@shared/contracts/kanban'
import {
  buildCompany,
  buildPlan,
  buildQueue,
  buildTag,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** A São Paulo company with two queues, an admin and an attendant of the first queue only. */
async function team(options: { useKanban?: boolean } = {}) {
  const plan = await buildPlan(t.db, { useKanban: options.useKanban ?? true })
  const company = await buildCompany(t.db, { plan, timezone: 'America/Sao_Paulo' })
  const sales = await buildQueue(t.db, company, { name: 'Vendas' })
  const support = await buildQueue(t.db, company, { name: 'Suporte' })
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company, queueIds: [sales.id] })
  return {
    company,
    sales,
    support,
    agent,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
  }
}

const board = async (headers: Record<string, string>, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/ticket/kanban${query}`, headers })
  return response
}
const idsOf = (list: KanbanTicketList) => list.tickets.map((ticket) => ticket.id).sort()

describe('GET /ticket/kanban', () => {
  test('the open and pending tickets the caller sees, created today, never another company’s', async () => {
    const { company, sales, support, agent, asAdmin, asAgent } = await team()
    const mine = await buildTicket(t.db, company, {
      status: 'open',
      userId: agent.id,
      queueId: sales.id,
    })
    const waiting = await buildTicket(t.db, company, { status: 'pending', queueId: sales.id })
    const otherQueue = await buildTicket(t.db, company, { status: 'pending', queueId: support.id })
    await buildTicket(t.db, company, { status: 'closed', queueId: sales.id })
    const yesterday = await buildTicket(t.db, company, {
      status: 'open',
      userId: agent.id,
      queueId: sales.id,
      createdAt: new Date(Date.now() - 36 * 3_600_000),
    })
    const other = await team()
    await buildTicket(t.db, other.company, { status: 'pending', queueId: other.sales.id })

    const forAdmin = await board(
      asAdmin,
      `?queueIds=${encodeURIComponent(JSON.stringify([sales.id, support.id]))}`,
    )
    expect(forAdmin.statusCode, forAdmin.body).toBe(200)
    expect(idsOf(forAdmin.json())).toEqual([mine.id, waiting.id, otherQueue.id].sort())

    // The attendant asks for every queue: he gets only his own queue's.
    const forAgent = await board(
      asAgent,
      `?queueIds=${encodeURIComponent(JSON.stringify([sales.id, support.id]))}`,
    )
    expect(idsOf(forAgent.json())).toEqual([mine.id, waiting.id].sort())
    expect(forAgent.json<KanbanTicketList>()).toMatchObject({ count: 2, hasMore: false })

    const since = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)
    const wider = await board(asAgent, `?startDate=${since}&endDate=2099-12-31`)
    expect(idsOf(wider.json())).toContain(yesterday.id)
  })

  test('dates are whole days in the company’s time zone', async () => {
    const { company, sales, asAdmin } = await team()
    // 23:30 on 9 March in São Paulo.
    const lateEvening = await buildTicket(t.db, company, {
      status: 'pending',
      queueId: sales.id,
      createdAt: new Date('2026-03-10T02:30:00Z'),
    })
    const queueIds = encodeURIComponent(JSON.stringify([sales.id]))
    const ninth = await board(
      asAdmin,
      `?queueIds=${queueIds}&startDate=2026-03-09&endDate=2026-03-09`,
    )
    expect(idsOf(ninth.json())).toEqual([lateEvening.id])
    const tenth = await board(
      asAdmin,
      `?queueIds=${queueIds}&startDate=2026-03-10&endDate=2026-03-10`,
    )
    expect(idsOf(tenth.json())).toEqual([])
    const backwards = await board(asAdmin, '?startDate=2026-03-10&endDate=2026-03-09')
    expect([backwards.statusCode, backwards.json().error]).toEqual([400, 'ERR_VALIDATION'])
  })

  test('a plan without kanban is refused', async () => {
    const { asAdmin } = await team({ useKanban: false })
    const response = await board(asAdmin)
    expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('GET /tag/kanban/', () => {
  test('the company’s lanes in the order they were made, without plain tags or another company’s', async () => {
    const { company, asAgent } = await team()
    const first = await buildTag(t.db, company, { name: 'Zeta', kanban: 1 })
    const second = await buildTag(t.db, company, { name: 'Alfa', kanban: 1 })
    await buildTag(t.db, company, { name: 'Cliente VIP', kanban: 0 })
    const other = await team()
    await buildTag(t.db, other.company, { name: 'Lane', kanban: 1 })

    const response = await t.app.inject({ method: 'GET', url: '/tag/kanban/', headers: asAgent })
    expect(response.statusCode).toBe(200)
    expect(response.json<KanbanLanes>().lista.map((lane) => lane.name)).toEqual(['Zeta', 'Alfa'])
    expect(first.id).toBeLessThan(second.id)

    const refused = await t.app.inject({
      method: 'GET',
      url: '/tag/kanban/',
      headers: (await team({ useKanban: false })).asAdmin,
    })
    expect(refused.statusCode).toBe(403)
  })
})
