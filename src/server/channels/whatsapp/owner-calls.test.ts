import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encryptedStream, proto, type Contact, type WAMessage } from 'baileys'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildMessage } from '@tests/factories'
import { disconnectError, fakeSocketFactory } from '@tests/helpers/fake-baileys'
import { conversation } from '@tests/helpers/messages'
import { recordingHub } from '@tests/helpers/recording-hub'
import {
  buildSecondInstance,
  buildTestApp,
  type TestApp,
  type TestInstance,
} from '@tests/helpers/test-app'
import type { ImportJobDetailDto, ImportJobDto } from '@shared/contracts/contacts'
import { createConnectionEvents } from '@server/modules/connections/connections.events'
import type { ConnectionRow } from '@server/modules/connections/connections.table'
import { ChannelError, type ChannelDriver } from '../types'
import { createBaileysDriver } from './driver'
import { createWhatsappSessionManager } from './session-manager'
import { toPlain } from './serialize'

/**
 * Two server instances on one database (ARCHITECTURE.md, "One owner per WhatsApp session"):
 * A (`t`) owns the sessions and their fake sockets; attendants reach B, whose driver hands every
 * call needing the socket to A and answers with A's result.
 */

let t: TestApp
let b: TestInstance
const sockets = fakeSocketFactory()

beforeAll(async () => {
  t = await buildTestApp({ makeSocket: sockets.makeSocket })
  b = await buildSecondInstance(t)
})

afterAll(async () => {
  await b?.close()
  await t?.close()
})

const ME = { id: '5511900000000:12@s.whatsapp.net', name: 'Loja' }

/** A conversation whose WhatsApp session runs, open, on A. */
async function ownedByA() {
  const c = await conversation(t)
  await t.services.sessions.start(c.company.id, c.connection.id)
  const socket = sockets.latest()!
  socket.pair(ME)
  socket.open(ME)
  await t.services.sessions.settled()
  expect(t.services.sessions.socketFor(c.connection.id)).toBe(socket)
  expect(b.services.sessions.socketFor(c.connection.id)).toBeUndefined()
  return { ...c, socket, jid: `${c.contact.number}@s.whatsapp.net` }
}

const whatsappOn = (instance: Pick<TestInstance, 'services'>): ChannelDriver =>
  instance.services.channels.driverFor('whatsapp')!

const opened = (instance: Pick<TestInstance, 'services'>, row: ConnectionRow) =>
  instance.services.channels.connectionFor(row)

/** What B's driver call rejects with. */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

/** People of an address book as Baileys hands them to the session. */
const people = (count: number): Contact[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `55119${String(index).padStart(8, '0')}@s.whatsapp.net`,
    name: `Cliente ${index} — ação 😀`,
  }))

describe('calls needing the socket of a session owned by another instance', () => {
  it('reacts, edits and revokes through B on the socket of A', async () => {
    const c = await ownedByA()
    // A stored message with a thumbnail: the request outgrows one notification.
    const inboundKey = { remoteJid: c.jid, fromMe: false, id: 'INBOUND1' }
    const inbound = await buildMessage(t.db, c.ticket, {
      wid: 'INBOUND1',
      dataJson: toPlain({
        key: inboundKey,
        message: { imageMessage: { caption: 'Foto', jpegThumbnail: randomBytes(12_000) } },
      }),
    })
    const reacted = await b.app.inject({
      method: 'POST',
      url: `/messages/${inbound.id}/reactions`,
      headers: c.asAgent,
      payload: { type: '👍' },
    })
    expect(reacted.statusCode).toBe(200)
    expect(reacted.json().reactions).toEqual([{ type: '👍', userId: c.agent.id }])
    expect(c.socket.sent.at(-1)).toMatchObject({
      jid: c.jid,
      content: { react: { text: '👍', key: inboundKey } },
    })

    const ownKey = { remoteJid: c.jid, fromMe: true, id: 'OWN1' }
    const own = await buildMessage(t.db, c.ticket, {
      fromMe: true,
      userId: c.agent.id,
      sendStatus: 'sent',
      wid: 'OWN1',
      body: 'Original',
      dataJson: { key: ownKey },
    })
    const edited = await b.app.inject({
      method: 'POST',
      url: `/messages/edit/${own.id}`,
      headers: c.asAgent,
      payload: { body: 'Corrigido' },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ body: 'Corrigido', isEdited: true })
    expect(c.socket.sent.at(-1)).toMatchObject({ content: { text: 'Corrigido', edit: ownKey } })

    const revoked = await b.app.inject({
      method: 'DELETE',
      url: `/messages/${own.id}`,
      headers: c.asAgent,
    })
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toMatchObject({ isDeleted: true })
    expect(c.socket.sent.at(-1)).toMatchObject({ jid: c.jid, content: { delete: ownKey } })
    expect(c.socket.sent).toHaveLength(3)
  })

  it('checks numbers and imports the phone’s address book through B', async () => {
    const c = await ownedByA()
    const asked: string[] = []
    c.socket.onWhatsApp = (...jids: string[]) => {
      asked.push(...jids)
      return Promise.resolve([{ jid: '553188887777@s.whatsapp.net', exists: true }])
    }
    expect(await whatsappOn(b).checkNumber!(opened(b, c.connection), '5531988887777')).toEqual({
      exists: true,
      number: '553188887777',
    })
    expect(asked).toEqual(['5531988887777@s.whatsapp.net'])

    c.socket.ev.emit('contacts.upsert', people(2))
    const started = await b.app.inject({
      method: 'POST',
      url: `/contacts/import?whatsappId=${c.connection.id}`,
      headers: c.asAgent,
    })
    expect(started.statusCode).toBe(202)
    expect(started.json<ImportJobDto>().total).toBe(2)
    await t.deps.jobs.settled(['contacts.import'])
    const job = await b.app.inject({
      method: 'GET',
      url: `/contacts/import/jobs/${started.json<ImportJobDto>().id}`,
      headers: c.asAgent,
    })
    expect(
      job.json<ImportJobDetailDto>().results.map(({ number, name }) => [number, name]),
    ).toEqual([
      ['5511900000000', 'Cliente 0 — ação 😀'],
      ['5511900000001', 'Cliente 1 — ação 😀'],
    ])
  })

  it('brings an address book of thousands of people across whole', async () => {
    const c = await ownedByA()
    c.socket.ev.emit('contacts.upsert', people(5_000))
    const book = await whatsappOn(b).addressBook!(opened(b, c.connection))
    expect(book).toHaveLength(5_000)
    expect(book).toEqual(await whatsappOn(t).addressBook!(opened(t, c.connection)))
    expect(book[4_999]).toEqual({ number: '5511900004999', name: 'Cliente 4999 — ação 😀' })
  })

  it('has the owner ask the phone for expired media, then downloads it here', async () => {
    const c = await ownedByA()
    const original = Buffer.from('a picture, or bytes standing in for one')
    const media = await encryptedStream(original, 'image')
    const encrypted = readFileSync(media.encFilePath)
    rmSync(media.encFilePath, { force: true })
    const cdn = createServer((request, response) => {
      if (request.url === '/fresh') response.end(encrypted)
      else response.writeHead(410).end()
    })
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`
    try {
      c.socket.updateMediaMessage = (message) =>
        Promise.resolve({
          ...message,
          message: { imageMessage: { ...message.message!.imageMessage, url: `${base}/fresh` } },
        })
      const expired: WAMessage = {
        key: { remoteJid: c.jid, fromMe: false, id: 'MEDIA1' },
        message: proto.Message.fromObject({
          imageMessage: {
            url: `${base}/expired`,
            mediaKey: media.mediaKey,
            mimetype: 'image/png',
            fileLength: original.length,
          },
        }),
      }
      const downloaded = await whatsappOn(b).downloadMedia(opened(b, c.connection), {
        message: toPlain(expired),
      })
      expect(downloaded).toEqual({ data: original, mime: 'image/png' })
    } finally {
      await new Promise((resolve) => cdn.close(resolve))
    }
  })

  it('answers the owner’s failure with its code and retry flag', async () => {
    const c = await ownedByA()
    c.socket.onWhatsApp = () => Promise.reject(disconnectError(400))
    const refused = await failureOf(
      whatsappOn(b).checkNumber!(opened(b, c.connection), '5511988887777'),
    )
    expect(refused).toBeInstanceOf(ChannelError)
    expect(refused).toMatchObject({ code: 'ERR_WAPP_CHECK_CONTACT', retryable: false })

    // The owner holds the session while its socket reconnects: it answers that, B passes it on.
    c.socket.close(500)
    await t.services.sessions.settled()
    const inbound = await buildMessage(t.db, c.ticket)
    const reacted = await b.app.inject({
      method: 'POST',
      url: `/messages/${inbound.id}/reactions`,
      headers: c.asAgent,
      payload: { type: '👍' },
    })
    expect([reacted.statusCode, reacted.json()]).toEqual([
      409,
      { error: 'ERR_WAPP_NOT_INITIALIZED' },
    ])
  })

  it('answers ERR_WAPP_NOT_INITIALIZED when no instance runs the session', async () => {
    const c = await conversation(t)
    const inbound = await buildMessage(t.db, c.ticket)
    const reacted = await b.app.inject({
      method: 'POST',
      url: `/messages/${inbound.id}/reactions`,
      headers: c.asAgent,
      payload: { type: '👍' },
    })
    expect([reacted.statusCode, reacted.json()]).toEqual([
      409,
      { error: 'ERR_WAPP_NOT_INITIALIZED' },
    ])
    const error = await failureOf(whatsappOn(b).addressBook!(opened(b, c.connection)))
    expect(error).toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED', retryable: true })
  })

  it('gives up on an owner that does not answer in time', async () => {
    const c = await ownedByA()
    let arrived = false
    c.socket.sendMessage = () => {
      arrived = true
      return new Promise(() => undefined)
    }
    // B with a short patience: its driver asks through a session manager of its own locks.
    const patient = createWhatsappSessionManager(
      { config: t.config, db: b.deps.db, log: b.deps.log, sessionLocks: b.deps.sessionLocks },
      {
        intake: { receive: () => Promise.resolve() },
        events: createConnectionEvents({ db: b.deps.db, realtime: recordingHub() }),
        timing: { ownerCallTimeoutMs: 100 },
      },
    )
    b.services.channels.register(
      'whatsapp',
      createBaileysDriver({ sockets: patient, log: b.deps.log }),
    )
    try {
      const inbound = await buildMessage(t.db, c.ticket)
      const reacted = await b.app.inject({
        method: 'POST',
        url: `/messages/${inbound.id}/reactions`,
        headers: c.asAgent,
        payload: { type: '👍' },
      })
      expect([reacted.statusCode, reacted.json()]).toEqual([
        504,
        { error: 'ERR_WAPP_OWNER_TIMEOUT' },
      ])
      expect(arrived).toBe(true)
    } finally {
      b.services.channels.register(
        'whatsapp',
        createBaileysDriver({ sockets: b.services.sessions, log: b.deps.log }),
      )
      await patient.stopAll()
    }
  })
})
