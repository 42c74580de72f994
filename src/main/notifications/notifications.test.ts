import { describe, expect, test } from 'vitest'
import { silentLogger } from '../logger'
import { createFakeEdge, fakeWindowOptions } from '@tests/main/electron-fakes'
import { buildNotification } from './builders'
import { createNotifier } from './notifier'

const UUID = '2f1c6a0e-8d4b-4c1e-9a7f-3b5d2e6c8a10'
const context = { volume: 1 }

function setup() {
  const fake = createFakeEdge({ userData: '/tmp/atende' })
  const window = new fake.FakeBrowserWindow(fakeWindowOptions())
  const notifier = createNotifier({
    Notification: fake.edge.Notification,
    getWindow: () => window,
    logger: silentLogger,
  })
  return { fake, window, notifier }
}

describe('notification builders', () => {
  test('message and transfer open a ticket; chat opens a chat', () => {
    const message = buildNotification(
      { title: 'Maria', body: 'Oi', route: `/tickets/${UUID}` },
      context,
    )
    const transfer = buildNotification(
      { kind: 'transfer', title: 'Transferido', body: '', route: `/tickets/${UUID}` },
      context,
    )
    const chat = buildNotification(
      { kind: 'chat', title: 'Ana', body: 'x', route: `/chats/${UUID}` },
      context,
    )
    expect([message?.kind, message?.route]).toEqual(['message', `/tickets/${UUID}`])
    expect(transfer?.options).toMatchObject({ timeoutType: 'never', urgency: 'critical' })
    expect([chat?.kind, chat?.route]).toEqual(['chat', `/chats/${UUID}`])
  })

  test('a route that does not fit its kind is refused', () => {
    expect(buildNotification({ title: 't', body: '', route: `/chats/${UUID}` }, context)).toBeNull()
    expect(
      buildNotification({ kind: 'chat', title: 't', body: '', route: '/tickets' }, context),
    ).toBeNull()
    expect(
      buildNotification({ title: 't', body: '', route: '/tickets/123/../x' }, context),
    ).toBeNull()
  })

  test('silent when asked, and when the volume is 0', () => {
    const route = `/tickets/${UUID}`
    expect(buildNotification({ title: 't', body: '', route }, context)?.options.silent).toBe(false)
    expect(
      buildNotification({ title: 't', body: '', route, silent: true }, context)?.options.silent,
    ).toBe(true)
    expect(buildNotification({ title: 't', body: '', route }, { volume: 0 })?.options.silent).toBe(
      true,
    )
  })
})

describe('notifier', () => {
  test('shows the native notification with the built options', () => {
    const { fake, notifier } = setup()
    const built = buildNotification(
      { title: 'Maria', body: 'Oi', route: `/tickets/${UUID}` },
      context,
    )!
    expect(notifier.show(built)).toBe(true)
    const [native] = fake.notifications
    expect(native?.shown).toBe(true)
    expect(native?.options).toMatchObject({ title: 'Maria', body: 'Oi', silent: false })
  })

  test('a click restores and focuses the window and tells the renderer which ticket to open', () => {
    const { fake, window, notifier } = setup()
    window.minimize()
    window.hide()
    notifier.show(
      buildNotification({ title: 'Maria', body: 'Oi', route: `/tickets/${UUID}` }, context)!,
    )
    fake.notifications[0]!.click()
    expect([window.minimized, window.visible, window.focused]).toEqual([false, true, true])
    expect(window.webContents.sent).toEqual([
      { channel: 'notification:clicked', args: [{ route: `/tickets/${UUID}` }] },
    ])
  })

  test('without OS support nothing is created', () => {
    const { fake, notifier } = setup()
    fake.notificationSupport.supported = false
    const built = buildNotification({ title: 't', body: '', route: '/tickets' }, context)!
    expect(notifier.show(built)).toBe(false)
    expect(fake.notifications).toHaveLength(0)
  })
})
