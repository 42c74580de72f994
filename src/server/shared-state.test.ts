import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildCompany, buildConnection, buildContact, buildPlan, buildUser } from '@tests/factories'
import { signMeta, startFakeGraph, type FakeGraph } from '@tests/helpers/fake-graph'
import { conversation, fakeDriver } from '@tests/helpers/messages'
import {
  buildSecondInstance,
  buildTestApp,
  type TestApp,
  type TestInstance,
} from '@tests/helpers/test-app'
import { messages } from './modules/messages/messages.table'

/**
 * Two server instances on one database (as behind a reverse proxy), each with its own services,
 * job engine and, on PostgreSQL, its own connections: what one instance counted or stored, the
 * other sees. Nothing of this may live in one process's memory.
 */

let graph: FakeGraph
let a: TestApp
let b: TestInstance
beforeAll(async () => {
  graph = await startFakeGraph()
  a = await buildTestApp({ config: { graph: { apiUrl: graph.url, version: graph.version } } })
  a.services.channels.register('whatsapp', fakeDriver().driver)
  b = await buildSecondInstance(a, {}, ({ services }) =>
    services.channels.register('whatsapp', fakeDriver().driver),
  )
})
afterAll(async () => {
  await b?.close()
  await a?.close()
  await graph?.close()
})

const both = (): FastifyInstance[] => [a.app, b.app]

test('failed sign-ins on one instance throttle the same address and IP on the other', async () => {
  const user = await buildUser(a.db)
  const ip = '10.7.0.1'
  const login = (app: FastifyInstance, password: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password },
      remoteAddress: ip,
    })

  // Five failures, split between the instances: neither saw the five on its own.
  const failures: number[] = []
  for (const app of [a.app, b.app, a.app, b.app, a.app])
    failures.push((await login(app, 'wrong-password')).statusCode)
  expect(failures).toEqual([401, 401, 401, 401, 401])

  for (const app of both()) {
    const refused = await login(app, user.password)
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: 'ERR_TOO_MANY_ATTEMPTS' }])
  }
})

test('the per-IP sign-up limit counts the requests of both instances', async () => {
  const plan = await buildPlan(a.db, { isPublic: true })
  const ip = '10.7.0.2'
  let sequence = 0
  const signup = (app: FastifyInstance) => {
    sequence += 1
    return app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: ip,
      payload: {
        name: `Owner ${sequence}`,
        email: `owner-${sequence}-${Date.now()}@shared.test`,
        password: 'secret12',
        companyName: `Shared ${sequence}`,
        planId: plan.id,
      },
    })
  }
  const answers: number[] = []
  for (const app of [a.app, b.app, a.app, b.app, a.app])
    answers.push((await signup(app)).statusCode)
  expect(answers).toEqual([202, 202, 202, 202, 202])

  for (const app of both()) {
    const refused = await signup(app)
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: 'ERR_TOO_MANY_ATTEMPTS' }])
  }
})

test('a message sent with one idempotency key through both instances is stored once', async () => {
  const c = await conversation(a)
  const send = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: c.asAgent,
      payload: { body: 'Uma vez só', idempotencyKey: 'shared-key-0001' },
    })
  const answers = await Promise.all(both().map(send))
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
  expect(answers[1]!.json().id).toBe(answers[0]!.json().id)
  expect(await a.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id))).toHaveLength(
    1,
  )
})

describe('Meta', () => {
  const APP_SECRET = 'shared-app-secret'
  const seal = (value: string) => a.services.channels.seal(value)

  test('the same webhook delivered to both instances stores one message', async () => {
    const company = await buildCompany(a.db)
    const connection = await buildConnection(a.db, company, {
      channel: 'whatsappapi',
      status: 'CONNECTED',
      wabaPhoneNumberId: '106540352242999',
      wabaAccessTokenSealed: seal('token'),
      wabaAppSecretSealed: seal(APP_SECRET),
    })
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340399',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '15550783881',
                  phone_number_id: '106540352242999',
                },
                contacts: [{ profile: { name: 'Ana' }, wa_id: '5511987650001' }],
                messages: [
                  {
                    from: '5511987650001',
                    id: 'wamid.SHARED1',
                    timestamp: '1749416383',
                    type: 'text',
                    text: { body: 'Olá' },
                  },
                ],
              },
            },
          ],
        },
      ],
    })
    // Meta retries a delivery it thinks failed; the proxy may hand the retry to the other one.
    for (const app of both()) {
      const response = await app.inject({
        method: 'POST',
        url: `/webhooks/meta/${connection.id}`,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signMeta(raw, APP_SECRET),
        },
        payload: raw,
      })
      expect([response.statusCode, response.body]).toEqual([200, 'EVENT_RECEIVED'])
    }
    await Promise.all([a.services.inbound.drain(), b.services.inbound.drain()])

    const stored = await a.db
      .select({ wid: messages.wid, body: messages.body })
      .from(messages)
      .where(eq(messages.whatsappId, connection.id))
    expect(stored).toEqual([{ wid: 'wamid.SHARED1', body: 'Olá' }])
  })

  test('a job queued with a singleton key on one instance is not queued again by the other, and runs once', async () => {
    const pageToken = 'EAAG-shared-page-token'
    const psid = '2400000000000999'
    graph.addPage({ id: '104400000000999', token: pageToken, name: 'Loja' })
    graph.addProfile(psid, { name: 'Bia Souza' })
    const company = await buildCompany(a.db)
    const page = await buildConnection(a.db, company, {
      channel: 'facebook',
      status: 'CONNECTED',
      facebookPageUserId: '104400000000999',
      facebookPageTokenSealed: seal(pageToken),
      wabaAppSecretSealed: seal(APP_SECRET),
    })
    const contact = await buildContact(a.db, company, {
      channel: 'facebook',
      number: psid,
      name: psid,
    })
    const job = { companyId: company.id, connectionId: page.id, contactId: contact.id }
    const singletonKey = `inbound.contact-profile:${contact.id}`

    // Queued for later, so that it still waits when the other instance sends it again.
    const later = { singletonKey, startAfter: new Date(Date.now() + 3_600_000) }
    const queued = await a.deps.jobs.send('inbound.contact-profile', job, later)
    const again = await b.deps.jobs.send('inbound.contact-profile', job, later)
    expect([typeof queued, again]).toEqual(['string', null])

    // Due now, both engines' workers go for it: one runs it.
    await a.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${queued}`)
    a.deps.jobs.wake('inbound.contact-profile')
    b.deps.jobs.wake('inbound.contact-profile')
    await a.deps.jobs.settled(['inbound.contact-profile'])
    await Promise.all([a.deps.jobs.idle(), b.deps.jobs.idle()])

    expect(graph.requests.filter((request) => request.path.endsWith(`/${psid}`))).toHaveLength(1)
  })
})
