import { describe, expect, test, vi } from 'vitest'
import { silentLogger } from '../logger'
import { createFakeEdge } from '@tests/main/electron-fakes'
import { trayLabels } from './tray-labels'
import { createUnreadTray } from './unread-tray'

function setup(locale = 'en-US') {
  const fake = createFakeEdge({ userData: '/tmp/atende' })
  fake.app.locale = locale
  const onOpen = vi.fn()
  const onQuit = vi.fn()
  const tray = createUnreadTray({
    Tray: fake.edge.Tray,
    Menu: fake.edge.Menu,
    nativeImage: fake.edge.nativeImage,
    app: fake.app,
    iconPath: '/res/tray.png',
    productName: 'Atende',
    onOpen,
    onQuit,
    logger: silentLogger,
  })
  const native = fake.trays[0]!
  const labels = () => native.menu?.items.map((item) => item.label ?? item.type)
  return { fake, tray, native, onOpen, onQuit, labels }
}

describe('unread tray', () => {
  test('starts at zero: plain tooltip, no title, badge cleared', () => {
    const { native, fake, labels } = setup()
    expect(native.toolTip).toBe('Atende')
    expect(native.title).toBe('')
    expect(fake.app.badge).toBe(0)
    expect(labels()).toEqual(['Open', 'Unread: 0', 'separator', 'Quit'])
  })

  test('shows the count in tooltip, title, menu and badge, and follows changes', () => {
    const { tray, native, fake, labels } = setup()
    tray.setUnread(3)
    expect([native.toolTip, native.title, fake.app.badge]).toEqual(['Atende (Unread: 3)', '3', 3])
    expect(labels()).toEqual(['Open', 'Unread: 3', 'separator', 'Quit'])
    tray.setUnread(12)
    expect([native.toolTip, native.title, fake.app.badge]).toEqual([
      'Atende (Unread: 12)',
      '12',
      12,
    ])
    tray.setUnread(0)
    expect([native.toolTip, native.title, fake.app.badge]).toEqual(['Atende', '', 0])
    expect(tray.unread).toBe(0)
  })

  test('the count line is informative only; Open and Quit act', () => {
    const { native, onOpen, onQuit } = setup()
    const [open, count, , quit] = native.menu!.items
    expect(count?.enabled).toBe(false)
    open?.click?.()
    quit?.click?.()
    native.emit('click')
    expect([onOpen.mock.calls.length, onQuit.mock.calls.length]).toEqual([2, 1])
  })

  test('speaks the OS language, Portuguese by default', () => {
    expect(setup('pt-BR').labels()).toEqual(['Abrir', 'Não lidas: 0', 'separator', 'Sair'])
    expect(trayLabels('es-419').quit).toBe('Salir')
    expect(trayLabels('tr').unread(2)).toBe('Okunmamış: 2')
    expect(trayLabels('de-DE').open).toBe('Abrir')
  })
})
