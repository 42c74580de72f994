import { DisconnectReason, makeWASocket, proto, type WAMessage } from 'baileys'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeSocketFactory, recordingIntake, type FakeSocket } from '@tests/helpers/fake-baileys'
import { recordingHub } from '@tests/helpers/recording-hub'
import { buildCompany, buildConnection } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { createConnectionEvents } from '@server/modules/connections/connections.events'
import { connections, type ConnectionRow } from '@server/modules/connections/connections.table'
import type { InboundMessage } from '../types'
import { companySecretBox, loadAuthState } from './auth-state'
import { normalizeBaileysPayload } from './normalize'
import { createWhatsappSessionManager, type WhatsappSessionManager } from './session-manager'
import { whatsappRepository } from './whatsapp.repository'

let t: TestApp
const managers: WhatsappSessionManager[] = []

beforeAll(async () => {
  t = await buildTestApp()
})

// Reconnects and intake retries wait on timers: the tests move the clock themselves.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})

afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.stopAll()))
  vi.useRealTimers()
})

afterAll(async () => {
  await t?.close()
})

const ME = { id: '5511900000000:12@s.whatsapp.net', lid: '99999999999999:12@lid', name: 'Loja' }

function setup(timing = {}, refusesCalls?: (companyId: number) => Promise<boolean>) {
  const hub = recordingHub()
  const intake = recordingIntake()
  const factory = fakeSocketFactory()
  const manager = createWhatsappSessionManager(
    { config: t.config, db: t.db, log: t.app.log },
    {
      intake,
      events: createConnectionEvents({ db: t.db, realtime: hub }),
      makeSocket: factory.makeSocket,
      refusesCalls,
      timing: {
        reconnectDelaysMs: [10, 20, 30],
        maxReconnects: 3,
        bootStaggerMs: 0,
        intakeRetryDelaysMs: [5],
        ...timing,
      },
    },
  )
  managers.push(manager)
  return { hub, intake, factory, manager }
}

async function whatsappConnection(overrides: Partial<typeof connections.$inferInsert> = {}) {
  const company = await buildCompany(t.db)
  return buildConnection(t.db, company, { allowGroup: true, ...overrides })
}

async function rowOf(connection: ConnectionRow) {
  const [row] = await t.db.select().from(connections).where(eq(connections.id, connection.id))
  return row!
}

const statusOf = async (connection: ConnectionRow) => (await rowOf(connection)).status

/** Lets `ms` pass on the fake clock, with the work before and after it done. */
const HOUR_MS = 3_600_000

async function elapse(manager: WhatsappSessionManager, ms: number) {
  await manager.settled()
  await vi.advanceTimersByTimeAsync(ms)
  await manager.settled()
}

async function connected(
  connection: ConnectionRow,
  refusesCalls?: (companyId: number) => Promise<boolean>,
) {
  const context = setup({}, refusesCalls)
  await context.manager.start(connection.companyId, connection.id)
  const socket = context.factory.sockets[0]!
  socket.pair(ME)
  socket.open(ME)
  await context.manager.settled()
  expect(await statusOf(connection)).toBe('CONNECTED')
  return { ...context, socket }
}

describe('whatsapp session manager: status machine', () => {
  it('starts OPENING, then shows the QR only to the connections room', async () => {
    const connection = await whatsappConnection()
    const { manager, factory, hub } = setup()
    await manager.start(connection.companyId, connection.id)
    expect(await statusOf(connection)).toBe('OPENING')

    const socket = factory.sockets[0]!
    expect(socket.config).toMatchObject({
      markOnlineOnConnect: false,
      emitOwnEvents: true,
      browser: [expect.any(String), 'Desktop', expect.any(String)],
    })
    socket.qr('2@QRCODE-ONE')
    await manager.settled()
    expect(await rowOf(connection)).toMatchObject({ status: 'qrcode', qrcode: '2@QRCODE-ONE' })

    expect(hub.events.filter((event) => event.kind === 'whatsappSession')).toHaveLength(4)
    const [full, reduced] = hub.events.slice(-2)
    expect(full).toMatchObject({
      companyId: connection.companyId,
      rooms: ['connections'],
      except: [],
      payload: {
        action: 'update',
        session: { id: connection.id, status: 'qrcode', qrcode: '2@QRCODE-ONE' },
      },
    })
    expect(reduced).toMatchObject({ rooms: ['company'], except: ['connections'] })
    const session = (reduced!.payload as { session: Record<string, unknown> }).session
    expect(session.status).toBe('qrcode')
    expect(session).not.toHaveProperty('qrcode')
    expect(session).not.toHaveProperty('token')
  })

  it('gives up after three QR codes, wiping the half-made auth', async () => {
    const connection = await whatsappConnection()
    const { manager, factory } = setup()
    await manager.start(connection.companyId, connection.id)
    const socket = factory.sockets[0]!
    socket.ev.emit('creds.update', {})
    for (const code of ['qr-1', 'qr-2', 'qr-3']) socket.qr(code)
    await manager.settled()
    expect((await rowOf(connection)).qrcode).toBe('qr-3')
    expect(
      await whatsappRepository(t.db).readCreds(connection.companyId, connection.id),
    ).toBeDefined()

    socket.qr('qr-4')
    await manager.settled()
    expect(await rowOf(connection)).toMatchObject({ status: 'DISCONNECTED', qrcode: '' })
    expect(socket.ended).toBe(true)
    expect(
      await whatsappRepository(t.db).readCreds(connection.companyId, connection.id),
    ).toBeUndefined()
    expect(manager.socketFor(connection.id)).toBeUndefined()
  })

  it('goes PAIRING after the scan and CONNECTED with the number once open', async () => {
    const connection = await whatsappConnection()
    const { manager, factory } = setup()
    await manager.start(connection.companyId, connection.id)
    const socket = factory.sockets[0]!
    socket.qr('qr-1')
    socket.pair(ME)
    await manager.settled()
    expect(await rowOf(connection)).toMatchObject({ status: 'PAIRING', qrcode: '' })

    // Baileys asks for a fresh socket after pairing: no TIMEOUT, no retry counted, no wait.
    socket.close(515)
    await elapse(manager, 0)
    expect(factory.sockets).toHaveLength(2)
    const second = factory.sockets[1]!
    expect(await statusOf(connection)).toBe('PAIRING')
    expect(second.config.auth?.creds.me?.id).toBe(ME.id)

    second.open(ME)
    await manager.settled()
    const row = await rowOf(connection)
    expect(row).toMatchObject({
      status: 'CONNECTED',
      number: '5511900000000',
      qrcode: '',
      retries: 0,
    })
    expect(manager.socketFor(connection.id)).toBe(second)
  })

  it('reconnects a lost session with backoff, counting retries, then gives up', async () => {
    const connection = await whatsappConnection()
    const { factory, manager, hub } = await connected(connection)

    let socket: FakeSocket = factory.sockets[0]!
    for (const [attempt, delay] of [10, 20, 30].entries()) {
      socket.close(408)
      await manager.settled()
      expect(await rowOf(connection)).toMatchObject({ status: 'TIMEOUT', retries: attempt + 1 })
      expect(manager.socketFor(connection.id)).toBeUndefined()
      await elapse(manager, delay)
      expect(factory.sockets).toHaveLength(attempt + 2)
      socket = factory.sockets[attempt + 1]!
    }
    const retries = hub.events
      .filter((event) => event.rooms.includes('connections'))
      .map((event) => (event.payload as { session: { retries: number } }).session.retries)
    expect(retries).toContain(3)

    socket.close(408)
    await manager.settled()
    // The attempts stay on the row: the connections list gives them as the reason it stopped.
    expect(await rowOf(connection)).toMatchObject({ status: 'DISCONNECTED', retries: 3 })
    // No reconnect is left to fire, however long we wait. (Counting pending timers would also
    // count the database pool's own on PostgreSQL.)
    await elapse(manager, HOUR_MS)
    expect(factory.sockets).toHaveLength(4)
  })

  it('a session replaced elsewhere while reconnecting stops with no reconnects counted', async () => {
    const connection = await whatsappConnection()
    const { factory, manager } = await connected(connection)
    factory.sockets[0]!.close(408)
    await elapse(manager, 10)
    expect(await rowOf(connection)).toMatchObject({ status: 'TIMEOUT', retries: 1 })
    factory.sockets[1]!.close(DisconnectReason.connectionReplaced)
    await manager.settled()
    // The list reads a count on a DISCONNECTED row as "gave up reconnecting": this one did not.
    expect(await rowOf(connection)).toMatchObject({ status: 'DISCONNECTED', retries: 0 })
  })

  it('waits longer before each reconnect', async () => {
    const connection = await whatsappConnection()
    const { manager, factory } = setup({ reconnectDelaysMs: [10, 300] })
    await manager.start(connection.companyId, connection.id)
    const first = factory.sockets[0]!
    first.pair(ME)
    first.open(ME)
    await manager.settled()

    first.close(408)
    await elapse(manager, 10)
    expect(factory.sockets).toHaveLength(2)
    factory.sockets[1]!.close(408)
    await elapse(manager, 299)
    expect(factory.sockets).toHaveLength(2)
    await elapse(manager, 1)
    expect(factory.sockets).toHaveLength(3)
  })

  it('resets the retries once the socket is open again', async () => {
    const connection = await whatsappConnection()
    const { factory, manager } = await connected(connection)
    factory.sockets[0]!.close(428)
    await manager.settled()
    expect((await rowOf(connection)).retries).toBe(1)
    await elapse(manager, 10)
    factory.sockets[1]!.open(ME)
    await manager.settled()
    expect(await rowOf(connection)).toMatchObject({ status: 'CONNECTED', retries: 0 })
  })

  it('logged out on the phone: DISCONNECTED, auth wiped, no restart', async () => {
    const connection = await whatsappConnection()
    const { factory, manager } = await connected(connection)
    const box = companySecretBox(t.config.encryptionKey, connection.companyId)
    const { state } = await loadAuthState(t.db, box, connection.companyId, connection.id)
    await state.keys.set({ session: { a: new Uint8Array([1]) } })

    factory.sockets[0]!.close(401)
    await manager.settled()
    expect(await statusOf(connection)).toBe('DISCONNECTED')
    const repo = whatsappRepository(t.db)
    expect(await repo.readCreds(connection.companyId, connection.id)).toBeUndefined()
    expect(await repo.countKeys(connection.companyId, connection.id)).toBe(0)
    await elapse(manager, HOUR_MS)
    expect(factory.sockets).toHaveLength(1)
    expect(manager.socketFor(connection.id)).toBeUndefined()
  })
})

describe('whatsapp session manager: the real Baileys socket', () => {
  // Baileys runs its own timers around a real (refused) websocket: only the real clock moves them.
  beforeEach(() => {
    vi.useRealTimers()
  })

  it('accepts our options and treats a refused connection as a lost socket', async () => {
    const connection = await whatsappConnection()
    const manager = createWhatsappSessionManager(
      { config: t.config, db: t.db, log: t.app.log },
      {
        intake: recordingIntake(),
        events: createConnectionEvents({ db: t.db, realtime: recordingHub() }),
        // Nothing listens there: no traffic leaves the machine.
        makeSocket: (config) => makeWASocket({ ...config, waWebSocketUrl: 'ws://127.0.0.1:9/ws' }),
        timing: { reconnectDelaysMs: [60_000], maxReconnects: 3 },
      },
    )
    managers.push(manager)
    await manager.start(connection.companyId, connection.id)
    await vi.waitFor(
      async () => expect(await rowOf(connection)).toMatchObject({ status: 'OPENING', retries: 1 }),
      { timeout: 10_000 },
    )
    await manager.stopAll()
  })
})

describe('whatsapp session manager: actions', () => {
  it('logout unlinks the phone, wipes the auth and stays DISCONNECTED', async () => {
    const connection = await whatsappConnection()
    const { factory, manager } = await connected(connection)
    await manager.logout(connection.companyId, connection.id)
    expect(factory.sockets[0]!.loggedOut).toBe(true)
    expect(await rowOf(connection)).toMatchObject({
      status: 'DISCONNECTED',
      number: '',
      qrcode: '',
    })
    expect(
      await whatsappRepository(t.db).readCreds(connection.companyId, connection.id),
    ).toBeUndefined()
    await elapse(manager, HOUR_MS)
    expect(factory.sockets).toHaveLength(1)
  })

  it('suspend closes the socket but keeps the pairing for later', async () => {
    const connection = await whatsappConnection()
    const { factory, manager } = await connected(connection)
    await manager.suspend(connection.companyId, connection.id)
    expect(factory.sockets[0]!.ended).toBe(true)
    expect(factory.sockets[0]!.loggedOut).toBe(false)
    expect(await statusOf(connection)).toBe('DISCONNECTED')
    expect(
      await whatsappRepository(t.db).readCreds(connection.companyId, connection.id),
    ).toBeDefined()
    expect(manager.socketFor(connection.id)).toBeUndefined()
  })

  it('new QR forgets the pairing before starting', async () => {
    const connection = await whatsappConnection()
    const { factory, manager } = await connected(connection)
    await manager.requestNewQr(connection.companyId, connection.id)
    expect(factory.sockets).toHaveLength(2)
    const socket = factory.sockets[1]!
    expect(factory.sockets[0]!.ended).toBe(true)
    expect(socket.config.auth?.creds.me).toBeUndefined()
    expect(await statusOf(connection)).toBe('OPENING')
  })

  it('retry reuses the stored auth', async () => {
    const connection = await whatsappConnection()
    const { factory, manager } = await connected(connection)
    await manager.start(connection.companyId, connection.id)
    expect(factory.sockets).toHaveLength(2)
    const socket = factory.sockets[1]!
    expect(socket.config.auth?.creds.me?.id).toBe(ME.id)
    socket.open(ME)
    await manager.settled()
    expect(await statusOf(connection)).toBe('CONNECTED')
  })

  it('boots the connections of active companies that are not DISCONNECTED', async () => {
    const company = await buildCompany(t.db)
    const opening = await buildConnection(t.db, company, { status: 'CONNECTED' })
    const disconnected = await buildConnection(t.db, company, { status: 'DISCONNECTED' })
    const facebook = await buildConnection(t.db, company, { channel: 'facebook' })
    const inactive = await buildConnection(t.db, await buildCompany(t.db, { status: false }))
    const expired = await buildConnection(t.db, await buildCompany(t.db, { dueDate: '2020-01-01' }))

    const { factory, manager, hub } = setup()
    await manager.boot()
    const started = new Set(
      hub.events.map((event) => (event.payload as { session: { id: number } }).session.id),
    )
    expect(started.has(opening.id)).toBe(true)
    expect(await statusOf(opening)).toBe('OPENING')
    for (const skipped of [disconnected, facebook, inactive, expired]) {
      expect(started.has(skipped.id)).toBe(false)
    }
    expect(factory.sockets.length).toBe(started.size)
    await manager.stopAll()
    expect(factory.sockets.every((socket) => socket.ended)).toBe(true)
  })
})

describe('whatsapp session manager: intake', () => {
  const message = (id: string, text: string, extra: Partial<WAMessage> = {}): WAMessage => ({
    key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id },
    message: proto.Message.fromObject({ conversation: text }),
    messageTimestamp: 1_700_000_000,
    pushName: 'Maria',
    ...extra,
  })

  it('hands upserts (notify and append), acks and calls to the intake in arrival order', async () => {
    const connection = await whatsappConnection()
    const { factory, intake, manager } = await connected(connection)
    const socket = factory.sockets[0]!
    socket.lids.set('123456789012345@lid', '5521977776666@s.whatsapp.net')

    socket.ev.emit('messages.upsert', {
      type: 'notify',
      messages: [
        message('M1', 'primeira'),
        message('M2', 'segunda', {
          key: { remoteJid: '123456789012345@lid', fromMe: false, id: 'M2' },
        }),
        // Not for the inbox: a status update and a stub.
        message('S1', 'status', {
          key: { remoteJid: 'status@broadcast', fromMe: false, id: 'S1' },
        }),
        { key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'STUB' } },
      ],
    })
    socket.ev.emit('messages.upsert', {
      type: 'append',
      messages: [
        {
          key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'M3' },
          message: proto.Message.fromObject({
            imageMessage: { mediaKey: Buffer.alloc(32, 5), mimetype: 'image/jpeg', fileLength: 99 },
          }),
          messageTimestamp: 1_700_000_100,
        },
      ],
    })
    socket.ev.emit('messages.update', [
      {
        key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'OUT1' },
        update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK },
      },
      // Not a delivery report.
      {
        key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'M1' },
        update: { pollUpdates: [] },
      },
    ])
    socket.ev.emit('call', [
      {
        chatId: '5511988887777@s.whatsapp.net',
        from: '5511988887777@s.whatsapp.net',
        id: 'CALL1',
        date: new Date(),
        status: 'offer',
        offline: false,
      },
      {
        chatId: '5511988887777@s.whatsapp.net',
        from: '5511988887777@s.whatsapp.net',
        id: 'CALL1',
        date: new Date(),
        status: 'terminate',
        offline: false,
      },
    ])

    await manager.settled()
    expect(intake.received).toHaveLength(4)
    expect(intake.received.every((batch) => batch.connectionId === connection.id)).toBe(true)
    const payloads = intake.received.flatMap((batch) => batch.payloads)
    const driverConnection = await rowOf(connection)
    const events = payloads.flatMap((payload) =>
      normalizeBaileysPayload(payload, {
        selfNumber: driverConnection.number,
        allowGroup: driverConnection.allowGroup,
      }),
    )
    expect(
      events.map((event) => [event.type, 'providerId' in event ? event.providerId : null]),
    ).toEqual([
      ['message', 'M1'],
      ['message', 'M2'],
      ['message', 'M3'],
      ['status', 'OUT1'],
      ['message', 'CALL1'],
    ])
    // The LID the key left open was resolved through Baileys' LID store at arrival.
    expect((events[1] as InboundMessage).chat).toMatchObject({
      id: '5521977776666',
      lid: '123456789012345@lid',
    })
    expect((events[2] as InboundMessage).content).toMatchObject({ kind: 'media', size: 99 })
    expect(JSON.stringify(payloads)).toContain('"type":"Buffer"')
  })

  it('ends a ringing call when the company refuses calls, and still hands it to the intake', async () => {
    const refusing = await whatsappConnection()
    const taking = await whatsappConnection()
    const refuses = (companyId: number) => Promise.resolve(companyId === refusing.companyId)
    const ring = (id: string) => ({
      chatId: '5511988887777@s.whatsapp.net',
      from: '5511988887777@s.whatsapp.net',
      id,
      date: new Date(),
      status: 'offer' as const,
      offline: false,
    })
    for (const [connection, callId] of [
      [refusing, 'CALL-R'],
      [taking, 'CALL-T'],
    ] as const) {
      const { manager, intake, socket } = await connected(connection, refuses)
      socket.ev.emit('call', [ring(callId), { ...ring(callId), status: 'terminate' }])
      await manager.settled()
      await vi.advanceTimersByTimeAsync(0)
      expect(intake.received.flatMap((batch) => batch.payloads)).toHaveLength(1)
      expect(socket.rejected).toEqual(
        connection === refusing ? [['CALL-R', '5511988887777@s.whatsapp.net']] : [],
      )
    }
  })

  it('offers a batch again when the intake fails once', async () => {
    const connection = await whatsappConnection()
    const { factory, intake, manager } = await connected(connection)
    intake.failures = 1
    factory.sockets[0]!.ev.emit('messages.upsert', {
      type: 'notify',
      messages: [message('R1', 'x')],
    })
    // The refused batch waits intakeRetryDelaysMs (5 ms) before it is offered again.
    await vi.advanceTimersByTimeAsync(4)
    expect(intake.received).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    await manager.settled()
    expect(intake.received).toHaveLength(1)
  })

  it('does not send read receipts on updates', async () => {
    const connection = await whatsappConnection()
    const { factory, manager } = await connected(connection)
    const socket = factory.sockets[0]!
    socket.ev.emit('messages.update', [
      {
        key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'IN1' },
        update: { status: proto.WebMessageInfo.Status.READ },
      },
    ])
    await manager.settled()
    expect(socket.reads).toEqual([])
  })
})
