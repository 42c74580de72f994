import { readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encryptedStream, proto, type WAMessage } from 'baileys'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disconnectError, FakeSocket } from '@tests/helpers/fake-baileys'
import { buildCompany, buildConnection } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { ChannelError, type DriverConnection, type InboundMessage } from '../types'
import { buildVcard, createBaileysDriver } from './driver'
import { messageEnvelope } from './normalize'
import { toPlain } from './serialize'

let t: TestApp
let connection: DriverConnection
let socket: FakeSocket
const sockets = new Map<number, FakeSocket>()
const driver = () =>
  createBaileysDriver({ sockets: { socketFor: (id) => sockets.get(id) }, log: t.app.log })

const CONTACT = { id: '5511988887777', isGroup: false, jid: '5511988887777@s.whatsapp.net' }

beforeAll(async () => {
  t = await buildTestApp()
  const company = await buildCompany(t.db)
  const row = await buildConnection(t.db, company, { number: '5511900000000', allowGroup: true })
  connection = { row, secrets: {} }
  socket = new FakeSocket()
  sockets.set(row.id, socket)
})

afterAll(async () => {
  await t?.close()
})

const expectChannelError = async (promise: Promise<unknown>, code: string, retryable: boolean) => {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(error).toBeInstanceOf(ChannelError)
  expect(error).toMatchObject({ code, retryable })
}

describe('whatsapp driver: sending', () => {
  it('answers ERR_WAPP_NOT_INITIALIZED without an open socket', async () => {
    const offline: DriverConnection = {
      ...connection,
      row: { ...connection.row, id: connection.row.id + 1000 },
    }
    const target = { providerId: 'X', fromMe: true, raw: null }
    await expectChannelError(
      driver().send(offline, { to: CONTACT, body: 'oi' }),
      'ERR_WAPP_NOT_INITIALIZED',
      true,
    )
    await expectChannelError(
      driver().markRead(offline, CONTACT, ['X']),
      'ERR_WAPP_NOT_INITIALIZED',
      true,
    )
    await expectChannelError(
      driver().react(offline, CONTACT, target, '👍'),
      'ERR_WAPP_NOT_INITIALIZED',
      true,
    )
    await expectChannelError(
      driver().edit(offline, CONTACT, target, 'b'),
      'ERR_WAPP_NOT_INITIALIZED',
      true,
    )
    await expectChannelError(
      driver().revoke(offline, CONTACT, target),
      'ERR_WAPP_NOT_INITIALIZED',
      true,
    )
  })

  it('sends text and returns the provider id with the raw message', async () => {
    const sent = await driver().send(connection, { to: CONTACT, body: 'Olá!' })
    const call = socket.sent.at(-1)!
    expect(call.jid).toBe('5511988887777@s.whatsapp.net')
    expect(call.content).toEqual({ text: 'Olá!' })
    expect(call.options).toBeUndefined()
    expect(sent.providerId).toMatch(/^3EB0FAKE/)
    expect(sent.raw).toMatchObject({ key: { id: sent.providerId, fromMe: true } })
  })

  it('rebuilds the quote from the stored message and flags forwards', async () => {
    const quoted: WAMessage = {
      key: { remoteJid: CONTACT.jid, fromMe: false, id: 'QUOTED1' },
      message: proto.Message.fromObject({
        imageMessage: { mediaKey: Buffer.alloc(32, 1), caption: 'foto', mimetype: 'image/jpeg' },
      }),
      messageTimestamp: 1_700_000_000,
    }
    // As the pipeline keeps it: the normalised raw message, stored in jsonb.
    const raw = JSON.parse(JSON.stringify(toPlain(quoted))) as unknown
    await driver().send(connection, {
      to: { id: '120363025555555555', isGroup: true },
      body: 'sobre isso',
      quoted: { providerId: 'QUOTED1', fromMe: false, raw },
      isForwarded: true,
    })
    const call = socket.sent.at(-1)!
    expect(call.jid).toBe('120363025555555555@g.us')
    expect(call.content).toEqual({
      text: 'sobre isso',
      contextInfo: { isForwarded: true, forwardingScore: 1 },
    })
    expect(call.options?.quoted?.key.id).toBe('QUOTED1')
    expect(Buffer.isBuffer(call.options?.quoted?.message?.imageMessage?.mediaKey)).toBe(true)
  })

  it('sends media by kind: image with caption, voice note, document', async () => {
    const media = (kind: 'image' | 'audio' | 'video' | 'application', mime: string, body = '') =>
      driver().send(connection, {
        to: CONTACT,
        body,
        media: { path: `/data/media/1/file.${kind}`, mime, fileName: 'Relatório.pdf', kind },
      })
    await media('image', 'image/png', 'legenda')
    expect(socket.sent.at(-1)!.content).toEqual({
      image: { url: '/data/media/1/file.image' },
      mimetype: 'image/png',
      caption: 'legenda',
    })
    await media('audio', 'audio/ogg; codecs=opus')
    expect(socket.sent.at(-1)!.content).toEqual({
      audio: { url: '/data/media/1/file.audio' },
      mimetype: 'audio/ogg; codecs=opus',
      ptt: true,
    })
    await media('video', 'video/mp4', 'vídeo')
    expect(socket.sent.at(-1)!.content).toMatchObject({
      video: { url: '/data/media/1/file.video' },
      caption: 'vídeo',
    })
    await media('application', 'application/pdf')
    expect(socket.sent.at(-1)!.content).toEqual({
      document: { url: '/data/media/1/file.application' },
      mimetype: 'application/pdf',
      fileName: 'Relatório.pdf',
    })
  })

  it('sends contact cards', async () => {
    await driver().send(connection, {
      to: CONTACT,
      body: '',
      vcard: { name: 'João; Silva', number: '+55 11 97777-6666' },
    })
    expect(socket.sent.at(-1)!.content).toEqual({
      contacts: {
        displayName: 'João; Silva',
        contacts: [
          { displayName: 'João; Silva', vcard: buildVcard('João; Silva', '+55 11 97777-6666') },
        ],
      },
    })
    expect(buildVcard('João; Silva', '+55 11 97777-6666')).toContain(
      'TEL;type=CELL;type=VOICE;waid=5511977776666:+5511977776666',
    )
  })

  it('classifies provider failures', async () => {
    socket.failNextSend = disconnectError(428)
    await expectChannelError(
      driver().send(connection, { to: CONTACT, body: 'x' }),
      'ERR_SENDING_WAPP_MSG',
      true,
    )
    socket.failNextSend = disconnectError(406)
    await expectChannelError(
      driver().send(connection, { to: CONTACT, body: 'x' }),
      'ERR_SENDING_WAPP_MSG',
      false,
    )
    socket.failNextSend = Object.assign(new Error('no such file'), { code: 'ENOENT' })
    await expectChannelError(
      driver().send(connection, { to: CONTACT, body: 'x' }),
      'ERR_SENDING_WAPP_MSG',
      false,
    )
  })
})

describe('whatsapp driver: receipts, reactions, edits and revokes', () => {
  const stored = (message: WAMessage) => JSON.parse(JSON.stringify(toPlain(message))) as unknown
  const inbound: WAMessage = {
    key: {
      remoteJid: '120363025555555555@g.us',
      fromMe: false,
      id: 'IN1',
      participant: '5521977776666@s.whatsapp.net',
    },
    message: proto.Message.fromObject({ conversation: 'oi' }),
  }

  it('marks messages read through the socket', async () => {
    await driver().markRead(connection, CONTACT, ['A', 'B'])
    expect(socket.reads.at(-1)).toEqual([
      { remoteJid: CONTACT.jid, id: 'A', fromMe: false },
      { remoteJid: CONTACT.jid, id: 'B', fromMe: false },
    ])
  })

  it('reacts with the stored key (keeping the group participant)', async () => {
    const group = { id: '120363025555555555', isGroup: true, jid: '120363025555555555@g.us' }
    await driver().react(
      connection,
      group,
      { providerId: 'IN1', fromMe: false, raw: stored(inbound) },
      '❤️',
    )
    expect(socket.sent.at(-1)).toMatchObject({
      jid: group.jid,
      content: { react: { text: '❤️', key: inbound.key } },
    })
  })

  it('edits and revokes our own messages', async () => {
    await driver().edit(connection, CONTACT, { providerId: 'OUT1', raw: null }, 'corrigido')
    expect(socket.sent.at(-1)!.content).toEqual({
      text: 'corrigido',
      edit: { remoteJid: CONTACT.jid, fromMe: true, id: 'OUT1' },
    })
    await driver().revoke(connection, CONTACT, { providerId: 'OUT1', fromMe: true, raw: null })
    expect(socket.sent.at(-1)!.content).toEqual({
      delete: { remoteJid: CONTACT.jid, fromMe: true, id: 'OUT1' },
    })
    socket.failNextSend = disconnectError(500)
    await expectChannelError(
      driver().revoke(connection, CONTACT, { providerId: 'OUT1', fromMe: true, raw: null }),
      'ERR_DELETE_WAPP_MSG',
      true,
    )
  })

  it('normalises with the connection settings', () => {
    const payload = JSON.parse(JSON.stringify(messageEnvelope(inbound, 'notify'))) as unknown
    const [event] = driver().normalize(connection, payload) as InboundMessage[]
    expect(event?.chat).toMatchObject({ id: '120363025555555555', isGroup: true })
    const noGroups = { ...connection, row: { ...connection.row, allowGroup: false } }
    expect(driver().normalize(noGroups, payload)).toEqual([])
  })
})

describe('whatsapp driver: media download', () => {
  let server: Server
  let base: string
  let encrypted: Buffer
  let mediaKey: Buffer
  const original = Buffer.from('a picture that is not really a picture, but bytes all the same')

  beforeAll(async () => {
    const media = await encryptedStream(original, 'image')
    encrypted = readFileSync(media.encFilePath)
    rmSync(media.encFilePath, { force: true })
    mediaKey = media.mediaKey
    server = createServer((request, response) => {
      if (request.url === '/fresh') response.end(encrypted)
      else response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const refFor = (path: string) => {
    const message: WAMessage = {
      key: { remoteJid: CONTACT.jid, fromMe: false, id: 'MEDIA1' },
      message: proto.Message.fromObject({
        imageMessage: {
          url: `${base}${path}`,
          mediaKey,
          mimetype: 'image/png',
          fileLength: original.length,
        },
      }),
      messageTimestamp: 1_700_000_000,
    }
    const payload = JSON.parse(JSON.stringify(messageEnvelope(message, 'notify'))) as unknown
    const [event] = driver().normalize(connection, payload) as InboundMessage[]
    if (event?.content.kind !== 'media') throw new Error('not media')
    return JSON.parse(JSON.stringify(event.content.ref)) as Record<string, unknown>
  }

  it('downloads and decrypts media', async () => {
    const media = await driver().downloadMedia(connection, refFor('/fresh'))
    expect(media).toEqual({ data: original, mime: 'image/png' })
  })

  it('asks the phone to upload expired media again', async () => {
    socket.updateMediaMessage = (message) =>
      Promise.resolve({
        ...message,
        message: { imageMessage: { ...message.message!.imageMessage, url: `${base}/fresh` } },
      })
    const media = await driver().downloadMedia(connection, refFor('/expired'))
    expect(media.data).toEqual(original)
    socket.updateMediaMessage = undefined
  })

  it('fails with a retryable error for expired media while the socket is away', async () => {
    const offline: DriverConnection = {
      ...connection,
      row: { ...connection.row, id: connection.row.id + 1000 },
    }
    await expectChannelError(
      driver().downloadMedia(offline, refFor('/expired')),
      'ERR_WAPP_DOWNLOAD_MEDIA',
      true,
    )
    await expectChannelError(
      driver().downloadMedia(connection, { nothing: true }),
      'ERR_WAPP_DOWNLOAD_MEDIA',
      false,
    )
  })
})
