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

  test('deliveries ack 2 per mid; a Messenger read (watermark only) yields nothing', () => {
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
    ])
    expect(
      normalize(
        page({
          sender: { id: PSID },
          recipient: { id: PAGE_ID },
          timestamp: 1458668856463,
          read: { watermark: 1458668856253 },
        }),
      ),
    ).toEqual([])
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
    expect(await driver().profile(connection(), PSID)).toEqual({
      name: 'Peter Chang',
      pictureUrl: 'https://cdn.example/p.jpg',
    })
    expect(await driver().profile(connection('instagram'), '9876')).toEqual({
      name: 'peter.c',
      pictureUrl: 'https://cdn.example/q.jpg',
    })
    expect(graph.requests.map((request) => [request.path, request.query.fields])).toEqual([
      [`/v21.0/${PSID}`, 'name,profile_pic'],
      ['/v21.0/9876', 'name,username,profile_pic'],
    ])
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
