import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disconnectError, FakeSocket } from '@tests/helpers/fake-baileys'
import { buildCompany, buildConnection } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { ChannelError, type DriverConnection } from '../types'
import { createDirectory } from './directory'
import { createBaileysDriver } from './driver'

let t: TestApp
let connection: DriverConnection
const socket = new FakeSocket()
const directory = createDirectory()
const CONTACT = { id: '5511988887777', isGroup: false }

beforeAll(async () => {
  t = await buildTestApp()
  const row = await buildConnection(t.db, await buildCompany(t.db))
  connection = { row, secrets: {} }
})
afterAll(() => t.close())

const driver = () =>
  createBaileysDriver({
    sockets: {
      socketFor: (id) => (id === connection.row.id ? socket : undefined),
      directoryOf: (id) => (id === connection.row.id ? directory : undefined),
    },
    log: t.app.log,
  })

describe('whatsapp driver: contacts', () => {
  it('reads pictures, and treats a hidden one as none', async () => {
    const asked: string[] = []
    socket.profilePictureUrl = (jid) => {
      asked.push(jid)
      if (jid.startsWith('5511000')) return Promise.reject(disconnectError(404))
      return Promise.resolve('https://pps.whatsapp.net/p.jpg')
    }
    expect(await driver().profilePicture(connection, CONTACT)).toBe(
      'https://pps.whatsapp.net/p.jpg',
    )
    expect(await driver().profilePicture(connection, { id: '5511000000000', isGroup: false })).toBe(
      null,
    )
    expect(asked).toEqual(['5511988887777@s.whatsapp.net', '5511000000000@s.whatsapp.net'])
  })

  it('blocks and unblocks, reporting refusals', async () => {
    const actions: string[] = []
    socket.updateBlockStatus = (jid, action) => {
      actions.push(`${action} ${jid}`)
      return Promise.resolve()
    }
    await driver().setBlocked(connection, CONTACT, true)
    await driver().setBlocked(connection, CONTACT, false)
    expect(actions).toEqual([
      'block 5511988887777@s.whatsapp.net',
      'unblock 5511988887777@s.whatsapp.net',
    ])
    socket.updateBlockStatus = () => Promise.reject(disconnectError(500))
    await expect(driver().setBlocked(connection, CONTACT, true)).rejects.toBeInstanceOf(
      ChannelError,
    )
  })

  it('checks numbers and answers WhatsApp’s spelling', async () => {
    socket.onWhatsApp = (...numbers: string[]) =>
      Promise.resolve(
        numbers[0] === '5531988887777@s.whatsapp.net'
          ? [{ jid: '553188887777@s.whatsapp.net', exists: true }]
          : [],
      )
    expect(await driver().checkNumber(connection, '5531988887777')).toEqual({
      exists: true,
      number: '553188887777',
    })
    expect(await driver().checkNumber(connection, '5511900000000')).toEqual({
      exists: false,
      number: '5511900000000',
    })
  })

  it('lists what the session learnt: address book and 1:1 chats, never groups or LIDs', async () => {
    directory.addContacts([
      { id: '5511911112222@s.whatsapp.net', name: 'Saved name', notify: 'Push' },
      { id: '123456@lid', phoneNumber: '5511933334444@s.whatsapp.net', notify: 'Push only' },
      { id: '999@lid' },
      { id: '120363000000@g.us', name: 'Group' },
    ])
    directory.addChats([
      { id: '5511911112222@s.whatsapp.net' },
      { id: '120363000000@g.us', name: 'Group' },
      { id: '5511955556666@s.whatsapp.net', name: 'Chat name' },
    ])
    expect(await driver().addressBook(connection)).toEqual([
      { number: '5511911112222', name: 'Saved name' },
      { number: '5511933334444', name: 'Push only' },
    ])
    expect(await driver().knownChats(connection)).toEqual([
      { number: '5511911112222', name: 'Saved name' },
      { number: '5511955556666', name: 'Chat name' },
    ])
    const offline = { ...connection, row: { ...connection.row, id: connection.row.id + 1000 } }
    await expect(driver().addressBook(offline)).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    })
  })
})
