import { join } from 'node:path'
import type { IpcChannel } from '@shared/ipc/contract'
import type { BrowserWindowEdge, ElectronEdge } from './electron-edge'
import { appIpc } from './ipc/app.ipc'
import { notificationsIpc } from './ipc/notifications.ipc'
import { preferencesIpc } from './ipc/preferences.ipc'
import { createHandle, registerIpcHandlers } from './ipc/register'
import { shellIpc } from './ipc/shell.ipc'
import { trayIpc } from './ipc/tray.ipc'
import { vaultIpc } from './ipc/vault.ipc'
import { logger as defaultLogger, type Logger } from './logger'
import { createNotifier } from './notifications/notifier'
import { openPreferences } from './preferences/preferences'
import { createVault } from './secure-store/vault'
import { contentSecurityPolicy } from './security/content-security-policy'
import {
  applyContentSecurityPolicy,
  applyPermissionPolicy,
  applyWebContentsPolicy,
} from './security/policies'
import { APP_SCHEME, trustedUrlCheck } from './security/trusted-origin'
import { createRendererFileHandler, rendererEntryUrl } from './server-url/app-protocol'
import { createUnreadTray, type UnreadTray } from './tray/unread-tray'
import { createUpdater } from './updater/updater'
import { focusWindow } from './windows/focus'
import { createMainWindow } from './windows/main-window'

export const PRODUCT_NAME = 'Atende'
/** Windows shows toasts only for an app with this id (it matches electron-builder's appId). */
export const APP_USER_MODEL_ID = 'com.atende.desktop'

export interface DesktopOptions {
  platform: NodeJS.Platform
  /** The built preload, `out/preload/index.cjs`. */
  preloadPath: string
  /** The built renderer, `out/renderer`, served as `app://renderer/`. */
  rendererDir: string
  /** Icons: `resources/` in development, `<resourcesPath>/resources` when packaged. */
  resourcesDir: string
  /** ELECTRON_RENDERER_URL in an unpackaged app, else null. */
  devServerUrl: string | null
  logger?: Logger
}

export interface Desktop {
  readonly window: BrowserWindowEdge
  readonly tray: UnreadTray
  /** The IPC channels that got a handler: all of `ipcInputSchemas`. */
  readonly channels: readonly IpcChannel[]
  /** Shows and focuses the main window (second instance, dock click, tray). */
  focus(): void
}

/**
 * Wires the desktop app once Electron is ready: preferences and vault, security policies, the
 * renderer's scheme, the window, tray, notifications and IPC. Takes Electron by injection so a
 * fake edge can run it under Node (smoke.test.ts).
 */
export async function startDesktop(edge: ElectronEdge, options: DesktopOptions): Promise<Desktop> {
  const { app, shell } = edge
  const logger = options.logger ?? defaultLogger
  const { devServerUrl, platform } = options
  const userData = app.getPath('userData')
  const iconPath = join(options.resourcesDir, 'icon.png')
  if (platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID)

  const preferences = await openPreferences(join(userData, 'preferences.json'), logger)
  const vault = createVault({
    safeStorage: edge.safeStorage,
    platform,
    file: join(userData, 'refresh-token.bin'),
    logger,
  })

  const isTrusted = trustedUrlCheck({ devServerUrl })
  const policy = () =>
    contentSecurityPolicy({ serverUrl: preferences.get().serverUrl, devServerUrl })
  const session = edge.session.defaultSession
  applyWebContentsPolicy(app, { isTrusted, shell, logger })
  applyPermissionPolicy(session, isTrusted)
  applyContentSecurityPolicy(session, isTrusted, policy)
  if (devServerUrl === null) {
    edge.protocol.handle(
      APP_SCHEME,
      createRendererFileHandler({ rootDir: options.rendererDir, contentSecurityPolicy: policy }),
    )
  }

  let quitting = false
  app.on('before-quit', () => {
    quitting = true
  })

  const window = createMainWindow({
    BrowserWindow: edge.BrowserWindow,
    screen: edge.screen,
    title: PRODUCT_NAME,
    preloadPath: options.preloadPath,
    iconPath,
    bounds: preferences.get().windowBounds,
    onBoundsChanged: (bounds) => void preferences.setWindowBounds(bounds),
    hideOnClose: () => !quitting,
  })
  const focus = () => focusWindow(window)

  const tray = createUnreadTray({
    Tray: edge.Tray,
    Menu: edge.Menu,
    nativeImage: edge.nativeImage,
    app,
    iconPath: join(options.resourcesDir, 'tray.png'),
    productName: PRODUCT_NAME,
    onOpen: focus,
    onQuit: () => app.quit(),
    logger,
  })
  const notifier = createNotifier({
    Notification: edge.Notification,
    getWindow: () => (window.isDestroyed() ? null : window),
    logger,
  })

  // Handlers exist before the page loads: the renderer asks for preferences as it starts.
  const handle = createHandle({ ipcMain: edge.ipcMain, isTrusted, logger })
  const channels = registerIpcHandlers(handle, {
    ...notificationsIpc({
      notifier,
      context: () => ({ volume: preferences.get().volume, icon: iconPath }),
    }),
    ...trayIpc(tray),
    ...preferencesIpc({
      preferences,
      clearVault: () => vault.clear(),
      reloadRenderer: () => window.webContents.reload(),
    }),
    ...vaultIpc(vault),
    ...shellIpc(shell),
    ...appIpc(focus),
  })

  window.loadURL(rendererEntryUrl(devServerUrl)).catch((error: unknown) => {
    logger.error('the renderer failed to load', error)
  })
  void createUpdater({ isPackaged: app.isPackaged, logger }).start()

  return { window, tray, channels, focus }
}
