import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ipcInputSchemas } from '@shared/ipc/contract'
import { startDesktop, type Desktop } from './app'
import type { Logger } from './logger'
import { createFakeEdge, type FakeEdge } from '@tests/main/electron-fakes'

const UUID = '2f1c6a0e-8d4b-4c1e-9a7f-3b5d2e6c8a10'

let dir: string
let fake: FakeEdge
let desktop: Desktop
let logger: Logger & { info: ReturnType<typeof vi.fn> }

async function start(devServerUrl: string | null = null) {
  fake = createFakeEdge({ userData: dir })
  logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  desktop = await startDesktop(fake.edge, {
    platform: 'linux',
    preloadPath: '/app/out/preload/index.cjs',
    rendererDir: join(dir, 'renderer'),
    resourcesDir: '/app/resources',
    devServerUrl,
    logger,
  })
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atende-smoke-'))
})
// Retries: a preference write may still be renaming its file as the test ends.
afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }))

describe('startDesktop against a fake Electron', () => {
  test('creates one secure window loading our files', async () => {
    await start()
    expect(fake.windows).toHaveLength(1)
    const [window] = fake.windows
    expect(window?.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    })
    expect(window?.loaded).toEqual(['app://renderer/index.html'])
    expect(fake.protocol.handlers.has('app')).toBe(true)
  })

  test('registers a handler for every channel in ipcInputSchemas', async () => {
    await start()
    const expected = Object.keys(ipcInputSchemas).sort()
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(expected)
    expect([...desktop.channels].sort()).toEqual(expected)
  })

  test('puts the tray up, with the count reachable over IPC', async () => {
    await start()
    expect(fake.trays).toHaveLength(1)
    await fake.ipcMain.invoke('tray:set-unread', 'app://renderer/index.html', { count: 2 })
    expect(fake.trays[0]?.title).toBe('2')
    expect(fake.app.badge).toBe(2)
  })

  test('hardens the window and installs the session policies', async () => {
    await start()
    const [window] = fake.windows
    expect(window?.webContents.windowOpenHandler).not.toBeNull()
    expect(window?.webContents.listenerCount('will-navigate')).toBe(1)
    expect(fake.session.permissionRequestHandler).not.toBeNull()
    expect(fake.session.headersListener).not.toBeNull()
  })

  test('a notification click brings the window back on its ticket', async () => {
    await start()
    const [window] = fake.windows
    window!.close()
    expect(window?.visible).toBe(false)
    await vi.waitFor(() => readFile(join(dir, 'preferences.json')))
    await fake.ipcMain.invoke('notifications:show', 'app://renderer/index.html', {
      title: 'Maria',
      body: 'Oi',
      route: `/tickets/${UUID}`,
    })
    fake.notifications[0]!.click()
    expect(window?.visible).toBe(true)
    expect(window?.webContents.sent).toContainEqual({
      channel: 'notification:clicked',
      args: [{ route: `/tickets/${UUID}` }],
    })
  })

  test('Quit from the tray really closes the window and keeps its bounds', async () => {
    await start()
    const [window] = fake.windows
    fake.trays[0]!.menu!.items.at(-1)!.click!()
    window!.close()
    expect(window?.destroyed).toBe(true)
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(join(dir, 'preferences.json'), 'utf8'))).toMatchObject({
        windowBounds: { width: 1280, height: 800, maximized: false },
      }),
    )
  })

  test('in development it loads the dev server, trusts it, and serves no files', async () => {
    await start('http://localhost:5173')
    expect(fake.windows[0]?.loaded).toEqual(['http://localhost:5173'])
    expect(fake.protocol.handlers.has('app')).toBe(false)
    await expect(
      fake.ipcMain.invoke('preferences:get', 'http://localhost:5173/#/login', {}),
    ).resolves.toEqual({ volume: 1, serverUrl: null })
  })

  test('the updater stays inert and says so', async () => {
    await start()
    expect(logger.info).toHaveBeenCalledWith('updates disabled in development')
  })
})
