import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fakeSocketFactory, recordingIntake, type FakeSocket } from '@tests/helpers/fake-baileys'
import { recordingHub } from '@tests/helpers/recording-hub'
import { buildCompany, buildConnection, buildPlan, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { ConnectionDto } from '@shared/contracts/connections'
import { createGraphClient } from '@server/channels/graph/client'
import { createWhatsappSessionManager } from '@server/channels/whatsapp/session-manager'
import type { CoreDeps } from '@server/deps'
import { createMailer } from '@server/lib/mailer'
import { createTokenService } from '@server/lib/tokens'
import { createConnectionEvents } from './connections.events'
import { createConnectionsService } from './connections.service'
import { connections } from './connections.table'
import { whatsappSessionCreds } from './connections.sessions.table'

const ME = { id: '5511900000000:12@s.whatsapp.net', name: 'Loja' }

let t: TestApp
const sockets = fakeSocketFactory()
beforeAll(async () => {
  t = await buildTestApp({ makeSocket: sockets.makeSocket })
})
afterAll(() => t.close())

async function setup() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const manager = await buildUser(t.db, { company, allowConnections: 'enabled' })
  const agent = await buildUser(t.db, { company })
  return {
    company,
    admin,
    asAdmin: await loginAs(t.app, admin),
    asManager: await loginAs(t.app, manager),
    asAgent: await loginAs(t.app, agent),
  }
}

const statusOf = async (id: number) =>
  (await t.db.select().from(connections).where(eq(connections.id, id)))[0]!.status

/**
 * The socket the app's session manager made after `count` sockets existed. Session starts run
 * after the answer; the manager says when it has nothing left to do.
 */
async function nextSocket(count: number): Promise<FakeSocket> {
  await t.services.sessions.settled()
  expect(sockets.sockets.length).toBeGreaterThan(count)
  return sockets.latest()!
}

/** The status once the app's session manager has written everything it was told. */
async function settledStatusOf(id: number) {
  await t.services.sessions.settled()
  return statusOf(id)
}

describe('session routes on the app, with a fake WhatsApp socket', () => {
  test('qrcode → CONNECTED → DELETE (DISCONNECTED, unlinked) → POST retry → PUT new QR', async () => {
    const { asAdmin } = await setup()
    const before = sockets.sockets.length
    const created = await t.app.inject({
      method: 'POST',
      url: '/whatsapp',
      headers: asAdmin,
      payload: { name: 'Central' },
    })
    const { id } = created.json<ConnectionDto>()
    const socket = await nextSocket(before)
    socket.qr('2@first-qr')
    expect(await settledStatusOf(id)).toBe('qrcode')
    const read = await t.app.inject({ method: 'GET', url: `/whatsapp/${id}`, headers: asAdmin })
    expect(read.json()).toMatchObject({ status: 'qrcode', qrcode: '2@first-qr' })

    socket.pair(ME)
    socket.open(ME)
    expect(await settledStatusOf(id)).toBe('CONNECTED')

    const disconnect = await t.app.inject({
      method: 'DELETE',
      url: `/whatsappsession/${id}`,
      headers: asAdmin,
    })
    expect([disconnect.statusCode, disconnect.json()]).toEqual([
      200,
      { message: 'Session disconnected.' },
    ])
    expect(socket.loggedOut).toBe(true)
    expect(await statusOf(id)).toBe('DISCONNECTED')
    const creds = await t.db
      .select()
      .from(whatsappSessionCreds)
      .where(eq(whatsappSessionCreds.connectionId, id))
    expect(creds).toEqual([])

    const count = sockets.sockets.length
    const retry = await t.app.inject({
      method: 'POST',
      url: `/whatsappsession/${id}`,
      headers: asAdmin,
    })
    expect([retry.statusCode, retry.json()]).toEqual([200, { message: 'Starting session.' }])
    const again = await nextSocket(count)
    again.qr('2@second-qr')
    expect(await settledStatusOf(id)).toBe('qrcode')

    const newQr = await t.app.inject({
      method: 'PUT',
      url: `/whatsappsession/${id}`,
      headers: asAdmin,
    })
    expect([newQr.statusCode, newQr.json()]).toEqual([200, { message: 'Starting session.' }])
    await nextSocket(count + 1)
    expect(await statusOf(id)).toBe('OPENING')
  })

  test('session actions: managers only, own company only, WhatsApp channel only', async () => {
    const { company, asManager, asAgent } = await setup()
    const whatsapp = await buildConnection(t.db, company, { status: 'CONNECTED' })
    const cloud = await buildConnection(t.db, company, { channel: 'whatsappapi' })
    const foreign = await buildConnection(t.db, await buildCompany(t.db))
    const call = (method: 'POST' | 'PUT' | 'DELETE', id: number, headers: object) =>
      t.app.inject({ method, url: `/whatsappsession/${id}`, headers: headers as never })
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const refused = await call(method, whatsapp.id, asAgent)
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
      const other = await call(method, foreign.id, asManager)
      expect([other.statusCode, other.json()]).toEqual([404, { error: 'ERR_NO_WAPP_FOUND' }])
      const noSession = await call(method, cloud.id, asManager)
      expect([noSession.statusCode, noSession.json()]).toEqual([
        400,
        { error: 'ERR_CHANNEL_HAS_NO_SESSION' },
      ])
    }
    const done = await call('DELETE', whatsapp.id, asManager)
    expect(done.statusCode).toBe(200)
    expect(await statusOf(whatsapp.id)).toBe('DISCONNECTED')
  })

  test('a plan without WhatsApp may end a session but not start one', async () => {
    const company = await buildCompany(t.db, {
      plan: await buildPlan(t.db, { useWhatsapp: false }),
    })
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const headers = await loginAs(t.app, admin)
    const whatsapp = await buildConnection(t.db, company, { status: 'DISCONNECTED' })
    for (const [method, url] of [
      ['POST', `/whatsappsession/${whatsapp.id}`],
      ['PUT', `/whatsappsession/${whatsapp.id}`],
      ['POST', '/whatsapp-restart'],
    ] as const) {
      const refused = await t.app.inject({ method, url, headers })
      expect([url, refused.statusCode, refused.json()]).toEqual([
        url,
        403,
        { error: 'ERR_NO_PERMISSION' },
      ])
    }
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/whatsappsession/${whatsapp.id}`,
      headers,
    })
    expect(ended.statusCode).toBe(200)
  })

  test('DELETE /whatsappsession/admin/{id}: the super user, any company', async () => {
    const { company, asAdmin } = await setup()
    const target = await buildConnection(t.db, company, { status: 'CONNECTED' })
    const operator = await buildUser(t.db, {
      company: await buildCompany(t.db),
      profile: 'admin',
      super: true,
    })
    const asOperator = await loginAs(t.app, operator)
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/whatsappsession/admin/${target.id}`,
      headers: asAdmin,
    })
    expect(refused.statusCode).toBe(403)
    const done = await t.app.inject({
      method: 'DELETE',
      url: `/whatsappsession/admin/${target.id}`,
      headers: asOperator,
    })
    expect([done.statusCode, done.json()]).toEqual([200, { message: 'Session disconnected.' }])
    expect(await statusOf(target.id)).toBe('DISCONNECTED')
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/whatsappsession/admin/2147483000',
      headers: asOperator,
    })
    expect(missing.statusCode).toBe(404)
  })

  test('POST /whatsapp-restart restarts the company’s live WhatsApp sockets only', async () => {
    const { company, asManager, asAgent } = await setup()
    const live = await buildConnection(t.db, company, { status: 'CONNECTED' })
    const off = await buildConnection(t.db, company, { status: 'DISCONNECTED' })
    await buildConnection(t.db, await buildCompany(t.db), { status: 'CONNECTED' })
    const refused = await t.app.inject({
      method: 'POST',
      url: '/whatsapp-restart/',
      headers: asAgent,
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const before = sockets.sockets.length
    const done = await t.app.inject({
      method: 'POST',
      url: '/whatsapp-restart/',
      headers: asManager,
    })
    expect([done.statusCode, done.json()]).toEqual([200, { message: 'Whatsapp restart.' }])
    await t.services.sessions.settled()
    expect(sockets.sockets.length).toBe(before + 1)
    expect(await statusOf(live.id)).toBe('OPENING')
    expect(await statusOf(off.id)).toBe('DISCONNECTED')
  })
})

describe('the session walk, statuses written and emitted', () => {
  test('qrcode → CONNECTED → logout (DISCONNECTED) → retry, through the service', async () => {
    const hub = recordingHub()
    const factory = fakeSocketFactory()
    const deps: CoreDeps = {
      config: t.config,
      db: t.db,
      tokens: createTokenService(t.config.jwtSecret, t.config.refreshSecret),
      mailer: createMailer(null),
      realtime: {
        ...hub,
        disconnectUser: () => Promise.resolve(),
        refreshUserRooms: () => Promise.resolve(),
      },
      jobs: t.deps.jobs,
      log: t.app.log,
      defaultTimeZone: 'America/Sao_Paulo',
    }
    const sessions = createWhatsappSessionManager(deps, {
      intake: recordingIntake(),
      events: createConnectionEvents(deps),
      makeSocket: factory.makeSocket,
    })
    const service = createConnectionsService(deps, {
      channels: t.services.channels,
      companies: t.services.companies,
      queues: t.services.queues,
      graph: createGraphClient({ baseUrl: 'http://127.0.0.1:9', version: 'v21.0' }),
      media: t.services.media,
      fileShown: t.services.messages.fileShown,
      integrations: t.services.integrations,
      prompts: t.services.prompts,
      flows: t.services.flows,
      sessions,
    })
    const { company, admin } = await setup()
    const ctx = {
      companyId: company.id,
      user: (await t.services.users.findForAuth(company.id, admin.id))!,
      company: (await t.services.companies.context(company.id))!,
      sessionId: 'test',
      expired: false,
    }
    const sessionStatuses = () =>
      hub.events
        .filter((event) => event.kind === 'whatsappSession' && event.rooms.includes('connections'))
        .map((event) => (event.payload as { session: ConnectionDto }).session.status)

    try {
      const { id } = await service.add(ctx, { name: 'Walk' })
      await sessions.settled()
      expect(factory.sockets).toHaveLength(1)
      const socket = factory.latest()!
      socket.qr('2@walk')
      await sessions.settled()
      expect(await statusOf(id)).toBe('qrcode')
      socket.pair(ME)
      socket.open(ME)
      await sessions.settled()
      expect(await statusOf(id)).toBe('CONNECTED')
      expect(await service.sessionAction(ctx, id, 'logout')).toEqual({
        message: 'Session disconnected.',
      })
      expect(await statusOf(id)).toBe('DISCONNECTED')
      expect(await service.sessionAction(ctx, id, 'start')).toEqual({
        message: 'Starting session.',
      })
      await sessions.settled()
      expect(factory.sockets).toHaveLength(2)
      factory.latest()!.qr('2@walk-again')
      await sessions.settled()
      expect(await statusOf(id)).toBe('qrcode')
      expect(sessionStatuses()).toEqual([
        'OPENING',
        'qrcode',
        'PAIRING',
        'CONNECTED',
        'DISCONNECTED',
        'OPENING',
        'qrcode',
      ])
      // Users who do not manage connections never receive the QR code.
      const reduced = hub.events.filter(
        (event) => event.kind === 'whatsappSession' && event.rooms.includes('company'),
      )
      expect(reduced.length).toBe(7)
      for (const event of reduced) {
        expect(event.except).toEqual(['connections'])
        expect((event.payload as { session: ConnectionDto }).session).not.toHaveProperty('qrcode')
      }
    } finally {
      await sessions.stopAll()
    }
  })
})
