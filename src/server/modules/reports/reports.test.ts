import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ReportPage } from '@shared/contracts/reports'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { ticketTrackings, userRatings } from '../tickets/tickets.table'
import { supportTime } from './reports.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const after = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000)

/** A São Paulo company's March: a rated closed ticket, an open one, one of 28 February. */
async function setup() {
  const company = await buildCompany(t.db, { timezone: 'America/Sao_Paulo' })
  const ana = await buildUser(t.db, { company, name: 'Ana', profile: 'admin' })
  const plain = await buildUser(t.db, { company, name: 'Paulo' })
  const sales = await buildQueue(t.db, company, { name: 'Vendas' })
  const shop = await buildConnection(t.db, company, { name: 'Loja' })
  const CLOSED = '2026-03-05T13:00:00Z'
  const closed = await buildTicket(t.db, company, {
    contact: await buildContact(t.db, company, {
      name: '=HYPERLINK("x")',
      number: '5511911110001',
    }),
    connection: shop,
    status: 'closed',
    userId: ana.id,
    queueId: sales.id,
    lastMessage: 'Obrigado!',
    createdAt: new Date(CLOSED),
  })
  await t.db.insert(ticketTrackings).values({
    companyId: company.id,
    ticketId: closed.id,
    userId: ana.id,
    createdAt: new Date(CLOSED),
    startedAt: after(CLOSED, 5),
    finishedAt: after(CLOSED, 24 * 60 + 130),
    ratingAt: after(CLOSED, 24 * 60 + 125),
    rated: true,
  })
  await t.db
    .insert(userRatings)
    .values({ companyId: company.id, ticketId: closed.id, userId: ana.id, rate: 9 })
  const OPEN = '2026-03-06T12:00:00Z'
  const open = await buildTicket(t.db, company, {
    contact: await buildContact(t.db, company, { name: 'Beatriz Reis', number: '5511922220002' }),
    connection: shop,
    status: 'open',
    createdAt: new Date(OPEN),
  })
  await t.db
    .insert(ticketTrackings)
    .values({ companyId: company.id, ticketId: open.id, createdAt: new Date(OPEN) })
  // 23:30 on 28 February in São Paulo.
  const february = await buildTicket(t.db, company, {
    status: 'pending',
    createdAt: new Date('2026-03-01T02:30:00Z'),
  })
  const other = await buildCompany(t.db, { timezone: 'America/Sao_Paulo' })
  await buildTicket(t.db, other, { status: 'open', createdAt: new Date(OPEN) })
  return {
    closed,
    open,
    february,
    sales,
    asAdmin: await loginAs(t.app, ana),
    asPlain: await loginAs(t.app, plain),
  }
}

let data: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  data = await setup()
})

const report = async (query: string, headers = data.asAdmin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/ticketreport/reports?${query}`,
    headers,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ReportPage>()
}
const ids = (page: ReportPage) => page.tickets.map((row) => row.id)
const MARCH = 'dateFrom=2026-03-01&dateTo=2026-03-31'

describe('GET /ticketreport/reports', () => {
  test('the rows of the company’s days, newest first, as the report shows them', async () => {
    const page = await report(MARCH)
    expect(page.totalTickets).toEqual({ total: '2' })
    expect(page.tickets).toEqual([
      {
        id: data.open.id,
        uuid: data.open.uuid,
        whatsappName: 'Loja',
        contactName: 'Beatriz Reis',
        userName: '',
        queueName: '',
        lastMessage: '',
        status: 'ABERTO',
        createdAt: '06/03/2026 09:00',
        closedAt: '',
        supportTime: '0',
        NPS: 0,
      },
      {
        id: data.closed.id,
        uuid: data.closed.uuid,
        whatsappName: 'Loja',
        contactName: '=HYPERLINK("x")',
        userName: 'Ana',
        queueName: 'Vendas',
        lastMessage: 'Obrigado!',
        status: 'FECHADO',
        createdAt: '05/03/2026 10:00',
        closedAt: '06/03/2026 12:10',
        // From the attendance's beginning to its rating.
        supportTime: '1 d, 2 hrs e 5 m',
        NPS: 9,
      },
    ])
    expect(ids(await report('dateFrom=2026-02-28&dateTo=2026-02-28'))).toEqual([data.february.id])
  })

  test('every filter applies to the rows and to their total alike', async () => {
    const cases: [string, number[]][] = [
      [`${MARCH}&onlyRated=true`, [data.closed.id]],
      [`${MARCH}&queueIds=${encodeURIComponent('[0]')}`, [data.open.id]],
      [`${MARCH}&queueIds=${encodeURIComponent(`[${data.sales.id}]`)}`, [data.closed.id]],
      [`${MARCH}&status=${encodeURIComponent('["open"]')}`, [data.open.id]],
      [`${MARCH}&searchParam=beatriz`, [data.open.id]],
      [`searchParam=922220002`, [data.open.id]],
      [`contactId=${data.open.contactId}`, [data.open.id]],
      [`${MARCH}&pageSize=1&page=2`, [data.closed.id]],
    ]
    // A number finds the ticket of that id too (here, besides contacts whose number holds it).
    expect(ids(await report(`searchParam=${data.closed.id}`))).toContain(data.closed.id)
    for (const [query, expected] of cases) {
      const page = await report(query)
      expect([query, ids(page)]).toEqual([query, expected])
      if (!query.includes('pageSize'))
        expect([query, page.totalTickets.total]).toEqual([query, String(expected.length)])
    }
  })

  test('admins and users with showDashboard only; dates are checked', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/ticketreport/reports',
      headers: data.asPlain,
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const backwards = await t.app.inject({
      method: 'GET',
      url: '/ticketreport/reports?dateFrom=2026-03-31&dateTo=2026-03-01',
      headers: data.asAdmin,
    })
    expect(backwards.statusCode).toBe(400)
  })
})

describe('GET /ticketreport/reports/export', () => {
  test('an xlsx of every row of the filters, formula-safe', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/ticketreport/reports/export?${MARCH}`,
      headers: data.asAdmin,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-report-rows']).toBe('2')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]
    // Empty cells read back as nothing.
    expect(rows.map((row) => Array.from(row.slice(1), (cell) => cell ?? ''))).toEqual([
      [
        'Conexão',
        'Contato',
        'Usuário',
        'Fila',
        'Status',
        'Última mensagem',
        'Abertura',
        'Fechamento',
        'Tempo de atendimento',
        'NPS',
      ],
      ['Loja', 'Beatriz Reis', '', '', 'ABERTO', '', '06/03/2026 09:00', '', '0', '0'],
      [
        'Loja',
        '\'=HYPERLINK("x")',
        'Ana',
        'Vendas',
        'FECHADO',
        'Obrigado!',
        '05/03/2026 10:00',
        '06/03/2026 12:10',
        '1 d, 2 hrs e 5 m',
        '9',
      ],
    ])
  })
})

test('support time reads as days, hours and minutes', () => {
  expect(supportTime(null)).toBe('0')
  expect(supportTime(59)).toBe('0 d, 0 hrs e 0 m')
  expect(supportTime(3 * 86_400 + 4 * 3_600 + 5 * 60 + 30)).toBe('3 d, 4 hrs e 5 m')
})
