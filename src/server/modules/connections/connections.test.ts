import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildConnection, buildQueue, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { generateConnectionToken } from './connections.rules'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function companyWithConnections() {
  const company = await buildCompany(t.db)
  const queue = await buildQueue(t.db, company, { name: 'Suporte', greetingMessage: 'Olá!' })
  const whatsapp = await buildConnection(t.db, company, {
    name: 'Central',
    isDefault: true,
    status: 'CONNECTED',
    qrcode: '',
    queueIds: [queue.id],
  })
  const cloud = await buildConnection(t.db, company, {
    name: 'Cloud',
    channel: 'whatsappapi',
    wabaPhoneNumberId: '1055',
    wabaAccessTokenSealed: 'v1.sealed-value-never-sent',
  })
  const page = await buildConnection(t.db, company, {
    name: 'Página',
    channel: 'facebook',
    status: 'qrcode',
    qrcode: '2@scan-me',
  })
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company })
  const manager = await buildUser(t.db, { company, allowConnections: 'enabled' })
  return {
    company,
    queue,
    whatsapp,
    cloud,
    page,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
    asManager: await loginAs(t.app, manager),
  }
}

describe('GET /whatsapp', () => {
  test('lists the company connections with their queues; never another company’s', async () => {
    const { whatsapp, queue, asAgent } = await companyWithConnections()
    await buildConnection(t.db, await buildCompany(t.db), { name: 'Foreign' })
    const response = await t.app.inject({
      method: 'GET',
      url: '/whatsapp/?session=0&companyId=999',
      headers: asAgent,
    })
    expect(response.statusCode).toBe(200)
    const list = response.json()
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Central', 'Cloud', 'Página'])
    expect(list[0]).toMatchObject({
      id: whatsapp.id,
      channel: 'whatsapp',
      status: 'CONNECTED',
      isDefault: true,
      queues: [{ id: queue.id, name: 'Suporte', color: queue.color, greetingMessage: 'Olá!' }],
      queueIds: [queue.id],
      maxUseBotQueues: 3,
      groupAsTicket: 'disabled',
    })
  })

  test('QR code and token only for admins and users allowed to manage connections; credentials never', async () => {
    const { page, asAdmin, asAgent, asManager } = await companyWithConnections()
    const read = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/whatsapp', headers })).json()
    const forAgent = await read(asAgent)
    expect(forAgent[2]).not.toHaveProperty('qrcode')
    expect(forAgent[2]).not.toHaveProperty('token')
    for (const headers of [asAdmin, asManager]) {
      const list = await read(headers)
      expect(list[2]).toMatchObject({ qrcode: '2@scan-me', token: page.token })
    }
    const body = JSON.stringify(await read(asAdmin))
    expect(body).not.toContain('sealed-value')
    expect((await read(asAdmin))[1]).toMatchObject({
      wabaPhoneNumberId: '1055',
      hasWabaAccessToken: true,
      hasWabaAppSecret: false,
    })
  })

  test('the same list without the trailing slash', async () => {
    const { asAgent } = await companyWithConnections()
    expect(
      (await t.app.inject({ method: 'GET', url: '/whatsapp', headers: asAgent })).json(),
    ).toHaveLength(3)
  })
})

describe('GET /whatsapp/filter', () => {
  test('one channel, WhatsApp by default; an unknown channel is refused', async () => {
    const { asAgent } = await companyWithConnections()
    const names = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: asAgent }))
        .json()
        .map((c: { name: string }) => c.name)
    expect(await names('/whatsapp/filter?session=0')).toEqual(['Central'])
    expect(await names('/whatsapp/filter?channel=facebook')).toEqual(['Página'])
    const bad = await t.app.inject({
      method: 'GET',
      url: '/whatsapp/filter?channel=telegram',
      headers: asAgent,
    })
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'channel' },
    ])
  })
})

describe('GET /whatsapp/:id', () => {
  test('one connection of the company; another company’s is not found', async () => {
    const { whatsapp, asAgent } = await companyWithConnections()
    const own = await t.app.inject({
      method: 'GET',
      url: `/whatsapp/${whatsapp.id}?session=0`,
      headers: asAgent,
    })
    expect(own.json()).toMatchObject({ id: whatsapp.id, name: 'Central' })
    const foreign = await buildConnection(t.db, await buildCompany(t.db))
    const response = await t.app.inject({
      method: 'GET',
      url: `/whatsapp/${foreign.id}`,
      headers: asAgent,
    })
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_WAPP_FOUND' }])
  })
})

test('connection tokens are 30 alphanumerics and do not repeat', () => {
  const tokens = Array.from({ length: 500 }, generateConnectionToken)
  for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{30}$/)
  expect(new Set(tokens).size).toBe(tokens.length)
})

test('a company has at most one default connection (enforced by the database)', async () => {
  const company = await buildCompany(t.db)
  await buildConnection(t.db, company, { isDefault: true })
  await expect(buildConnection(t.db, company, { isDefault: true })).rejects.toThrow()
})
