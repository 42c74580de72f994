import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildConnection } from '@tests/factories'
import { signMeta } from '@tests/helpers/fake-graph'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { inboundEvents } from '../inbound/inbound.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const APP_SECRET = 'meta-app-secret'
const VERIFY_TOKEN = 'verify-me-please'

async function metaConnections() {
  const company = await buildCompany(t.db)
  const seal = t.services.channels.seal
  const cloud = await buildConnection(t.db, company, {
    channel: 'whatsappapi',
    wabaPhoneNumberId: '106540352242922',
    wabaAccessTokenSealed: seal('token'),
    wabaAppSecretSealed: seal(APP_SECRET),
    wabaVerifyTokenSealed: seal(VERIFY_TOKEN),
  })
  const page = await buildConnection(t.db, company, {
    channel: 'facebook',
    facebookPageUserId: '1234567890',
    facebookPageTokenSealed: seal('page-token'),
    wabaAppSecretSealed: seal('page-app-secret'),
    wabaVerifyTokenSealed: seal(VERIFY_TOKEN),
  })
  const whatsapp = await buildConnection(t.db, company)
  const bare = await buildConnection(t.db, company, { channel: 'instagram' })
  return { company, cloud, page, whatsapp, bare }
}

const stored = (connectionId: number) =>
  t.db.select().from(inboundEvents).where(eq(inboundEvents.connectionId, connectionId))

const cloudBody = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
            messages: [
              {
                from: '16505551234',
                id: 'wamid.WEBHOOK1',
                timestamp: '1749416383',
                type: 'text',
                text: { body: 'Olá — tudo bem?' },
              },
            ],
          },
        },
      ],
    },
  ],
}

const post = (connectionId: number, body: string | Buffer, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/webhooks/meta/${connectionId}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  })

describe('GET /webhooks/meta/:connectionId', () => {
  const verify = (id: number, query: string) =>
    t.app.inject({ method: 'GET', url: `/webhooks/meta/${id}?${query}` })

  test('answers hub.challenge as text when the verify token is the connection’s', async () => {
    const { cloud, page } = await metaConnections()
    for (const connection of [cloud, page]) {
      const response = await verify(
        connection.id,
        `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
      )
      expect([response.statusCode, response.body]).toEqual([200, '1158201444'])
      expect(response.headers['content-type']).toMatch(/^text\/plain/)
    }
  })

  test('403 for another token, another mode or a connection without one', async () => {
    const { cloud, bare } = await metaConnections()
    for (const [id, query] of [
      [cloud.id, 'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1'],
      [cloud.id, `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`],
      [cloud.id, `hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`],
      [bare.id, 'hub.mode=subscribe&hub.verify_token=&hub.challenge=1'],
    ] as const) {
      const response = await verify(id, query)
      expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    }
  })

  test('404 for an unknown connection and for a channel without Meta webhooks', async () => {
    const { whatsapp } = await metaConnections()
    for (const id of [whatsapp.id, 2_000_000_000]) {
      const response = await verify(
        id,
        `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      )
      expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_WAPP_FOUND' }])
    }
  })
})

describe('POST /webhooks/meta/:connectionId', () => {
  test('a signed delivery is stored as it came, for its company, then acknowledged', async () => {
    const { company, cloud } = await metaConnections()
    // Signed over the exact bytes: spacing and escapes a re-serialisation would change.
    const raw = JSON.stringify(cloudBody, null, 1).replace('Olá', 'Ol\\u00e1')
    const response = await post(cloud.id, raw, { 'x-hub-signature-256': signMeta(raw, APP_SECRET) })
    expect([response.statusCode, response.body]).toEqual([200, 'EVENT_RECEIVED'])
    const rows = await stored(cloud.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      companyId: company.id,
      connectionId: cloud.id,
      source: 'cloudapi',
      payload: cloudBody,
    })
  })

  test('a message with U+0000 or a lone surrogate is stored with them replaced, not refused', async () => {
    const { cloud } = await metaConnections()
    const body = structuredClone(cloudBody)
    const value = body.entry[0]!.changes[0]!.value
    value.contacts[0]!.profile.name = 'N\u0000N'
    value.messages[0]!.text.body = 'a\u0000b x\ud800y'
    const raw = JSON.stringify(body)
    const response = await post(cloud.id, raw, { 'x-hub-signature-256': signMeta(raw, APP_SECRET) })
    expect([response.statusCode, response.body]).toEqual([200, 'EVENT_RECEIVED'])
    const [row] = await stored(cloud.id)
    const payload = row?.payload as typeof cloudBody
    const storedValue = payload.entry[0]!.changes[0]!.value
    expect(storedValue.contacts[0]!.profile.name).toBe('N\ufffdN')
    expect(storedValue.messages[0]!.text.body).toBe('a\ufffdb x\ufffdy')
  })

  test('Messenger deliveries are checked with the page connection’s app secret', async () => {
    const { page } = await metaConnections()
    const raw = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: '1234567890',
          time: 1458692752478,
          messaging: [
            {
              sender: { id: '6543210987' },
              recipient: { id: '1234567890' },
              timestamp: 1458692752478,
              message: { mid: 'm_1', text: 'hello' },
            },
          ],
        },
      ],
    })
    const wrong = await post(page.id, raw, { 'x-hub-signature-256': signMeta(raw, APP_SECRET) })
    expect(wrong.statusCode).toBe(401)
    const response = await post(page.id, raw, {
      'x-hub-signature-256': signMeta(raw, 'page-app-secret'),
      'content-type': 'application/json; charset=utf-8',
    })
    expect(response.statusCode).toBe(200)
    expect((await stored(page.id)).map((row) => row.source)).toEqual(['messenger'])
  })

  test('a missing, malformed or foreign signature is refused with 401 and nothing is stored', async () => {
    const { cloud, bare } = await metaConnections()
    const raw = JSON.stringify(cloudBody)
    const attempts: Array<Record<string, string>> = [
      {},
      { 'x-hub-signature-256': 'sha256=' },
      { 'x-hub-signature-256': signMeta(raw, 'someone-else') },
      { 'x-hub-signature-256': signMeta(`${raw} `, APP_SECRET) },
      { 'x-hub-signature-256': signMeta(raw, APP_SECRET).replace('sha256=', 'sha1=') },
    ]
    for (const headers of attempts) {
      const response = await post(cloud.id, raw, headers)
      expect([response.statusCode, response.json()]).toEqual([
        401,
        { error: 'ERR_INVALID_SIGNATURE' },
      ])
    }
    // A connection without an app secret cannot authenticate anything.
    const unsigned = await post(bare.id, raw, { 'x-hub-signature-256': signMeta(raw, '') })
    expect(unsigned.statusCode).toBe(401)
    expect(await stored(cloud.id)).toEqual([])
    expect(await stored(bare.id)).toEqual([])
  })

  test('a signed body that is not a JSON object is a 400; unsigned garbage stays a 401', async () => {
    const { cloud } = await metaConnections()
    for (const raw of ['not json', '[1,2]', '']) {
      const response = await post(cloud.id, raw, {
        'x-hub-signature-256': signMeta(raw, APP_SECRET),
      })
      expect([raw, response.statusCode, response.json().error]).toEqual([
        raw,
        400,
        'ERR_VALIDATION',
      ])
    }
    const garbage = await post(cloud.id, 'not json', { 'content-type': 'text/plain' })
    expect(garbage.statusCode).toBe(401)
    expect(await stored(cloud.id)).toEqual([])
  })

  test('a delivery for another Meta object is acknowledged but not stored', async () => {
    const { cloud } = await metaConnections()
    const raw = JSON.stringify({ object: 'page', entry: [] })
    const response = await post(cloud.id, raw, { 'x-hub-signature-256': signMeta(raw, APP_SECRET) })
    expect(response.statusCode).toBe(200)
    expect(await stored(cloud.id)).toEqual([])
  })

  test('unknown connections and other channels are 404; bodies over 1 MB are 413', async () => {
    const { cloud, whatsapp } = await metaConnections()
    const raw = JSON.stringify(cloudBody)
    for (const id of [whatsapp.id, 2_000_000_000]) {
      const response = await post(id, raw, { 'x-hub-signature-256': signMeta(raw, APP_SECRET) })
      expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_WAPP_FOUND' }])
    }
    const huge = JSON.stringify({ object: 'whatsapp_business_account', pad: 'x'.repeat(1_100_000) })
    const response = await post(cloud.id, huge, {
      'x-hub-signature-256': signMeta(huge, APP_SECRET),
    })
    expect(response.statusCode).toBe(413)
    expect(await stored(cloud.id)).toEqual([])
  })

  test('other routes keep parsing JSON bodies as before', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@example.test', password: 'whatever' },
    })
    expect(response.statusCode).toBe(401)
  })
})
