import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startFakeGraph, type FakeGraph } from '@tests/helpers/fake-graph'
import type { ConnectionRow } from '@server/modules/connections/connections.table'
import { createGraphClient } from '../graph/client'
import { ChannelError, type ChatRef, type DriverConnection } from '../types'
import { createCloudApiDriver, lookupPhoneNumber } from './driver'

const PHONE_ID = '106540352242922'
const TOKEN = 'EAAG-cloud-token'

const connection = (overrides: Partial<DriverConnection['secrets']> = {}): DriverConnection => ({
  row: {
    id: 7,
    companyId: 3,
    channel: 'whatsappapi',
    wabaPhoneNumberId: PHONE_ID,
  } as ConnectionRow,
  secrets: { wabaAccessToken: TOKEN, wabaAppSecret: 'app-secret', ...overrides },
})

/** The envelope Meta wraps every Cloud API change in (messages webhook reference). */
const webhook = (value: Record<string, unknown>, phoneNumberId = PHONE_ID) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
})

const inbound = (message: Record<string, unknown>) =>
  webhook({
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
    messages: [{ from: '16505551234', id: 'wamid.IN1', timestamp: '1749416383', ...message }],
  })

let graph: FakeGraph
let tmp: string
beforeAll(async () => {
  graph = await startFakeGraph()
  graph.addPhoneNumber(PHONE_ID, { token: TOKEN, displayPhoneNumber: '+1 555-078-3881' })
  tmp = mkdtempSync(join(tmpdir(), 'cloud-api-'))
})
afterAll(async () => {
  await graph.close()
  rmSync(tmp, { recursive: true, force: true })
})
beforeEach(() => graph.reset())

const driver = () =>
  createCloudApiDriver({
    graph: createGraphClient({ baseUrl: graph.url, version: graph.version, timeoutMs: 500 }),
  })

describe('normalize', () => {
  const normalize = (payload: unknown) => driver().normalize(connection(), payload)

  test('a text message, named after value.contacts, with its timestamp', () => {
    const [event] = normalize(
      inbound({ type: 'text', text: { body: 'Does it come in another color?' } }),
    )
    expect(event).toEqual({
      type: 'message',
      providerId: 'wamid.IN1',
      fromMe: false,
      chat: { id: '16505551234', isGroup: false, name: 'Sheena Nelson' },
      sender: { id: '16505551234', isGroup: false, name: 'Sheena Nelson' },
      timestamp: new Date(1749416383 * 1000),
      content: { kind: 'text', body: 'Does it come in another color?' },
      raw: expect.objectContaining({ id: 'wamid.IN1' }),
    })
  })

  test('a reply quotes context.id; a forwarded message is flagged', () => {
    const [reply] = normalize(
      inbound({
        type: 'text',
        text: { body: 'this one' },
        context: { from: '15550783881', id: 'wamid.OUT9' },
      }),
    )
    expect(reply).toMatchObject({ quotedProviderId: 'wamid.OUT9' })
    expect(reply).not.toHaveProperty('isForwarded')
    const [forwarded] = normalize(
      inbound({ type: 'text', text: { body: 'fw' }, context: { forwarded: true } }),
    )
    expect(forwarded).toMatchObject({ isForwarded: true })
    expect(forwarded).not.toHaveProperty('quotedProviderId')
  })

  test('image, audio, video, document and sticker become media with a download reference', () => {
    const media = (message: Record<string, unknown>) => {
      const [event] = normalize(inbound(message))
      return event?.type === 'message' ? event.content : null
    }
    expect(
      media({
        type: 'image',
        image: { caption: 'Look', mime_type: 'image/jpeg', sha256: 'abc=', id: '1001' },
      }),
    ).toEqual({
      kind: 'media',
      mediaKind: 'image',
      caption: 'Look',
      mime: 'image/jpeg',
      ref: { id: '1001', mime: 'image/jpeg', sha256: 'abc=' },
    })
    expect(
      media({
        type: 'audio',
        audio: { mime_type: 'audio/ogg; codecs=opus', sha256: 's', id: '1002', voice: true },
      }),
    ).toMatchObject({ kind: 'media', mediaKind: 'audio', caption: '', ref: { id: '1002' } })
    expect(
      media({ type: 'video', video: { mime_type: 'video/mp4', sha256: 's', id: '1003' } }),
    ).toMatchObject({ mediaKind: 'video' })
    expect(
      media({
        type: 'document',
        document: {
          caption: 'Invoice',
          filename: 'invoice.pdf',
          mime_type: 'application/pdf',
          sha256: 's',
          id: '1004',
        },
      }),
    ).toEqual({
      kind: 'media',
      mediaKind: 'application',
      caption: 'Invoice',
      fileName: 'invoice.pdf',
      mime: 'application/pdf',
      ref: { id: '1004', mime: 'application/pdf', sha256: 's', fileName: 'invoice.pdf' },
    })
    expect(
      media({
        type: 'sticker',
        sticker: { mime_type: 'image/webp', sha256: 's', id: '1005', animated: false },
      }),
    ).toMatchObject({ mediaKind: 'sticker', ref: { id: '1005' } })
  })

  test('a contact card cannot add lines to its vCard', () => {
    const [event] = normalize(
      inbound({
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Ana\r\nORG:Injected' },
            phones: [
              { phone: '+55 11\nX-EVIL:1', type: 'CELL\nFN:<img src=x>', wa_id: '5511;x=1' },
            ],
          },
        ],
      }),
    )
    const [vcard] =
      event?.type === 'message' && event.content.kind === 'contacts' ? event.content.vcards : []
    expect(vcard?.split('\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:;;;;',
      'FN:Ana\\nORG:Injected',
      'TEL;type=CELLFNimgsrcx;waid=5511x1:+55 11\\nX-EVIL:1',
      'END:VCARD',
    ])
  })

  test('location, contacts (as vCards), reaction and unsupported types', () => {
    const content = (message: Record<string, unknown>) => {
      const [event] = normalize(inbound(message))
      return event?.type === 'message' ? event.content : null
    }
    expect(
      content({
        type: 'location',
        location: {
          address: '1 Hacker Way, Menlo Park, CA 94025',
          latitude: 37.483307,
          longitude: -122.148981,
          name: 'Main Office',
        },
      }),
    ).toEqual({
      kind: 'location',
      latitude: 37.483307,
      longitude: -122.148981,
      name: 'Main Office',
      address: '1 Hacker Way, Menlo Park, CA 94025',
    })
    expect(
      content({
        type: 'contacts',
        contacts: [
          {
            name: {
              first_name: 'Barbara',
              last_name: 'Johnson',
              formatted_name: 'Barbara J. Johnson',
            },
            org: { company: 'Lucky Shrub' },
            phones: [{ phone: '+1 (940) 555-1234', type: 'HOME', wa_id: '19405551234' }],
            emails: [{ email: 'bjohnson@luckyshrub.com', type: 'WORK' }],
          },
        ],
      }),
    ).toEqual({
      kind: 'contacts',
      names: ['Barbara J. Johnson'],
      vcards: [
        [
          'BEGIN:VCARD',
          'VERSION:3.0',
          'N:Johnson;Barbara;;;',
          'FN:Barbara J. Johnson',
          'ORG:Lucky Shrub',
          'TEL;type=HOME;waid=19405551234:+1 (940) 555-1234',
          'EMAIL:bjohnson@luckyshrub.com',
          'END:VCARD',
        ].join('\n'),
      ],
    })
    expect(
      content({ type: 'reaction', reaction: { message_id: 'wamid.OUT1', emoji: '\u{1F44D}' } }),
    ).toEqual({ kind: 'reaction', targetProviderId: 'wamid.OUT1', emoji: '\u{1F44D}' })
    expect(content({ type: 'reaction', reaction: { message_id: 'wamid.OUT1' } })).toEqual({
      kind: 'reaction',
      targetProviderId: 'wamid.OUT1',
      emoji: '',
    })
    expect(
      content({
        type: 'unsupported',
        errors: [{ code: 131051, title: 'Message type unknown' }],
      }),
    ).toEqual({ kind: 'unsupported', type: 'unsupported' })
    expect(content({ type: 'order', order: {} })).toEqual({ kind: 'unsupported', type: 'order' })
  })

  test('button and list replies and template quick-reply buttons become replies', () => {
    const content = (message: Record<string, unknown>) => {
      const [event] = normalize(inbound(message))
      return event?.type === 'message' ? event.content : null
    }
    expect(
      content({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'opt-1', title: 'Sales' } },
      }),
    ).toEqual({ kind: 'reply', body: 'Sales', id: 'opt-1' })
    expect(
      content({
        type: 'interactive',
        interactive: {
          type: 'list_reply',
          list_reply: { id: 'row-2', title: 'Support', description: 'Help' },
        },
      }),
    ).toEqual({ kind: 'reply', body: 'Support', id: 'row-2' })
    expect(
      content({ type: 'button', button: { payload: 'STOP', text: 'Stop promotions' } }),
    ).toEqual({ kind: 'reply', body: 'Stop promotions', id: 'STOP' })
  })

  test('statuses: sent, delivered, read and played acks; failed with the provider reason', () => {
    const events = normalize(
      webhook({
        statuses: [
          { id: 'wamid.A', status: 'sent', timestamp: '1', recipient_id: '16505551234' },
          { id: 'wamid.A', status: 'delivered', timestamp: '2', recipient_id: '16505551234' },
          { id: 'wamid.A', status: 'read', timestamp: '3', recipient_id: '16505551234' },
          { id: 'wamid.V', status: 'played', timestamp: '4', recipient_id: '16505551234' },
          {
            id: 'wamid.B',
            status: 'failed',
            timestamp: '5',
            recipient_id: '16505551234',
            errors: [
              {
                code: 131047,
                title: 'Re-engagement message',
                message: 'Re-engagement message',
                error_data: { details: 'More than 24 hours have passed' },
              },
            ],
          },
          { id: 'wamid.C', status: 'deleted', timestamp: '6', recipient_id: '16505551234' },
        ],
      }),
    )
    expect(events).toEqual([
      { type: 'status', providerId: 'wamid.A', ack: 1 },
      { type: 'status', providerId: 'wamid.A', ack: 2 },
      { type: 'status', providerId: 'wamid.A', ack: 3 },
      { type: 'status', providerId: 'wamid.V', ack: 5 },
      {
        type: 'status',
        providerId: 'wamid.B',
        ack: 'failed',
        error: '131047 Re-engagement message',
      },
    ])
  })

  test('a user without a phone number is addressed by his business-scoped id (BSUID)', () => {
    const chatOf = (value: Record<string, unknown>) => {
      const [event] = normalize(webhook(value))
      return event?.type === 'message' ? event.chat : null
    }
    const text = { id: 'wamid.U1', timestamp: '1749416383', type: 'text', text: { body: 'oi' } }
    const ana = { id: 'US.13491208655302741918', isGroup: false, lid: 'US.13491208655302741918' }
    // A username user: the message names him by from_user_id only.
    expect(
      chatOf({
        contacts: [
          { profile: { name: 'Ana', username: '@ana' }, user_id: 'US.13491208655302741918' },
        ],
        messages: [{ ...text, from_user_id: 'US.13491208655302741918' }],
      }),
    ).toEqual({ ...ana, name: 'Ana' })
    // Neither from nor from_user_id: the change's one contact says who wrote; the username
    // names him when the profile has no name.
    expect(
      chatOf({
        contacts: [{ profile: { username: '@ana' }, user_id: 'US.13491208655302741918' }],
        messages: [text],
      }),
    ).toEqual({ ...ana, name: '@ana' })
    // Both ids: the phone number stays the contact's number, the BSUID comes along to join
    // him with his later messages that carry only the BSUID.
    const both = { id: '16505551234', isGroup: false, lid: 'US.13491208655302741918', name: 'Ana' }
    expect(
      chatOf({
        contacts: [
          { profile: { name: 'Ana' }, wa_id: '16505551234', user_id: 'US.13491208655302741918' },
        ],
        messages: [{ ...text, from: '16505551234', from_user_id: 'US.13491208655302741918' }],
      }),
    ).toEqual(both)
    expect(
      chatOf({
        contacts: [
          { profile: { name: 'Ana' }, wa_id: '16505551234', user_id: 'US.13491208655302741918' },
        ],
        messages: [{ ...text, from: '16505551234' }],
      }),
    ).toEqual(both)
    expect(chatOf({ messages: [text] })).toBeNull()
  })

  test('a message from an ad keeps the ad it came from', () => {
    const referral = {
      source_url: 'https://fb.me/ad-1',
      source_id: '120200000',
      source_type: 'ad',
      headline: 'Promo | hoje',
      body: 'Frete grátis',
      media_type: 'image',
      image_url: 'https://cdn.example/ad.jpg',
      thumbnail_url: 'https://cdn.example/ad-thumb.jpg',
      ctwa_clid: 'ARAkLk',
    }
    const content = (message: Record<string, unknown>) => {
      const [event] = normalize(inbound({ referral, ...message }))
      return event?.type === 'message' ? event.content : null
    }
    const ad = {
      title: 'Promo | hoje',
      body: 'Frete grátis',
      sourceUrl: 'https://fb.me/ad-1',
      imageUrl: 'https://cdn.example/ad-thumb.jpg',
    }
    expect(content({ type: 'text', text: { body: 'Quero saber mais' } })).toEqual({
      kind: 'ad',
      ad,
      text: 'Quero saber mais',
    })
    expect(content({ type: 'button', button: { payload: 'YES', text: 'Sim' } })).toEqual({
      kind: 'ad',
      ad,
      text: 'Sim',
    })
  })

  test('revoke and edit point at the message they change', () => {
    expect(
      normalize(
        inbound({ type: 'revoke', revoke: { original_message_id: 'wamid.IN0' }, id: 'wamid.R1' }),
      ),
    ).toEqual([{ type: 'revoke', providerId: 'wamid.IN0' }])
    const edit = (message: Record<string, unknown>) =>
      normalize(
        inbound({
          type: 'edit',
          id: 'wamid.E1',
          edit: { original_message_id: 'wamid.IN0', message },
        }),
      )
    expect(edit({ type: 'text', text: { body: 'corrigido' } })).toEqual([
      { type: 'edit', providerId: 'wamid.IN0', body: 'corrigido' },
    ])
    expect(
      edit({
        type: 'image',
        image: { caption: 'Nova legenda', id: '1234', mime_type: 'image/jpeg' },
      }),
    ).toEqual([{ type: 'edit', providerId: 'wamid.IN0', body: 'Nova legenda' }])
    expect(normalize(inbound({ type: 'revoke', revoke: {} }))).toEqual([])
  })

  test('orders, Flow replies, system notices and unknown kinds arrive readable', () => {
    const content = (message: Record<string, unknown>) => {
      const [event] = normalize(inbound(message))
      return event?.type === 'message' ? event.content : null
    }
    expect(
      content({
        type: 'interactive',
        interactive: {
          type: 'nfm_reply',
          nfm_reply: {
            name: 'flow',
            body: 'Sent',
            response_json:
              '{"screen_0_email_0":"ana@example.com","screen_1_Quantity_1":3,"flow_token":"t0k3n"}',
          },
        },
      }),
    ).toEqual({ kind: 'reply', body: 'email: ana@example.com\nQuantity: 3' })
    expect(
      content({
        type: 'order',
        order: {
          catalog_id: '354160437058781',
          text: 'Sem cebola',
          product_items: [
            { product_retailer_id: 'HAMBURGER', quantity: 3, item_price: 30, currency: 'BRL' },
            { product_retailer_id: 'SODA', quantity: 2, item_price: 10, currency: 'BRL' },
          ],
        },
      }),
    ).toEqual({
      kind: 'unsupported',
      type: 'order',
      detail: 'Sem cebola\n3 × HAMBURGER (30 BRL)\n2 × SODA (10 BRL)',
    })
    expect(
      content({
        type: 'system',
        system: {
          body: 'Ana changed from 16505551234 to 16505559999',
          wa_id: '16505559999',
          type: 'user_changed_number',
        },
      }),
    ).toEqual({
      kind: 'unsupported',
      type: 'system',
      detail: 'Ana changed from 16505551234 to 16505559999',
    })
    expect(content({ type: 'interactive', context: { id: 'wamid.OUT2' } })).toEqual({
      kind: 'unsupported',
      type: 'interactive',
    })
    expect(content({ type: 'unknown', errors: [{ code: 131051 }] })).toEqual({
      kind: 'unsupported',
      type: 'unknown',
    })
  })

  test('a message whose context names itself quotes nothing', () => {
    const [event] = normalize(
      inbound({ type: 'text', text: { body: 'x' }, context: { id: 'wamid.IN1' } }),
    )
    expect(event).not.toHaveProperty('quotedProviderId')
  })

  test('changes of another phone number, other objects and garbage yield nothing', () => {
    expect(
      normalize(
        webhook({ messages: [{ from: '1', id: 'x', type: 'text', text: { body: 'x' } }] }, '999'),
      ),
    ).toEqual([])
    expect(normalize({ object: 'page', entry: [] })).toEqual([])
    expect(normalize(null)).toEqual([])
    expect(normalize({ object: 'whatsapp_business_account', entry: 'nope' })).toEqual([])
  })
})

describe('against the Graph API', () => {
  const to: ChatRef = { id: '16505551234', isGroup: false }

  test('a text goes to /{phone-number-id}/messages with the bearer token and link previews', async () => {
    const sent = await driver().send(connection(), {
      to,
      body: 'See https://example.com',
      quoted: { providerId: 'wamid.IN1', fromMe: false, raw: null },
    })
    expect(sent.providerId).toMatch(/^wamid\.fake\d+$/)
    expect(graph.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/v21.0/${PHONE_ID}/messages`,
        authorization: `Bearer ${TOKEN}`,
        json: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '16505551234',
          context: { message_id: 'wamid.IN1' },
          type: 'text',
          text: { preview_url: true, body: 'See https://example.com' },
        },
      }),
    ])
  })

  test('a contact known only by his BSUID is written to as recipient, not to', async () => {
    const bsuid: ChatRef = { id: 'US.13491208655302741918', isGroup: false }
    await driver().send(connection(), { to: bsuid, body: 'Olá' })
    await driver().react!(
      connection(),
      bsuid,
      { providerId: 'wamid.IN2', fromMe: false, raw: null },
      '\u{2764}',
    )
    const [text, reaction] = graph.requests.map((request) => request.json)
    expect(text).toMatchObject({ recipient: 'US.13491208655302741918', type: 'text' })
    expect(text).not.toHaveProperty('to')
    expect(reaction).toMatchObject({ recipient: 'US.13491208655302741918', type: 'reaction' })
    expect(reaction).not.toHaveProperty('to')
  })

  test('media is uploaded first, then sent by id; documents keep name and caption', async () => {
    const path = join(tmp, 'invoice.pdf')
    writeFileSync(path, 'PDF-BYTES')
    await driver().send(connection(), {
      to,
      body: 'Your invoice',
      media: { path, mime: 'application/pdf', fileName: 'invoice.pdf', kind: 'application' },
    })
    const [upload, message] = graph.requests
    expect(upload).toMatchObject({
      method: 'POST',
      path: `/v21.0/${PHONE_ID}/media`,
      authorization: `Bearer ${TOKEN}`,
      form: {
        messaging_product: 'whatsapp',
        type: 'application/pdf',
        file: { fileName: 'invoice.pdf', type: 'application/pdf', data: Buffer.from('PDF-BYTES') },
      },
    })
    const mediaId = [...graph.uploaded.keys()].at(-1)
    expect(message?.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      type: 'document',
      document: { id: mediaId, filename: 'invoice.pdf', caption: 'Your invoice' },
    })
  })

  test('images with a caption, voice notes without one, and unsupported formats as documents', async () => {
    const file = join(tmp, 'file.bin')
    writeFileSync(file, 'x')
    const sendMedia = async (mime: string, kind: 'image' | 'audio' | 'video', body = 'cap') => {
      graph.reset()
      await driver().send(connection(), {
        to,
        body,
        media: { path: file, mime, fileName: 'file.bin', kind },
      })
      return graph.requests[1]?.json as Record<string, unknown>
    }
    expect(await sendMedia('image/jpeg', 'image')).toMatchObject({
      type: 'image',
      image: { caption: 'cap' },
    })
    expect(await sendMedia('audio/ogg; codecs=opus', 'audio')).toMatchObject({
      type: 'audio',
      audio: { id: expect.any(String) },
    })
    expect((await sendMedia('audio/ogg; codecs=opus', 'audio')).audio).not.toHaveProperty('caption')
    expect(await sendMedia('image/webp', 'image')).toMatchObject({
      type: 'document',
      document: { filename: 'file.bin', caption: 'cap' },
    })
    expect(await sendMedia('video/quicktime', 'video', '')).toMatchObject({ type: 'document' })
  })

  test('a contact card becomes a Cloud API contacts object', async () => {
    await driver().send(connection(), {
      to,
      body: '',
      vcard: { name: 'Maria', number: '+55 (11) 99999-0000' },
    })
    expect(graph.requests[0]?.json).toMatchObject({
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Maria', first_name: 'Maria' },
          phones: [{ phone: '+5511999990000', wa_id: '5511999990000', type: 'CELL' }],
        },
      ],
    })
  })

  test('mark read sends one read status for the latest message; react sends a reaction', async () => {
    await driver().markRead!(connection(), to, ['wamid.IN1', 'wamid.IN2'])
    await driver().react!(
      connection(),
      to,
      { providerId: 'wamid.IN2', fromMe: false, raw: null },
      '\u{2764}',
    )
    expect(graph.requests.map((request) => request.json)).toEqual([
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN2' },
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '16505551234',
        type: 'reaction',
        reaction: { message_id: 'wamid.IN2', emoji: '\u{2764}' },
      },
    ])
  })

  test('media is downloaded through its Graph URL with the token', async () => {
    graph.addMedia('2001', { data: Buffer.from('JPEG'), mime: 'image/jpeg', token: TOKEN })
    const file = await driver().downloadMedia(connection(), {
      id: '2001',
      mime: 'image/jpeg',
      fileName: 'photo.jpg',
    })
    expect(file).toEqual({ data: Buffer.from('JPEG'), mime: 'image/jpeg', fileName: 'photo.jpg' })
    expect(graph.requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/v21.0/2001', `Bearer ${TOKEN}`],
      ['/media-cdn/2001', `Bearer ${TOKEN}`],
    ])
  })

  test('a phone number lookup validates credentials and gives the display number', async () => {
    const client = createGraphClient({ baseUrl: graph.url, version: graph.version })
    expect(await lookupPhoneNumber(client, PHONE_ID, TOKEN)).toEqual({
      number: '15550783881',
      verifiedName: 'Fake Business',
    })
    await expect(lookupPhoneNumber(client, PHONE_ID, 'wrong')).rejects.toMatchObject({
      code: 'ERR_WAPP_CREDENTIALS',
      retryable: false,
    })
  })

  test('failures: 5xx and timeouts retry, a refused token or message does not', async () => {
    const send = () => driver().send(connection(), { to, body: 'hi' })
    graph.failNext({ status: 503, error: { code: 2, message: 'Service temporarily unavailable' } })
    await expect(send()).rejects.toMatchObject({
      code: 'ERR_PROVIDER_UNAVAILABLE',
      retryable: true,
    })
    graph.failNext({ status: 200, delayMs: 1500 })
    await expect(send()).rejects.toMatchObject({
      code: 'ERR_PROVIDER_UNAVAILABLE',
      retryable: true,
    })
    graph.failNext({ status: 400, error: { code: 190, message: 'Error validating access token' } })
    await expect(send()).rejects.toMatchObject({ code: 'ERR_WAPP_CREDENTIALS', retryable: false })
    graph.failNext({ status: 400, error: { code: 131026, message: 'Message undeliverable' } })
    await expect(send()).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG', retryable: false })
    graph.failNext({ status: 400, error: { code: 130429, message: 'Rate limit hit' } })
    await expect(send()).rejects.toMatchObject({
      code: 'ERR_PROVIDER_UNAVAILABLE',
      retryable: true,
    })
    await expect(
      driver().send(connection({ wabaAccessToken: undefined }), { to, body: 'hi' }),
    ).rejects.toBeInstanceOf(ChannelError)
  })
})
