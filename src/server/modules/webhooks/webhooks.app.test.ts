import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildConnection } from '@tests/factories'
import { signMeta } from '@tests/helpers/fake-graph'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { inboundEvents } from '../inbound/inbound.table'

/** The Meta app's one callback URL, where pages onboarded through Facebook login deliver. */
const APP_SECRET = 'meta-app-secret'
const VERIFY_TOKEN = 'app-verify-token'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    config: { metaApp: { id: '123456', secret: APP_SECRET, verifyToken: VERIFY_TOKEN } },
  })
})
afterAll(() => t.close())

const stored = async (connectionId: number) =>
  (await t.db.select().from(inboundEvents).where(eq(inboundEvents.connectionId, connectionId))).map(
    (row) => row.payload,
  )

const post = (body: object, secret = APP_SECRET) => {
  const raw = JSON.stringify(body)
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMeta(raw, secret) },
    payload: raw,
  })
}

const messaging = (recipient: string) => ({
  id: recipient,
  time: 1_749_416_383_000,
  messaging: [
    {
      sender: { id: '7000000000000001' },
      recipient: { id: recipient },
      timestamp: 1_749_416_383_000,
      message: { mid: `m_${recipient}`, text: 'Olá' },
    },
  ],
})

describe('GET /webhooks/meta', () => {
  test("answers Meta's challenge only with the app's verify token", async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=42`,
    })
    expect([ok.statusCode, ok.body]).toEqual([200, '42'])
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/webhooks/meta?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=42',
    })
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})

describe('POST /webhooks/meta', () => {
  test('each entry goes to the connections of its page or account, in their company', async () => {
    const first = await buildCompany(t.db)
    const second = await buildCompany(t.db)
    const page = await buildConnection(t.db, first, {
      channel: 'facebook',
      facebookPageUserId: '5550001',
      status: 'CONNECTED',
    })
    const instagram = await buildConnection(t.db, second, {
      channel: 'instagram',
      facebookPageUserId: '5550002',
      status: 'CONNECTED',
    })

    const pageEvent = messaging('5550001')
    const response = await post({
      object: 'page',
      // The second entry is an Instagram account's id under the page product: not delivered.
      entry: [pageEvent, messaging('5550002'), messaging('5559999')],
    })
    expect([response.statusCode, response.body]).toEqual([200, 'EVENT_RECEIVED'])
    expect(await stored(page.id)).toEqual([{ object: 'page', entry: [pageEvent] }])
    expect(await stored(instagram.id)).toEqual([])

    const instagramEvent = messaging('5550002')
    await post({ object: 'instagram', entry: [instagramEvent] })
    expect(await stored(instagram.id)).toEqual([{ object: 'instagram', entry: [instagramEvent] }])
    expect(await stored(page.id)).toHaveLength(1)
  })

  test("a page's messages go to the one company that verified it, never to a claim", async () => {
    const owner = await buildCompany(t.db)
    const claimant = await buildCompany(t.db)
    const later = await buildCompany(t.db)
    const verified = await buildConnection(t.db, owner, {
      channel: 'facebook',
      facebookPageUserId: '5550021',
      status: 'CONNECTED',
    })
    // Saved before page ids were refused to a second company: one unproven, one proven later.
    const unproven = await buildConnection(t.db, claimant, {
      channel: 'facebook',
      facebookPageUserId: '5550021',
      status: 'DISCONNECTED',
    })
    const second = await buildConnection(t.db, later, {
      channel: 'facebook',
      facebookPageUserId: '5550021',
      status: 'CONNECTED',
    })
    const event = messaging('5550021')
    await post({ object: 'page', entry: [event] })
    expect(await stored(verified.id)).toEqual([{ object: 'page', entry: [event] }])
    expect(await stored(unproven.id)).toEqual([])
    expect(await stored(second.id)).toEqual([])
  })

  test('a delivery not signed by the app stores nothing', async () => {
    const company = await buildCompany(t.db)
    const page = await buildConnection(t.db, company, {
      channel: 'facebook',
      facebookPageUserId: '5550011',
      status: 'CONNECTED',
    })
    const forged = await post({ object: 'page', entry: [messaging('5550011')] }, 'other-secret')
    expect([forged.statusCode, forged.json()]).toEqual([401, { error: 'ERR_INVALID_SIGNATURE' }])
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/webhooks/meta',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ object: 'page', entry: [messaging('5550011')] }),
    })
    expect(unsigned.statusCode).toBe(401)
    expect(await stored(page.id)).toEqual([])
  })
})
