import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DashboardResult, TicketsPerDay, TicketsPerUser } from '@shared/contracts/dashboard'
import { buildCompany, buildContact, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { TicketStatus } from '../tickets/tickets.table'
import { ticketTrackings, userRatings } from '../tickets/tickets.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const at = (iso: string) => new Date(iso)
const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000)

/**
 * A São Paulo company's March 2026, computed by hand (times in UTC; São Paulo is UTC−3):
 *
 * | ticket | status  | begun (UTC)      | wait | service | rated | rating | attendant |
 * |--------|---------|------------------|------|---------|-------|--------|-----------|
 * | T1     | closed  | 03-05 13:00      | 10   | 30      | yes   | 10     | Ana       |
 * | T2     | closed  | 03-06 14:00 (active demand, no queue time) | 20 | 60 | no | — | Bruno |
 * | T3     | nps     | 03-07 12:00      | 5    | —       | —     | —      | Ana       |
 * | T4     | open    | 03-08 12:00      | 30   | —       | —     | —      | Bruno     |
 * | T5     | pending | 03-09 12:00      | —    | —       | —     | —      | —         |
 * | T6     | group   | 03-10 12:00      | —    | —       | —     | —      | —         |
 * | T7     | closed  | 03-01 02:30 = 28 Feb 23:30 local: outside | | | yes | 0 | Ana |
 * | T8     | closed  | 04-01 02:30 = 31 Mar 23:30 local: inside | 1 | 10 | yes | 7 | Bruno |
 * | T9     | closed  | 03-15 12:00      | 0    | 50      | yes   | 4      | Ana       |
 */
async function march() {
  const company = await buildCompany(t.db, { timezone: 'America/Sao_Paulo' })
  const ana = await buildUser(t.db, { company, name: 'Ana', profile: 'admin', online: true })
  const bruno = await buildUser(t.db, { company, name: 'Bruno' })
  const viewer = await buildUser(t.db, { company, name: 'Vera', showDashboard: 'enabled' })
  const stranger = await buildUser(t.db, { company, name: 'Zeca' })

  async function attendance(input: {
    status: TicketStatus
    begun: string
    activeDemand?: boolean
    queuedAt?: string
    waited?: number
    served?: number
    closedAfter?: number
    rated?: number
    userId?: number
  }) {
    const contact = await buildContact(t.db, company, { isGroup: input.status === 'group' })
    const ticket = await buildTicket(t.db, company, {
      contact,
      status: input.status,
      isActiveDemand: input.activeDemand ?? false,
      userId: input.userId ?? null,
      createdAt: at(input.begun),
    })
    const startedAt = input.waited === undefined ? null : minutesAfter(input.begun, input.waited)
    await t.db.insert(ticketTrackings).values({
      companyId: company.id,
      ticketId: ticket.id,
      userId: input.userId ?? null,
      createdAt: at(input.begun),
      queuedAt: input.queuedAt ? at(input.queuedAt) : null,
      startedAt,
      finishedAt:
        input.served === undefined || !startedAt
          ? null
          : new Date(startedAt.getTime() + input.served * 60_000),
      closedAt: input.closedAfter ? minutesAfter(input.begun, input.closedAfter) : null,
      rated: input.rated !== undefined,
    })
    if (input.rated !== undefined)
      await t.db.insert(userRatings).values({
        companyId: company.id,
        ticketId: ticket.id,
        userId: input.userId ?? null,
        rate: input.rated,
        createdAt: minutesAfter(input.begun, 20),
      })
  }

  const T1 = '2026-03-05T13:00:00Z'
  await attendance({
    status: 'closed',
    begun: T1,
    queuedAt: T1,
    waited: 10,
    served: 30,
    rated: 10,
    userId: ana.id,
  })
  await attendance({
    status: 'closed',
    begun: '2026-03-06T14:00:00Z',
    activeDemand: true,
    waited: 20,
    served: 60,
    userId: bruno.id,
  })
  await attendance({
    status: 'nps',
    begun: '2026-03-07T12:00:00Z',
    waited: 5,
    closedAfter: 30,
    userId: ana.id,
  })
  await attendance({ status: 'open', begun: '2026-03-08T12:00:00Z', waited: 30, userId: bruno.id })
  await attendance({ status: 'pending', begun: '2026-03-09T12:00:00Z' })
  await attendance({ status: 'group', begun: '2026-03-10T12:00:00Z' })
  // Begun and rated (02:50 UTC on 1 March) on 28 February in São Paulo.
  await attendance({
    status: 'closed',
    begun: '2026-03-01T02:30:00Z',
    waited: 0,
    served: 0,
    rated: 0,
    userId: ana.id,
  })
  await attendance({
    status: 'closed',
    begun: '2026-04-01T02:30:00Z',
    waited: 1,
    served: 10,
    rated: 7,
    userId: bruno.id,
  })
  await attendance({
    status: 'closed',
    begun: '2026-03-15T12:00:00Z',
    waited: 0,
    served: 50,
    rated: 4,
    userId: ana.id,
  })
  // New contacts: two in March (local), one just after, and a group that is no lead.
  await buildContact(t.db, company, { createdAt: at('2026-03-02T12:00:00Z') })
  await buildContact(t.db, company, { createdAt: at('2026-04-01T02:59:00Z') })
  await buildContact(t.db, company, { createdAt: at('2026-04-01T03:30:00Z') })
  await buildContact(t.db, company, { createdAt: at('2026-03-02T12:00:00Z'), isGroup: true })

  // Another company's March: none of it counts.
  const other = await buildCompany(t.db, { timezone: 'America/Sao_Paulo' })
  const otherTicket = await buildTicket(t.db, other, { status: 'open', createdAt: at(T1) })
  await t.db
    .insert(ticketTrackings)
    .values({ companyId: other.id, ticketId: otherTicket.id, createdAt: at(T1) })
  await t.db
    .insert(userRatings)
    .values({ companyId: other.id, ticketId: otherTicket.id, rate: 0, createdAt: at(T1) })

  return {
    asAdmin: await loginAs(t.app, ana),
    asViewer: await loginAs(t.app, viewer),
    asStranger: await loginAs(t.app, stranger),
  }
}

let data: Awaited<ReturnType<typeof march>>
beforeAll(async () => {
  data = await march()
})

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers })

describe('GET /dashboard', () => {
  test('every counter of a hand-computed month, in the company’s days', async () => {
    const response = await get('/dashboard?date_from=2026-03-01&date_to=2026-03-31', data.asAdmin)
    expect(response.statusCode, response.body).toBe(200)
    const { counters } = response.json<DashboardResult>()
    expect(counters).toEqual({
      // Now, whatever the period: T4 open, T5 pending (T8 and the others are closed).
      supportHappening: 1,
      supportPending: 1,
      // Begun in March (local): T1–T6, T8, T9. Finished: T1, T2, T8, T9.
      supportFinished: 4,
      supportGroups: 1,
      leads: 2,
      avgSupportTime: 37.5, // (30 + 60 + 10 + 50) / 4
      avgWaitTime: 13.2, // (10 + 20 + 5 + 30 + 1) / 5; T9 waited 0 and does not count
      activeTickets: 1,
      passiveTickets: 7,
      // Ratings of March: 10, 7, 4 (the 0 was given on 28 February).
      npsPromotersPerc: 33.3,
      npsPassivePerc: 33.3,
      npsDetractorsPerc: 33.3,
      npsScore: 0,
      // Concluded: rated T1, T8, T9; unrated T2; T3 waiting for its rating.
      tickets: 5,
      waitRating: 1,
      withoutRating: 1,
      withRating: 3,
      percRating: 60,
    })
  })

  test('the attendants: their attendances, times and ratings; everyone listed', async () => {
    const response = await get('/dashboard?date_from=2026-03-01&date_to=2026-03-31', data.asViewer)
    expect(response.statusCode).toBe(200)
    const attendants = response.json<DashboardResult>().attendants.map(({ id: _id, ...row }) => row)
    expect(attendants).toEqual([
      {
        name: 'Ana',
        online: true,
        tickets: 3,
        avgWaitTime: 7.5,
        avgSupportTime: 40,
        rating: 7,
        countRating: 2,
      },
      {
        name: 'Bruno',
        online: false,
        tickets: 3,
        avgWaitTime: 17,
        avgSupportTime: 35,
        rating: 7,
        countRating: 1,
      },
      {
        name: 'Vera',
        online: false,
        tickets: 0,
        avgWaitTime: 0,
        avgSupportTime: 0,
        rating: 0,
        countRating: 0,
      },
      {
        name: 'Zeca',
        online: false,
        tickets: 0,
        avgWaitTime: 0,
        avgSupportTime: 0,
        rating: 0,
        countRating: 0,
      },
    ])
  })

  test('only admins and users with showDashboard; periods are checked', async () => {
    const refused = await get('/dashboard', data.asStranger)
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    for (const query of [
      'date_from=2026-03-31&date_to=2026-03-01',
      'date_from=2024-01-01&date_to=2026-03-01',
      'days=0',
    ]) {
      const response = await get(`/dashboard?${query}`, data.asAdmin)
      expect([query, response.statusCode, response.json().error]).toEqual([
        query,
        400,
        'ERR_VALIDATION',
      ])
    }
    // The last 30 days by default: March 2026 is long gone.
    const recent = await get('/dashboard', data.asAdmin)
    expect(recent.json<DashboardResult>().counters).toMatchObject({
      supportFinished: 0,
      supportHappening: 1,
    })
  })
})

describe('GET /dashboard/ticketsUsers and /dashboard/ticketsDay', () => {
  test('attendances per attendant, zeros included', async () => {
    const response = await get(
      '/dashboard/ticketsUsers?initialDate=2026-03-01&finalDate=2026-03-31&companyId=999999',
      data.asAdmin,
    )
    expect(response.json<TicketsPerUser>().data).toEqual([
      { nome: 'Ana', quantidade: 3 },
      { nome: 'Bruno', quantidade: 3 },
      { nome: 'Vera', quantidade: 0 },
      { nome: 'Zeca', quantidade: 0 },
    ])
  })

  test('tickets per day in the company’s days, and per hour for one day', async () => {
    const month = await get(
      '/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-31',
      data.asAdmin,
    )
    expect(month.json<TicketsPerDay>()).toEqual({
      count: 8,
      data: ['05', '06', '07', '08', '09', '10', '15', '31'].map((day) => ({
        total: 1,
        data: `${day}/03/2026`,
      })),
    })
    const lastDay = await get(
      '/dashboard/ticketsDay?initialDate=2026-03-31&finalDate=2026-03-31',
      data.asAdmin,
    )
    expect(lastDay.json<TicketsPerDay>()).toEqual({ count: 1, data: [{ total: 1, horario: '23' }] })
    const refused = await get(
      '/dashboard/ticketsDay?initialDate=2026-03-31&finalDate=2026-03-31',
      data.asStranger,
    )
    expect(refused.statusCode).toBe(403)
  })
})
