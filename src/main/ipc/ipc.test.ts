import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ipcInputSchemas, type IpcChannel } from '@shared/ipc/contract'
import { silentLogger } from '../logger'
import { createNotifier } from '../notifications/notifier'
import { openPreferences, type PreferencesStore } from '../preferences/preferences'
import { createVault, type Vault } from '../secure-store/vault'
import { trustedUrlCheck } from '../security/trusted-origin'
import {
  createFakeEdge,
  fakeWindowOptions,
  type FakeBrowserWindow,
  type FakeEdge,
} from '@tests/main/electron-fakes'
import { createUnreadTray } from '../tray/unread-tray'
import { appIpc } from './app.ipc'
import { notificationsIpc } from './notifications.ipc'
import { preferencesIpc } from './preferences.ipc'
import { createHandle, registerIpcHandlers, type IpcHandlers } from './register'
import { shellIpc } from './shell.ipc'
import { trayIpc } from './tray.ipc'
import { vaultIpc } from './vault.ipc'

const OURS = 'app://renderer/index.html'
const UUID = '2f1c6a0e-8d4b-4c1e-9a7f-3b5d2e6c8a10'

let dir: string
let fake: FakeEdge
let window: FakeBrowserWindow
let preferences: PreferencesStore
let vault: Vault

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atende-ipc-'))
  fake = createFakeEdge({ userData: dir })
  window = new fake.FakeBrowserWindow(fakeWindowOptions())
  preferences = await openPreferences(join(dir, 'preferences.json'), silentLogger)
  vault = createVault({
    safeStorage: fake.safeStorage,
    platform: 'linux',
    file: join(dir, 'refresh-token.bin'),
    logger: silentLogger,
  })
  const tray = createUnreadTray({
    Tray: fake.edge.Tray,
    Menu: fake.edge.Menu,
    nativeImage: fake.edge.nativeImage,
    app: fake.app,
    iconPath: '/res/tray.png',
    productName: 'Atende',
    onOpen: () => {},
    onQuit: () => {},
    logger: silentLogger,
  })
  const notifier = createNotifier({
    Notification: fake.edge.Notification,
    getWindow: () => window,
    logger: silentLogger,
  })
  const handle = createHandle({
    ipcMain: fake.ipcMain,
    isTrusted: trustedUrlCheck({ devServerUrl: null }),
    logger: silentLogger,
  })
  registerIpcHandlers(handle, {
    ...notificationsIpc({ notifier, context: () => ({ volume: preferences.get().volume }) }),
    ...trayIpc(tray),
    ...preferencesIpc({
      preferences,
      clearVault: () => vault.clear(),
      reloadRenderer: () => window.webContents.reload(),
    }),
    ...vaultIpc(vault),
    ...shellIpc(fake.shell),
    ...appIpc(() => window.focus()),
  })
})
afterEach(async () => {
  vi.useRealTimers()
  await rm(dir, { recursive: true, force: true, maxRetries: 5 })
})

const invoke = (channel: IpcChannel, input: unknown, sender: string | null = OURS) =>
  fake.ipcMain.invoke(channel, sender, input)

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error) => ({ name: error.name, message: error.message }),
  )

describe('handle(): sender and input checks', () => {
  test('every channel of the contract has a handler', () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.keys(ipcInputSchemas).sort())
  })

  test.each([
    ['https://evil.example/'],
    ['file:///tmp/page.html'],
    ['app://other/index.html'],
    [null],
  ])('an untrusted sender (%s) is dropped before the handler runs', async (sender) => {
    const setVolume = vi.spyOn(preferences, 'setVolume')
    const error = await rejection(invoke('preferences:set-volume', { volume: 0.5 }, sender))
    expect(error?.name).toBe('ERR_IPC_UNTRUSTED_SENDER')
    expect(setVolume).not.toHaveBeenCalled()
  })

  test.each([
    ['preferences:set-volume', { volume: '0.5' }],
    ['preferences:set-volume', { volume: 1.5 }],
    ['preferences:set-volume', { volume: -0.1 }],
    ['preferences:set-volume', {}],
    ['preferences:set-volume', null],
    ['preferences:set-server-url', { url: 'ftp://files.example.com' }],
    ['preferences:set-server-url', { url: 'javascript:alert(1)' }],
    ['preferences:set-server-url', { url: 'https://user:pw@atende.example.com' }],
    ['shell:open-external', { url: 'javascript:alert(document.cookie)' }],
    ['shell:open-external', { url: 'file:///etc/passwd' }],
    ['shell:open-external', { url: 'https://user:pw@example.com' }],
    ['tray:set-unread', { count: -1 }],
    ['tray:set-unread', { count: 1.5 }],
    ['vault:save-refresh-token', { token: 42 }],
    ['vault:save-refresh-token', { token: 'short' }],
    ['notifications:show', { title: '', body: '', route: '/tickets' }],
    ['notifications:show', { title: 't', body: '', route: 'https://evil.example' }],
    ['notifications:show', { kind: 'chat', title: 't', body: '', route: `/tickets/${UUID}` }],
    ['notifications:show', { kind: 'popup', title: 't', body: '', route: '/tickets' }],
  ] as const)('%s rejects %j', async (channel, input) => {
    const error = await rejection(invoke(channel, input))
    expect(error?.name).toBe('ERR_IPC_INVALID_INPUT')
  })

  test('more than one argument is rejected too', async () => {
    const error = await rejection(fake.ipcMain.invoke('app:focus', OURS, {}, {}))
    expect(error?.name).toBe('ERR_IPC_INVALID_INPUT')
  })

  test('a server outside this computer must be https: http is refused with its own code', async () => {
    const error = await rejection(
      invoke('preferences:set-server-url', { url: 'http://atende.example.com' }),
    )
    expect(error?.name).toBe('ERR_INSECURE_SERVER_URL')
    expect(preferences.get().serverUrl).toBeNull()
    expect(window.webContents.reloads).toBe(0)
  })

  test('nothing is opened or saved when input is rejected', async () => {
    await rejection(invoke('shell:open-external', { url: 'javascript:alert(1)' }))
    await rejection(invoke('preferences:set-volume', { volume: 2 }))
    expect(fake.shell.opened).toEqual([])
    expect(preferences.get().volume).toBe(1)
  })
})

describe('capability handlers', () => {
  test('preferences: read, set volume (snapped to 0.1), set server', async () => {
    expect(await invoke('preferences:get', {})).toEqual({ volume: 1, serverUrl: null })
    await invoke('preferences:set-volume', { volume: 0.34 })
    vi.useFakeTimers()
    await invoke('preferences:set-server-url', { url: 'https://atende.example.com/' })
    expect(await invoke('preferences:get', {})).toEqual({
      volume: 0.3,
      serverUrl: 'https://atende.example.com',
    })
  })

  test('a new server forgets the old refresh token and reloads the renderer', async () => {
    await invoke('vault:save-refresh-token', { token: 'rt_aaaaaaaaaaaaaaaaaaaaaaaa' })
    vi.useFakeTimers()
    await invoke('preferences:set-server-url', { url: 'https://one.example.com' })
    vi.runAllTimers()
    expect(await invoke('vault:read-refresh-token', {})).toBeNull()
    expect(window.webContents.reloads).toBe(1)
    await invoke('preferences:set-server-url', { url: 'https://one.example.com/' })
    vi.runAllTimers()
    expect(window.webContents.reloads).toBe(1)
  })

  test('vault: save, read, clear', async () => {
    const token = 'rt_0123456789abcdef0123'
    expect(await invoke('vault:save-refresh-token', { token })).toBe(true)
    expect(await invoke('vault:read-refresh-token', {})).toBe(token)
    await invoke('vault:clear', {})
    expect(await invoke('vault:read-refresh-token', {})).toBeNull()
  })

  test('vault: answers false when the OS cannot encrypt', async () => {
    fake.safeStorage.backend = 'basic_text'
    expect(await invoke('vault:save-refresh-token', { token: 'rt_0123456789abcdef0123' })).toBe(
      false,
    )
  })

  test('tray, notifications, shell and focus reach their modules', async () => {
    await invoke('tray:set-unread', { count: 4 })
    expect(fake.trays[0]?.toolTip).toBe('Atende (Unread: 4)')
    await invoke('notifications:show', { title: 'Maria', body: 'Oi', route: `/tickets/${UUID}` })
    expect(fake.notifications).toHaveLength(1)
    await invoke('shell:open-external', { url: 'https://example.com/help' })
    expect(fake.shell.opened).toEqual(['https://example.com/help'])
    await invoke('app:focus', {})
    expect(window.focused).toBe(true)
  })
})

test('IpcHandlers requires every channel (compile-time check)', () => {
  // @ts-expect-error -- a map without 'app:focus' is not an IpcHandlers
  const partial: IpcHandlers = { ...vaultIpc(vault) }
  expect(partial).toBeDefined()
})
