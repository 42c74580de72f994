import { proto, type WAMessage } from 'baileys'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fakeSocketFactory, recordingIntake } from '@tests/helpers/fake-baileys'
import { recordingHub } from '@tests/helpers/recording-hub'
import { buildCompany, buildConnection } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { createConnectionEvents } from '@server/modules/connections/connections.events'
import { normalizeBaileysPayload } from './normalize'
import type { HistoryMessage } from './session-intake'
import { createWhatsappSessionManager, type WhatsappSessionManager } from './session-manager'

/** The session side of a history import: what the phone sends while pairing goes to staging. */
let t: TestApp
const managers: WhatsappSessionManager[] = []

beforeAll(async () => {
  t = await buildTestApp()
})

afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.stopAll()))
})

afterAll(async () => {
  await t?.close()
})

function setup() {
  const staged: { connectionId: number; messages: HistoryMessage[] }[] = []
  const completed: number[] = []
  const factory = fakeSocketFactory()
  const manager = createWhatsappSessionManager(
    { config: t.config, db: t.db, log: t.app.log },
    {
      intake: recordingIntake(),
      events: createConnectionEvents({ db: t.db, realtime: recordingHub() }),
      history: {
        stage(connection, messages) {
          staged.push({ connectionId: connection.id, messages })
          return Promise.resolve()
        },
        complete(connection) {
          completed.push(connection.id)
        },
      },
      makeSocket: factory.makeSocket,
    },
  )
  managers.push(manager)
  return { staged, completed, factory, manager }
}

const CHAT = '5511988887777@s.whatsapp.net'
const history = (id: string, seconds: number, message: proto.IMessage): WAMessage => ({
  key: { remoteJid: CHAT, fromMe: false, id },
  message: proto.Message.fromObject(message),
  messageTimestamp: seconds,
})

describe('whatsapp session: history for an import window', () => {
  it('asks the phone for its full history and stages what it sends, marked imported', async () => {
    const company = await buildCompany(t.db)
    const connection = await buildConnection(t.db, company, {
      importOldMessages: new Date(Date.now() - 30 * 86_400_000),
    })
    const { staged, completed, factory, manager } = setup()
    await manager.start(company.id, connection.id)
    expect(factory.sockets).toHaveLength(1)
    const socket = factory.latest()!
    expect(socket.config.syncFullHistory).toBe(true)
    expect(
      socket.config.shouldSyncHistoryMessage?.({
        syncType: proto.HistorySync.HistorySyncType.FULL,
      }),
    ).toBe(true)

    socket.ev.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [
        history('OLD1', 1_700_000_000, { conversation: 'antiga' }),
        // Not a message anyone wrote: never staged.
        history('KEY1', 1_700_000_001, {
          protocolMessage: { type: proto.Message.ProtocolMessage.Type.APP_STATE_SYNC_KEY_SHARE },
        }),
      ],
      syncType: proto.HistorySync.HistorySyncType.FULL,
    })
    await manager.settled()
    expect(staged).toHaveLength(1)
    const [item] = staged[0]!.messages
    expect(staged[0]!.messages).toHaveLength(1)
    expect(item).toMatchObject({
      providerId: 'OLD1',
      sentAt: new Date(1_700_000_000_000),
      isGroup: false,
    })
    const [event] = normalizeBaileysPayload(JSON.parse(JSON.stringify(item!.envelope)), {
      selfNumber: '5511900000000',
      allowGroup: false,
    })
    expect(event).toMatchObject({ type: 'message', providerId: 'OLD1', imported: true })

    socket.ev.emit('messaging-history.status', {
      syncType: proto.HistorySync.HistorySyncType.FULL,
      status: 'complete',
      explicit: true,
    })
    expect(completed).toEqual([connection.id])
  })

  it('leaves history alone when the connection has no import window', async () => {
    const company = await buildCompany(t.db)
    const connection = await buildConnection(t.db, company)
    const { staged, completed, factory, manager } = setup()
    await manager.start(company.id, connection.id)
    expect(factory.sockets).toHaveLength(1)
    const socket = factory.latest()!
    expect(socket.config.syncFullHistory).toBe(false)
    socket.ev.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [history('OLD2', 1_700_000_000, { conversation: 'antiga' })],
    })
    socket.ev.emit('messaging-history.status', {
      syncType: proto.HistorySync.HistorySyncType.FULL,
      status: 'complete',
      explicit: true,
    })
    await manager.settled()
    expect(staged).toHaveLength(0)
    expect(completed).toHaveLength(0)
  })
})
