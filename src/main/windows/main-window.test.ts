import { describe, expect, test, vi } from 'vitest'
import { createFakeEdge } from '@tests/main/electron-fakes'
import { createMainWindow, DEFAULT_WINDOW_SIZE, restorableBounds } from './main-window'

const display = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } }

function setup(options: { bounds?: Parameters<typeof restorableBounds>[0]; hide?: boolean } = {}) {
  const fake = createFakeEdge({ userData: '/tmp/atende', displays: [display] })
  const onBoundsChanged = vi.fn()
  const window = createMainWindow({
    BrowserWindow: fake.edge.BrowserWindow,
    screen: fake.edge.screen,
    title: 'Atende',
    preloadPath: '/app/out/preload/index.cjs',
    bounds: options.bounds ?? null,
    onBoundsChanged,
    hideOnClose: () => options.hide ?? true,
  })
  return { fake, window: fake.windows[0]!, returned: window, onBoundsChanged }
}

describe('main window', () => {
  test('is isolated, sandboxed, without Node, with web security, and our preload', () => {
    const { window } = setup()
    expect(window.options.webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    })
  })

  test('opens hidden and shows once ready', () => {
    const { window } = setup()
    expect(window.options.show).toBe(false)
    window.emit('ready-to-show')
    expect(window.visible).toBe(true)
  })

  test('reopens where it was, maximised if it was', () => {
    const { window } = setup({
      bounds: { x: 100, y: 50, width: 1000, height: 700, maximized: true },
    })
    expect(window.options).toMatchObject({ x: 100, y: 50, width: 1000, height: 700 })
    expect(window.maximized).toBe(true)
  })

  test('closing remembers the bounds and hides to the tray', () => {
    const { window, onBoundsChanged } = setup({
      bounds: { x: 5, y: 6, width: 900, height: 650, maximized: false },
    })
    window.visible = true
    window.close()
    expect(onBoundsChanged).toHaveBeenCalledWith({
      x: 5,
      y: 6,
      width: 900,
      height: 650,
      maximized: false,
    })
    expect([window.visible, window.destroyed]).toEqual([false, false])
  })

  test('when quitting, closing really closes', () => {
    const { window, onBoundsChanged } = setup({ hide: false })
    window.close()
    expect(onBoundsChanged).toHaveBeenCalledOnce()
    expect(window.destroyed).toBe(true)
  })
})

describe('restorableBounds', () => {
  test('nothing saved: default size, placed by the OS', () => {
    expect(restorableBounds(null, [display])).toEqual(DEFAULT_WINDOW_SIZE)
  })

  test('bounds on an unplugged monitor keep their size only', () => {
    expect(
      restorableBounds({ x: 3000, y: 0, width: 1000, height: 700, maximized: false }, [display]),
    ).toEqual({ width: 1000, height: 700 })
  })

  test('a window smaller than the minimum grows to it', () => {
    expect(
      restorableBounds({ x: 0, y: 0, width: 200, height: 150, maximized: false }, [display]),
    ).toEqual({
      x: 0,
      y: 0,
      width: 480,
      height: 480,
    })
  })
})
