import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { fakeSocketFactory } from '@tests/helpers/fake-baileys'
import { buildCompany, buildConnection, buildPlan, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { startFakeGraph, type FakeGraph } from '@tests/helpers/fake-graph'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { ConnectionDto } from '@shared/contracts/connections'
import { tickets } from '../tickets/tickets.table'
import { connections } from './connections.table'

const USER_ID = '100200300'
const USER_TOKEN = 'EAAG-user-token'
const PAGE = { id: '5550001', name: 'Loja Centro', token: 'EAAG-page-one' }
const PAGE_WITH_INSTAGRAM = {
  id: '5550002',
  name: 'Loja Norte',
  token: 'EAAG-page-two',
  instagram: { id: '17841400000000001', username: 'lojanorte' },
}

let t: TestApp
let graph: FakeGraph
beforeAll(async () => {
  graph = await startFakeGraph()
  graph.addFacebookUser(USER_ID, { token: USER_TOKEN, pages: [PAGE, PAGE_WITH_INSTAGRAM] })
  t = await buildTestApp({
    config: {
      graph: { apiUrl: graph.url, version: graph.version },
      metaApp: { id: '123456', secret: 'meta-app-secret', verifyToken: null },
    },
    makeSocket: fakeSocketFactory().makeSocket,
  })
})
afterAll(async () => {
  await t.close()
  await graph.close()
})
beforeEach(() => graph.reset())

async function setup(planOverrides: Parameters<typeof buildPlan>[1] = {}) {
  const plan = await buildPlan(t.db, planOverrides)
  const company = await buildCompany(t.db, { plan })
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const manager = await buildUser(t.db, { company, allowConnections: 'enabled' })
  const agent = await buildUser(t.db, { company })
  return {
    company,
    asAdmin: await loginAs(t.app, admin),
    asManager: await loginAs(t.app, manager),
    asAgent: await loginAs(t.app, agent),
  }
}

async function operator() {
  const user = await buildUser(t.db, {
    company: await buildCompany(t.db),
    profile: 'admin',
    super: true,
  })
  return loginAs(t.app, user)
}

const failure = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  response.json(),
]
const rowOf = async (id: number) =>
  (await t.db.select().from(connections).where(eq(connections.id, id)))[0]

describe('DELETE /whatsapp/:id', () => {
  test('deletes; tickets keep their history without the connection; the oldest left becomes default', async () => {
    const { company, asManager } = await setup()
    const first = await buildConnection(t.db, company, { isDefault: true })
    const page = await buildConnection(t.db, company, { channel: 'facebook' })
    const second = await buildConnection(t.db, company, { channel: 'whatsappapi' })
    const third = await buildConnection(t.db, company)
    const ticket = await buildTicket(t.db, company, { connection: first })
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/whatsapp/${first.id}`,
      headers: asManager,
    })
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { message: 'Session disconnected.' },
    ])
    expect(await rowOf(first.id)).toBeUndefined()
    const [kept] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id))
    expect(kept).toMatchObject({ id: ticket.id, whatsappId: null })
    expect((await rowOf(second.id))?.isDefault).toBe(true)
    expect((await rowOf(third.id))?.isDefault).toBe(false)
    expect((await rowOf(page.id))?.isDefault).toBe(false)
  })

  test('the last connection may go; plain users, other companies and unknown ids may not', async () => {
    const { company, asAdmin, asAgent } = await setup()
    const only = await buildConnection(t.db, company, { isDefault: true })
    const foreign = await buildConnection(t.db, await buildCompany(t.db))
    expect(
      failure(
        await t.app.inject({ method: 'DELETE', url: `/whatsapp/${only.id}`, headers: asAgent }),
      ),
    ).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    expect(
      failure(
        await t.app.inject({ method: 'DELETE', url: `/whatsapp/${foreign.id}`, headers: asAdmin }),
      ),
    ).toEqual([404, { error: 'ERR_NO_WAPP_FOUND' }])
    expect(await rowOf(foreign.id)).toBeDefined()
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/whatsapp/${only.id}`, headers: asAdmin }))
        .statusCode,
    ).toBe(200)
    expect(
      failure(
        await t.app.inject({ method: 'DELETE', url: `/whatsapp/${only.id}`, headers: asAdmin }),
      ),
    ).toEqual([404, { error: 'ERR_NO_WAPP_FOUND' }])
  })
})

describe('greeting attachment', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
  const multipart = (field: string, content: Buffer, filename: string) => {
    const boundary = '----atende-test'
    return {
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }
  }
  const upload = (id: number, headers: Record<string, string>, field = 'file', content = png) => {
    const form = multipart(field, content, 'hello.png')
    return t.app.inject({
      method: 'POST',
      url: `/whatsapp/${id}/media-upload`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    })
  }

  test('an image is stored in the company media and replaces the previous one; DELETE removes it', async () => {
    const { company, asManager } = await setup()
    const connection = await buildConnection(t.db, company)
    const first = await upload(connection.id, asManager)
    expect(first.statusCode).toBe(200)
    const stored = first.json<ConnectionDto>().greetingMediaAttachment!
    expect(stored).toMatch(/^connections\/[0-9a-f]{32}\.png$/)
    const onDisk = join(t.config.mediaDir, String(company.id), stored)
    expect(existsSync(onDisk)).toBe(true)
    const second = await upload(connection.id, asManager)
    const replaced = second.json<ConnectionDto>().greetingMediaAttachment!
    expect(replaced).not.toBe(stored)
    expect(existsSync(onDisk)).toBe(false)

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/whatsapp/${connection.id}/media-upload`,
      headers: asManager,
    })
    expect([removed.statusCode, removed.json().greetingMediaAttachment]).toEqual([200, null])
    expect(existsSync(join(t.config.mediaDir, String(company.id), replaced))).toBe(false)
  })

  test('only images and videos, in the field `file`, by managers of the company', async () => {
    const { company, asAdmin, asAgent } = await setup()
    const connection = await buildConnection(t.db, company)
    const foreign = await buildConnection(t.db, await buildCompany(t.db))
    expect(
      failure(await upload(connection.id, asAdmin, 'file', Buffer.from('plain words'))),
    ).toEqual([400, { error: 'ERR_INVALID_FILE' }])
    expect(failure(await upload(connection.id, asAdmin, 'medias'))).toEqual([
      400,
      { error: 'ERR_INVALID_FILE' },
    ])
    expect(failure(await upload(connection.id, asAgent))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    expect(failure(await upload(foreign.id, asAdmin))).toEqual([
      404,
      { error: 'ERR_NO_WAPP_FOUND' },
    ])
    expect(
      failure(
        await t.app.inject({
          method: 'DELETE',
          url: `/whatsapp/${connection.id}/media-upload`,
          headers: asAgent,
        }),
      ),
    ).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    expect((await rowOf(connection.id))?.greetingMediaAttachment).toBeNull()
  })
})

describe('operator routes', () => {
  test('GET /whatsapp/all lists every company’s connections with the company, for the super user only', async () => {
    const { company, asAdmin } = await setup()
    const mine = await buildConnection(t.db, company, { name: 'Mine' })
    const other = await buildConnection(t.db, await buildCompany(t.db), { name: 'Other' })
    expect(
      (await t.app.inject({ method: 'GET', url: '/whatsapp/all', headers: asAdmin })).statusCode,
    ).toBe(403)
    const response = await t.app.inject({
      method: 'GET',
      url: '/whatsapp/all/?session=0',
      headers: await operator(),
    })
    expect(response.statusCode).toBe(200)
    const all = response.json<Array<ConnectionDto & { company: { id: number; name: string } }>>()
    expect(all.find((row) => row.id === mine.id)).toMatchObject({
      company: { id: company.id, name: company.name },
      queues: [],
    })
    expect(all.find((row) => row.id === other.id)).toBeDefined()
  })

  test('GET, PUT and DELETE /whatsapp-admin/:id reach any company', async () => {
    const { company, asAdmin } = await setup()
    const target = await buildConnection(t.db, company, { name: 'Before', isDefault: true })
    const asOperator = await operator()
    const read = await t.app.inject({
      method: 'GET',
      url: `/whatsapp-admin/${target.id}?session=0`,
      headers: asOperator,
    })
    expect(read.json()).toMatchObject({ id: target.id, company: { id: company.id } })
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/whatsapp-admin/${target.id}`,
      headers: asOperator,
      payload: { name: 'After', greetingMessage: 'Olá' },
    })
    expect(saved.json()).toMatchObject({ name: 'After', greetingMessage: 'Olá' })
    expect(
      failure(
        await t.app.inject({
          method: 'PUT',
          url: `/whatsapp-admin/${target.id}`,
          headers: asOperator,
          payload: { isDefault: false },
        }),
      ),
    ).toEqual([400, { error: 'ERR_NO_OTHER_WHATSAPP' }])
    for (const method of ['GET', 'DELETE'] as const)
      expect(
        (await t.app.inject({ method, url: `/whatsapp-admin/${target.id}`, headers: asAdmin }))
          .statusCode,
      ).toBe(403)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/whatsapp-admin/${target.id}`,
      headers: asOperator,
    })
    expect([removed.statusCode, removed.json()]).toEqual([
      200,
      { message: 'Session disconnected.' },
    ])
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/whatsapp-admin/${target.id}`,
          headers: asOperator,
        })
      ).statusCode,
    ).toBe(404)
  })
})

describe('POST /facebook', () => {
  const onboard = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/facebook', headers, payload })

  test('a facebook connection per page, instagram when asked; long-lived tokens, sealed; pages subscribed', async () => {
    const { asManager } = await setup()
    const response = await onboard(asManager, {
      facebookUserId: USER_ID,
      facebookUserToken: USER_TOKEN,
      addInstagram: true,
    })
    expect(response.statusCode).toBe(200)
    const created = response.json<ConnectionDto[]>()
    expect(created.map((row) => [row.channel, row.name, row.facebookPageUserId])).toEqual([
      ['facebook', PAGE.name, PAGE.id],
      ['facebook', PAGE_WITH_INSTAGRAM.name, PAGE_WITH_INSTAGRAM.id],
      ['instagram', 'Insta lojanorte', PAGE_WITH_INSTAGRAM.instagram.id],
    ])
    for (const row of created)
      expect(row).toMatchObject({
        status: 'CONNECTED',
        isDefault: false,
        hasFacebookPageToken: true,
        hasWabaAppSecret: true,
        token: expect.stringMatching(/^[A-Za-z0-9]{30}$/),
      })
    expect(JSON.stringify(created)).not.toContain('EAAG')
    const stored = await rowOf(created[2]!.id)
    expect(stored?.facebookPageTokenSealed).not.toContain('EAAG')
    expect(t.services.channels.connectionFor(stored!).secrets.facebookPageToken).toBe(
      `long-${PAGE_WITH_INSTAGRAM.token}`,
    )
    expect([...graph.subscriptions].sort()).toEqual([PAGE.id, PAGE_WITH_INSTAGRAM.id])
    const subscribe = graph.requests.find((request) => request.path.endsWith('subscribed_apps'))
    expect(subscribe?.json).toEqual({
      subscribed_fields:
        'messages,messaging_postbacks,message_deliveries,message_reads,message_echoes',
    })
    // The app secret travels in the body, never in a URL.
    expect(graph.requests.some((request) => JSON.stringify(request.query).includes('secret'))).toBe(
      false,
    )

    // Again: the same accounts are refreshed, not duplicated; without addInstagram none is added.
    const again = await onboard(asManager, {
      facebookUserId: USER_ID,
      facebookUserToken: USER_TOKEN,
    })
    expect(again.json<ConnectionDto[]>().map((row) => row.id)).toEqual(
      created.slice(0, 2).map((row) => row.id),
    )
  })

  test('deleting one page connection keeps the page subscribed while another uses it', async () => {
    const { asAdmin } = await setup()
    const own = {
      id: '5550009',
      name: 'Loja Sul',
      token: 'EAAG-page-nine',
      instagram: { id: '17841400000000009', username: 'lojasul' },
    }
    graph.addFacebookUser('100200309', { token: 'EAAG-user-nine', pages: [own] })
    const [page, instagram] = (
      await onboard(asAdmin, {
        facebookUserId: '100200309',
        facebookUserToken: 'EAAG-user-nine',
        addInstagram: true,
      })
    ).json<ConnectionDto[]>()
    expect(graph.subscriptions.has(own.id)).toBe(true)
    await t.app.inject({ method: 'DELETE', url: `/whatsapp/${instagram!.id}`, headers: asAdmin })
    expect(await rowOf(page!.id)).toBeDefined()
    expect(graph.subscriptions.has(own.id)).toBe(true)
    await t.app.inject({ method: 'DELETE', url: `/whatsapp/${page!.id}`, headers: asAdmin })
    expect(graph.subscriptions.has(own.id)).toBe(false)
  })

  test('pages another company connected are left to it', async () => {
    const first = await setup()
    const second = await setup()
    const user = {
      id: '100200320',
      token: 'EAAG-user-twenty',
      shared: { id: '5550020', name: 'Loja Compartilhada', token: 'EAAG-page-twenty' },
      own: { id: '5550022', name: 'Loja Própria', token: 'EAAG-page-twenty-two' },
    }
    graph.addFacebookUser(user.id, { token: user.token, pages: [user.shared] })
    const login = { facebookUserId: user.id, facebookUserToken: user.token }
    expect((await onboard(first.asAdmin, login)).statusCode).toBe(200)
    expect(failure(await onboard(second.asAdmin, login))).toEqual([
      409,
      { error: 'ERR_PAGE_TAKEN' },
    ])
    graph.addFacebookUser(user.id, { token: user.token, pages: [user.shared, user.own] })
    const created = (await onboard(second.asAdmin, login)).json<ConnectionDto[]>()
    expect(created.map((row) => row.facebookPageUserId)).toEqual([user.own.id])
    const holders = await t.db
      .select({ companyId: connections.companyId })
      .from(connections)
      .where(eq(connections.facebookPageUserId, user.shared.id))
    expect(holders).toEqual([{ companyId: first.company.id }])
  })

  test('plan gates, connection limit, permissions, bad tokens and validation', async () => {
    const noFacebook = await setup({ useFacebook: false })
    expect(
      failure(
        await onboard(noFacebook.asAdmin, {
          facebookUserId: USER_ID,
          facebookUserToken: USER_TOKEN,
        }),
      ),
    ).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const noInstagram = await setup({ useInstagram: false })
    expect(
      failure(
        await onboard(noInstagram.asAdmin, {
          facebookUserId: USER_ID,
          facebookUserToken: USER_TOKEN,
          addInstagram: true,
        }),
      ),
    ).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const small = await setup({ connections: 1 })
    graph.addFacebookUser('100200310', {
      token: 'EAAG-user-ten',
      pages: [
        { id: '5550010', name: 'Loja Leste', token: 'EAAG-page-ten' },
        { id: '5550011', name: 'Loja Oeste', token: 'EAAG-page-eleven' },
      ],
    })
    expect(
      failure(
        await onboard(small.asAdmin, {
          facebookUserId: '100200310',
          facebookUserToken: 'EAAG-user-ten',
        }),
      ),
    ).toEqual([403, { error: 'ERR_CONNECTION_LIMIT_REACHED' }])
    const { asAdmin, asAgent } = await setup()
    expect(
      failure(await onboard(asAgent, { facebookUserId: USER_ID, facebookUserToken: USER_TOKEN })),
    ).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    expect(
      failure(await onboard(asAdmin, { facebookUserId: USER_ID, facebookUserToken: 'wrong' })),
    ).toEqual([400, { error: 'ERR_WAPP_CREDENTIALS' }])
    graph.addFacebookUser('999', { token: 'lonely', pages: [] })
    expect(
      failure(await onboard(asAdmin, { facebookUserId: '999', facebookUserToken: 'lonely' })),
    ).toEqual([400, { error: 'ERR_FACEBOOK_PAGE_NOT_FOUND' }])
    expect(
      failure(await onboard(asAdmin, { facebookUserId: 'me', facebookUserToken: USER_TOKEN })),
    ).toMatchObject([400, { error: 'ERR_VALIDATION' }])
  })

  test('without the Meta app configured the onboarding is refused', async () => {
    const bare = await buildTestApp({
      config: { graph: { apiUrl: graph.url, version: graph.version } },
    })
    try {
      const admin = await buildUser(bare.db, { profile: 'admin' })
      const response = await bare.app.inject({
        method: 'POST',
        url: '/facebook',
        headers: await loginAs(bare.app, admin),
        payload: { facebookUserId: USER_ID, facebookUserToken: USER_TOKEN },
      })
      expect(failure(response)).toEqual([503, { error: 'ERR_FACEBOOK_NOT_CONFIGURED' }])
    } finally {
      await bare.close()
    }
  })
})
