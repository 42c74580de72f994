import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startFakeGraph, type FakeGraph } from '@tests/helpers/fake-graph'
import type { ConnectionRow } from '@server/modules/connections/connections.table'
import { createGraphClient } from '../graph/client'
import type { ChatRef, DriverConnection } from '../types'
import { createMessengerDriver, lookupPage } from './driver'

const PAGE_ID = '1234567890'
const IG_ID = '17841400000000000'
const PSID = '6543210987'
const TOKEN = 'EAAG-page-token'

const connection = (
  channel: 'facebook' | 'instagram' = 'facebook',
  token: string | null = TOKEN,
): DriverConnection => ({
  row: {
    id: 9,
    companyId: 3,
    channel,
    facebookPageUserId: channel === 'instagram' ? IG_ID : PAGE_ID,
  } as ConnectionRow,
  secrets: { facebookPageToken: token ?? undefined, wabaAppSecret: 'app-secret' },
})

/** `object: page` webhook with one messaging event (Messenger Platform webhook reference). */
const page = (event: Record<string, unknown>, pageId = PAGE_ID) => ({
  object: 'page',
  entry: [{ id: pageId, time: 1458692752478, messaging: [event] }],
})

const fromContact = (message: Record<string, unknown>) =>
  page({
    sender: { id: PSID },
    recipient: { id: PAGE_ID },
    timestamp: 1458692752478,
    message: { mid: 'm_IN1', ...message },
  })

let graph: FakeGraph
let tmp: string
beforeAll(async () => {
  graph = await startFakeGraph()
  graph.addPage({ id: PAGE_ID, token: TOKEN, name: 'Loja' })
  tmp = mkdtempSync(join(tmpdir(), 'messenger-'))
})
afterAll(async () => {
  await graph.close()
  rmSync(tmp, { recursive: true, force: true })
})
beforeEach(() => graph.reset())

const driver = () =>
  createMessengerDriver({
    graph: createGraphClient({ baseUrl: graph.url, version: graph.version, timeoutMs: 500 }),
  })

describe('normalize', () => {
  const normalize = (payload: unknown, channel: 'facebook' | 'instagram' = 'facebook') =>
    driver().normalize(connection(channel), payload)

  test('a text from a contact: chat = sender PSID, timestamp in milliseconds', () => {
    expect(normalize(fromContact({ text: 'hello, world!' }))).toEqual([
      {
        type: 'message',
        providerId: 'm_IN1',
        fromMe: false,
        chat: { id: PSID, isGroup: false },
        sender: { id: PSID, isGroup: false },
        timestamp: new Date(1458692752478),
        content: { kind: 'text', body: 'hello, world!' },
        raw: expect.objectContaining({ sender: { id: PSID } }),
      },
    ])
  })

  test('an echo is ours: fromMe, and the chat is the recipient', () => {
    const [event] = normalize(
      page({
        sender: { id: PAGE_ID },
        recipient: { id: PSID },
        timestamp: 1457764197627,
        message: {
          is_echo: true,
          app_id: 1517776481860111,
          metadata: 'DEVELOPER_DEFINED_METADATA_STRING',
          mid: 'm_OUT1',
          text: 'our answer',
        },
      }),
    )
    expect(event).toMatchObject({
      type: 'message',
      providerId: 'm_OUT1',
      fromMe: true,
      chat: { id: PSID },
      content: { kind: 'text', body: 'our answer' },
    })
    expect(event).not.toHaveProperty('sender')
  })

  test('attachments become media by URL (one event each); stickers, files, locations, fallbacks', () => {
    const events = normalize(
      fromContact({
        text: 'two photos',
        attachments: [
          { type: 'image', payload: { url: 'https://cdn.example/a.jpg' } },
          { type: 'image', payload: { url: 'https://cdn.example/b.jpg' } },
        ],
      }),
    )
    expect(
      events.map((event) => event.type === 'message' && [event.providerId, event.content]),
    ).toEqual([
      [
        'm_IN1',
        {
          kind: 'media',
          mediaKind: 'image',
          caption: 'two photos',
          ref: { url: 'https://cdn.example/a.jpg' },
        },
      ],
      [
        'm_IN1:1',
        {
          kind: 'media',
          mediaKind: 'image',
          caption: '',
          ref: { url: 'https://cdn.example/b.jpg' },
        },
      ],
    ])
    const content = (attachment: Record<string, unknown>) => {
      const [event] = normalize(fromContact({ attachments: [attachment] }))
      return event?.type === 'message' ? event.content : null
    }
    expect(
      content({
        type: 'image',
        payload: { url: 'https://cdn.example/s.png', sticker_id: 369239263222822 },
      }),
    ).toMatchObject({ mediaKind: 'sticker' })
    expect(
      content({ type: 'file', payload: { url: 'https://cdn.example/x/Relat%C3%B3rio.pdf?_nc=1' } }),
    ).toEqual({
      kind: 'media',
      mediaKind: 'application',
      caption: '',
      fileName: 'Relatório.pdf',
      ref: { url: 'https://cdn.example/x/Relat%C3%B3rio.pdf?_nc=1', fileName: 'Relatório.pdf' },
    })
    expect(content({ type: 'audio', payload: { url: 'https://cdn.example/v.mp4' } })).toMatchObject(
      {
        mediaKind: 'audio',
      },
    )
    expect(
      content({ type: 'location', payload: { coordinates: { lat: -23.55, long: -46.63 } } }),
    ).toEqual({ kind: 'location', latitude: -23.55, longitude: -46.63 })
    expect(
      content({ type: 'fallback', title: 'A link', payload: { url: 'https://example.com/x' } }),
    ).toEqual({ kind: 'text', body: 'A link\nhttps://example.com/x' })
    expect(content({ type: 'template', payload: { template_type: 'button' } })).toEqual({
      kind: 'unsupported',
      type: 'template',
    })
  })

  test('replies quote reply_to.mid; quick replies and postbacks become replies', () => {
    const [quoted] = normalize(fromContact({ text: 'yes', reply_to: { mid: 'm_OUT1' } }))
    expect(quoted).toMatchObject({ quotedProviderId: 'm_OUT1' })
    const [quick] = normalize(fromContact({ text: 'Red', quick_reply: { payload: 'COLOR_RED' } }))
    expect(quick).toMatchObject({ content: { kind: 'reply', body: 'Red', id: 'COLOR_RED' } })
    expect(
      normalize(
        page({
          sender: { id: PSID },
          recipient: { id: PAGE_ID },
          timestamp: 1527459824,
          postback: { mid: 'm_PB1', title: 'Talk to sales', payload: 'SALES' },
        }),
      ),
    ).toEqual([
      expect.objectContaining({
        providerId: 'm_PB1',
        content: { kind: 'reply', body: 'Talk to sales', id: 'SALES' },
      }),
    ])
  })

  test('deliveries ack 2 per mid and up to their watermark; a read watermark acks 3 up to it', () => {
    const chat = { id: PSID, isGroup: false }
    expect(
      normalize(
        page({
          sender: { id: PSID },
          recipient: { id: PAGE_ID },
          delivery: { mids: ['m_OUT1', 'm_OUT2'], watermark: 1458668856253 },
        }),
      ),
    ).toEqual([
      { type: 'status', providerId: 'm_OUT1', ack: 2 },
      { type: 'status', providerId: 'm_OUT2', ack: 2 },
      { type: 'watermark', chat, ack: 2, upTo: new Date(1458668856253) },
    ])
    expect(
      normalize(
        page({
          sender: { id: PSID },
          recipient: { id: PAGE_ID },
          delivery: { watermark: 1458668856253, seq: 37 },
        }),
      ),
    ).toEqual([{ type: 'watermark', chat, ack: 2, upTo: new Date(1458668856253) }])
    expect(
      normalize(
        page({
          sender: { id: PSID },
          recipient: { id: PAGE_ID },
          timestamp: 1458668856463,
          read: { watermark: 1458668856253 },
        }),
      ),
    ).toEqual([{ type: 'watermark', chat, ack: 3, upTo: new Date(1458668856253) }])
    // A watermark in seconds is the same instant.
    expect(
      normalize(
        page({ sender: { id: PSID }, recipient: { id: PAGE_ID }, read: { watermark: 1458668856 } }),
      ),
    ).toEqual([{ type: 'watermark', chat, ack: 3, upTo: new Date(1458668856000) }])
  })

  test('reactions: react and unreact, with an id stable across redeliveries', () => {
    const reaction = (action: string, emoji?: string) =>
      normalize(
        page({
          sender: { id: PSID },
          recipient: { id: PAGE_ID },
          timestamp: 1458668856463,
          reaction: { mid: 'm_OUT1', action, reaction: 'love', ...(emoji ? { emoji } : {}) },
        }),
      )[0]
    expect(reaction('react', '\u{2764}')).toMatchObject({
      providerId: `m_OUT1:reaction:${PSID}:1458668856463`,
      content: { kind: 'reaction', targetProviderId: 'm_OUT1', emoji: '\u{2764}' },
    })
    expect(reaction('unreact')).toMatchObject({
      content: { kind: 'reaction', targetProviderId: 'm_OUT1', emoji: '' },
    })
  })

  test('Instagram: object instagram, reads by mid, deletions, edits and unsupported messages', () => {
    const ig = (event: Record<string, unknown>) => ({
      object: 'instagram',
      entry: [{ id: IG_ID, time: 1569262486134, messaging: [event] }],
    })
    const people = { sender: { id: '9876' }, recipient: { id: IG_ID }, timestamp: 1569262485349 }
    expect(
      normalize(ig({ ...people, message: { mid: 'aWdfZA1', text: 'oi' } }), 'instagram'),
    ).toMatchObject([{ providerId: 'aWdfZA1', chat: { id: '9876' }, content: { body: 'oi' } }])
    expect(normalize(ig({ ...people, read: { mid: 'aWdfZA2' } }), 'instagram')).toEqual([
      { type: 'status', providerId: 'aWdfZA2', ack: 3 },
    ])
    expect(
      normalize(ig({ ...people, message: { mid: 'aWdfZA1', is_deleted: true } }), 'instagram'),
    ).toEqual([{ type: 'revoke', providerId: 'aWdfZA1' }])
    expect(
      normalize(
        ig({ ...people, message_edit: { mid: 'aWdfZA1', text: 'oi!', num_edit: 1 } }),
        'instagram',
      ),
    ).toEqual([{ type: 'edit', providerId: 'aWdfZA1', body: 'oi!' }])
    expect(
      normalize(ig({ ...people, message: { mid: 'aWdfZA3', is_unsupported: true } }), 'instagram'),
    ).toMatchObject([{ content: { kind: 'unsupported' } }])
    // A page body on an Instagram connection (and the reverse) belongs to another channel.
    expect(normalize(fromContact({ text: 'x' }), 'instagram')).toEqual([])
    expect(normalize(ig({ ...people, message: { mid: 'x', text: 'x' } }))).toEqual([])
  })

  describe('Instagram shares, stories and replies to stories', () => {
    const IGSID = '6311100000000042'
    const ig = (
      message: Record<string, unknown>,
      where: 'messaging' | 'standby' = 'messaging',
    ) => ({
      object: 'instagram',
      entry: [
        {
          id: IG_ID,
          time: 1767225600000,
          [where]: [
            {
              sender: { id: IGSID },
              recipient: { id: IG_ID },
              timestamp: 1767225600000,
              message: { mid: 'aWdfSHARE1', ...message },
            },
          ],
        },
      ],
    })
    const contentOf = (message: Record<string, unknown>) => {
      const [event] = normalize(ig(message), 'instagram')
      return event?.type === 'message' ? event.content : null
    }
    const shared = (type: string, payload: Record<string, unknown>) =>
      contentOf({ attachments: [{ type, payload }] })

    test('a shared post, reel or story is its link and title, with the asset as its preview', () => {
      const post = 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1801&signature=abc'
      expect(shared('share', { url: post, title: 'Nossa coleção de verão' })).toEqual({
        kind: 'media',
        mediaKind: 'image',
        caption: `Compartilhou uma publicação: Nossa coleção de verão\n${post}`,
        ref: { url: post },
      })
      expect(shared('ig_post', { ig_post_media_id: '1801', url: post })).toMatchObject({
        kind: 'media',
        caption: `Compartilhou uma publicação\n${post}`,
      })
      expect(
        shared('ig_reel', {
          reel_video_id: '77',
          title: 'Bastidores',
          url: 'https://cdn.example/r.mp4',
        }),
      ).toEqual({
        kind: 'media',
        mediaKind: 'video',
        caption: 'Compartilhou um reel: Bastidores\nhttps://cdn.example/r.mp4',
        ref: { url: 'https://cdn.example/r.mp4' },
      })
      expect(
        shared('ig_story', { story_media_id: '55', story_media_url: 'https://cdn.example/s.jpg' }),
      ).toMatchObject({
        kind: 'media',
        caption: 'Compartilhou um story\nhttps://cdn.example/s.jpg',
        ref: { url: 'https://cdn.example/s.jpg' },
      })
      expect(shared('story_mention', { url: 'https://cdn.example/m.jpg' })).toMatchObject({
        kind: 'media',
        caption: 'Mencionou você em um story\nhttps://cdn.example/m.jpg',
      })
      // Without a link there is nothing to preview: the line alone is the message.
      expect(shared('ig_reel', { title: 'Bastidores' })).toEqual({
        kind: 'text',
        body: 'Compartilhou um reel: Bastidores',
      })
    })

    test('a reply to our story keeps the story as its context and preview', () => {
      const story = { id: '17900000000000001', url: 'https://cdn.example/story.jpg' }
      expect(contentOf({ text: 'Ainda tem no tamanho M?', reply_to: { story } })).toEqual({
        kind: 'media',
        mediaKind: 'image',
        caption: 'Respondeu ao seu story\nhttps://cdn.example/story.jpg\n\nAinda tem no tamanho M?',
        ref: { url: 'https://cdn.example/story.jpg' },
      })
      // A photo of his own stays the message; the story goes into its caption.
      expect(
        contentOf({
          reply_to: { story },
          attachments: [{ type: 'image', payload: { url: 'https://cdn.example/own.jpg' } }],
        }),
      ).toEqual({
        kind: 'media',
        mediaKind: 'image',
        caption: 'Respondeu ao seu story\nhttps://cdn.example/story.jpg',
        ref: { url: 'https://cdn.example/own.jpg' },
      })
      expect(contentOf({ text: '😍', reply_to: { story: { id: '1' } } })).toEqual({
        kind: 'text',
        body: 'Respondeu ao seu story\n\n😍',
      })
    })

    test('messages under standby (another app holds the thread) are the conversation’s too', () => {
      expect(normalize(ig({ text: 'alguém aí?' }, 'standby'), 'instagram')).toMatchObject([
        {
          type: 'message',
          providerId: 'aWdfSHARE1',
          content: { kind: 'text', body: 'alguém aí?' },
        },
      ])
    })
  })

  test('the echo of a template the page sent reads as its texts, items, total and buttons', () => {
    const [event] = normalize(
      page({
        sender: { id: PAGE_ID },
        recipient: { id: PSID },
        timestamp: 1480120402725,
        message: {
          is_echo: true,
          app_id: 1559999994822905,
          mid: 'm_ECHO_TEMPLATE',
          attachments: [
            {
              type: 'template',
              title: 'Seu pedido',
              url: null,
              payload: {
                template_type: 'receipt',
                order_number: 'A-77',
                currency: 'BRL',
                summary: { total_cost: 149.9 },
                elements: [
                  { title: 'Camiseta', subtitle: 'Azul, M', quantity: 1, price: 99.9 },
                  { title: 'Boné', quantity: 1, price: 50 },
                ],
              },
            },
          ],
        },
      }),
    )
    expect(event).toMatchObject({
      fromMe: true,
      chat: { id: PSID },
      content: {
        kind: 'text',
        body: 'Seu pedido\nPedido A-77\nCamiseta — Azul, M\nBoné\nTotal: 149.9 BRL',
      },
    })
    const [buttons] = normalize(
      fromContact({
        attachments: [
          {
            type: 'template',
            payload: {
              template_type: 'button',
              text: 'Como podemos ajudar?',
              buttons: [{ type: 'postback', title: 'Vendas', payload: 'SALES' }],
            },
          },
        ],
      }),
    )
    expect(buttons).toMatchObject({
      content: { kind: 'text', body: 'Como podemos ajudar?\n[Vendas]' },
    })
  })

  test('kinds we do not render are kept as unsupported messages of their kind', () => {
    const content = (message: Record<string, unknown>) => {
      const [event] = normalize(fromContact(message))
      return event?.type === 'message' ? event.content : null
    }
    expect(content({ attachments: [{ type: 'product', payload: { product: {} } }] })).toEqual({
      kind: 'unsupported',
      type: 'product',
    })
    expect(content({ attachments: [{ type: 'template', payload: {} }] })).toEqual({
      kind: 'unsupported',
      type: 'template',
    })
    expect(content({})).toEqual({ kind: 'unsupported', type: 'message' })
    // An event type of its own from a contact: kept, by its mid or an id stable across redeliveries.
    const people = { sender: { id: PSID }, recipient: { id: PAGE_ID }, timestamp: 1458692752478 }
    expect(normalize(page({ ...people, some_new_event: { mid: 'm_NEW1' } }))).toEqual([
      {
        type: 'message',
        providerId: 'm_NEW1',
        fromMe: false,
        chat: { id: PSID, isGroup: false },
        sender: { id: PSID, isGroup: false },
        timestamp: new Date(1458692752478),
        content: { kind: 'unsupported', type: 'some_new_event' },
        raw: expect.objectContaining({ some_new_event: { mid: 'm_NEW1' } }),
      },
    ])
    expect(normalize(page({ ...people, game_play: { score: 3 } }))).toMatchObject([
      { providerId: `game_play:${PSID}:1458692752478`, content: { type: 'game_play' } },
    ])
    // The page's own events, entry points, opt-ins and thread control are no contact's message.
    expect(
      normalize(page({ sender: { id: PAGE_ID }, recipient: { id: PSID }, some_new_event: {} })),
    ).toEqual([])
    for (const control of [
      { referral: { ref: 'summer', source: 'SHORTLINK', type: 'OPEN_THREAD' } },
      { optin: { ref: 'plugin' } },
      { pass_thread_control: { new_owner_app_id: '1', metadata: '' } },
    ])
      expect(normalize(page({ ...people, ...control }))).toEqual([])
  })

  test('entries of another page are skipped', () => {
    expect(
      normalize(
        page(
          { sender: { id: PSID }, recipient: { id: '42' }, message: { mid: 'm', text: 'x' } },
          '42',
        ),
      ),
    ).toEqual([])
  })
})

describe('against the Graph API', () => {
  const to: ChatRef = { id: PSID, isGroup: false }

  test('a text goes to /me/messages with the page token as a RESPONSE', async () => {
    expect(await driver().send(connection(), { to, body: 'Olá' })).toEqual({
      providerId: expect.stringMatching(/^m_fake\d+$/),
    })
    expect(graph.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v21.0/me/messages',
        authorization: `Bearer ${TOKEN}`,
        json: { recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: 'Olá' } },
      }),
    ])
  })

  test('an attachment is uploaded with the send (filedata); its caption follows as text', async () => {
    const path = join(tmp, 'photo.jpg')
    writeFileSync(path, 'JPEG')
    const sent = await driver().send(connection(), {
      to,
      body: 'the photo',
      media: { path, mime: 'image/jpeg', fileName: 'photo.jpg', kind: 'image' },
    })
    const [attachment, caption] = graph.requests
    expect(attachment).toMatchObject({
      path: '/v21.0/me/messages',
      authorization: `Bearer ${TOKEN}`,
      form: {
        recipient: JSON.stringify({ id: PSID }),
        messaging_type: 'RESPONSE',
        message: JSON.stringify({ attachment: { type: 'image', payload: { is_reusable: false } } }),
        filedata: { fileName: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('JPEG') },
      },
    })
    expect(caption?.json).toEqual({
      recipient: { id: PSID },
      messaging_type: 'RESPONSE',
      message: { text: 'the photo' },
    })
    expect(sent.providerId).not.toBe('')
  })

  test('documents go as file attachments; contact cards are refused', async () => {
    const path = join(tmp, 'doc.pdf')
    writeFileSync(path, 'PDF')
    await driver().send(connection(), {
      to,
      body: '',
      media: { path, mime: 'application/pdf', fileName: 'doc.pdf', kind: 'application' },
    })
    expect(graph.requests).toHaveLength(1)
    expect(graph.requests[0]?.form?.message).toBe(
      JSON.stringify({ attachment: { type: 'file', payload: { is_reusable: false } } }),
    )
    await expect(
      driver().send(connection(), { to, body: '', vcard: { name: 'A', number: '1' } }),
    ).rejects.toMatchObject({ code: 'ERR_CHANNEL_UNSUPPORTED', retryable: false })
  })

  test('mark read is one mark_seen sender action', async () => {
    await driver().markRead!(connection(), to, ['m_IN1', 'm_IN2'])
    expect(graph.requests.map((request) => request.json)).toEqual([
      { recipient: { id: PSID }, sender_action: 'mark_seen' },
    ])
  })

  test('the profile of a PSID (Facebook) and of an IGSID (Instagram, falling back to username)', async () => {
    graph.addProfile(PSID, { name: 'Peter Chang', profile_pic: 'https://cdn.example/p.jpg' })
    graph.addProfile('9876', { username: 'peter.c', profile_pic: 'https://cdn.example/q.jpg' })
    expect(await driver().profile!(connection(), { id: PSID, isGroup: false })).toEqual({
      name: 'Peter Chang',
      pictureUrl: 'https://cdn.example/p.jpg',
    })
    expect(
      await driver().profile!(connection('instagram'), { id: '9876', isGroup: false }),
    ).toEqual({
      name: 'peter.c',
      pictureUrl: 'https://cdn.example/q.jpg',
    })
    expect(graph.requests.map((request) => [request.path, request.query.fields])).toEqual([
      [`/v21.0/${PSID}`, 'name,profile_pic'],
      ['/v21.0/9876', 'name,username,profile_pic'],
    ])
    // Meta shows no profile of an id it does not resolve (#100): an empty answer, no failure.
    expect(await driver().profile!(connection(), { id: '1111', isGroup: false })).toEqual({})
    graph.failNext({ status: 503 })
    await expect(
      driver().profile!(connection(), { id: PSID, isGroup: false }),
    ).rejects.toMatchObject({ code: 'ERR_PROVIDER_UNAVAILABLE', retryable: true })
  })

  test('attachments are downloaded from their URL without the page token', async () => {
    const url = graph.cdnUrl('a.jpg', Buffer.from('IMG'), 'image/jpeg')
    expect(await driver().downloadMedia(connection(), { url })).toEqual({
      data: Buffer.from('IMG'),
      mime: 'image/jpeg',
    })
    expect(graph.requests[0]?.authorization).toBeUndefined()
  })

  test('/me validates a page token; failures map to catalogue codes', async () => {
    const client = createGraphClient({ baseUrl: graph.url, version: graph.version })
    expect(await lookupPage(client, TOKEN)).toEqual({ id: PAGE_ID, name: 'Loja' })
    await expect(lookupPage(client, 'expired')).rejects.toMatchObject({
      code: 'ERR_WAPP_CREDENTIALS',
    })
    await expect(
      driver().send(connection('facebook', null), { to, body: 'x' }),
    ).rejects.toMatchObject({
      code: 'ERR_WAPP_CREDENTIALS',
      retryable: false,
    })
    graph.failNext({ status: 502 })
    await expect(driver().send(connection(), { to, body: 'x' })).rejects.toMatchObject({
      code: 'ERR_PROVIDER_UNAVAILABLE',
      retryable: true,
    })
    graph.failNext({
      status: 400,
      error: { code: 10, error_subcode: 2018278, message: 'outside of allowed window' },
    })
    await expect(driver().send(connection(), { to, body: 'x' })).rejects.toMatchObject({
      code: 'ERR_MESSAGING_WINDOW_CLOSED',
      retryable: false,
    })
    graph.failNext({ status: 400, error: { code: 100, message: 'No matching user found' } })
    await expect(driver().send(connection(), { to, body: 'x' })).rejects.toMatchObject({
      code: 'ERR_SENDING_WAPP_MSG',
      retryable: false,
    })
  })
})
