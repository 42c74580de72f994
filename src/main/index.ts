/**
 * Electron entry: lifecycle only. Everything else is wired by `startDesktop` (app.ts), which
 * takes Electron by injection; this is the one main-process file that imports `electron`.
 */
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron'
import { startDesktop, type Desktop } from './app'
import type { ElectronEdge } from './electron-edge'
import { logger } from './logger'
import { registerAppScheme } from './server-url/app-protocol'

// Bundled to out/main/index.js; the preload and renderer are built beside it under out/.
const outDir = join(import.meta.dirname, '..')

// Privileged schemes can only be registered before `ready`.
registerAppScheme(protocol)

if (!app.requestSingleInstanceLock()) {
  // Another Atende is running: it receives 'second-instance' and comes to the front.
  app.quit()
} else {
  let desktop: Desktop | null = null
  app.on('second-instance', () => desktop?.focus())
  app.on('activate', () => desktop?.focus())
  app.on('window-all-closed', () => app.quit())

  app
    .whenReady()
    .then(async () => {
      // Built after `ready`: screen and session cannot be used before it.
      const edge: ElectronEdge = {
        app,
        BrowserWindow,
        ipcMain,
        Menu,
        nativeImage,
        Notification,
        protocol,
        safeStorage,
        screen,
        session,
        shell,
        Tray,
      }
      desktop = await startDesktop(edge, {
        platform: process.platform,
        preloadPath: join(outDir, 'preload', 'index.cjs'),
        rendererDir: join(outDir, 'renderer'),
        resourcesDir: app.isPackaged
          ? join(process.resourcesPath, 'resources')
          : join(import.meta.dirname, '..', '..', 'resources'),
        // Never in a packaged app: the dev URL becomes a trusted origin.
        devServerUrl: app.isPackaged ? null : (process.env['ELECTRON_RENDERER_URL'] ?? null),
      })
    })
    .catch((error: unknown) => {
      logger.error('the desktop app failed to start', error)
      app.quit()
    })
}
