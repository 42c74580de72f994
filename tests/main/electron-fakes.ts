/**
 * In-memory stand-ins for the Electron edge (electron-edge.ts), for unit and smoke tests.
 * Each `createFakeEdge()` call returns fresh classes, so recorded instances never leak between
 * tests. They keep state the way Electron does (a hidden window is not visible…) and record
 * every call a test may assert on.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type {
  AppEdge,
  BrowserWindowEdge,
  BrowserWindowOptionsEdge,
  DisplayEdge,
  ElectronEdge,
  HeadersReceivedDetailsEdge,
  HeadersReceivedResponseEdge,
  IpcMainEdge,
  IpcMainInvokeEventEdge,
  MenuItemOptionsEdge,
  NativeImageEdge,
  NavigationEventEdge,
  NotificationEdge,
  NotificationOptionsEdge,
  PermissionRequestDetailsEdge,
  ProtocolEdge,
  CustomSchemeEdge,
  Rectangle,
  SafeStorageEdge,
  SessionEdge,
  ShellEdge,
  TrayEdge,
  WebContentsEdge,
  WindowOpenDetailsEdge,
} from '@main/electron-edge'

type Listener = (...args: never[]) => void

/** A tiny emitter: `on` keeps listeners, `emit` calls them with the given arguments. */
class Emitter {
  private readonly listeners = new Map<string, Listener[]>()
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener)
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      ;(listener as (...values: unknown[]) => void)(...args)
    }
  }
  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0
  }
}

export const navigationEvent = (url: string) => {
  const event = { url, defaultPrevented: false } as NavigationEventEdge & {
    defaultPrevented: boolean
  }
  event.preventDefault = () => {
    event.defaultPrevented = true
  }
  return event
}

/** Window options for tests that need a window but not the factory's choices. */
export const fakeWindowOptions = (): BrowserWindowOptionsEdge => ({
  title: 'Atende',
  width: 800,
  height: 600,
  minWidth: 400,
  minHeight: 400,
  show: false,
  backgroundColor: '#ffffff',
  autoHideMenuBar: true,
  webPreferences: {
    preload: '/out/preload/index.cjs',
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: true,
  },
})

export class FakeWebContents extends Emitter implements WebContentsEdge {
  readonly sent: { channel: string; args: unknown[] }[] = []
  url = ''
  reloads = 0
  destroyed = false
  windowOpenHandler: ((details: WindowOpenDetailsEdge) => { action: 'deny' }) | null = null
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args })
  }
  getURL() {
    return this.url
  }
  reload() {
    this.reloads += 1
  }
  isDestroyed() {
    return this.destroyed
  }
  setWindowOpenHandler(handler: (details: WindowOpenDetailsEdge) => { action: 'deny' }) {
    this.windowOpenHandler = handler
  }
}

export class FakeApp extends Emitter implements AppEdge {
  isPackaged = false
  locale = 'en-US'
  badge: number | undefined
  appUserModelId: string | undefined
  quitCalls = 0
  constructor(readonly userData: string) {
    super()
  }
  getPath(_name: 'userData') {
    return this.userData
  }
  getLocale() {
    return this.locale
  }
  setBadgeCount(count?: number) {
    this.badge = count
    return true
  }
  setAppUserModelId(id: string) {
    this.appUserModelId = id
  }
  requestSingleInstanceLock() {
    return true
  }
  whenReady() {
    return Promise.resolve()
  }
  quit() {
    this.quitCalls += 1
    this.emit('before-quit')
  }
}

/**
 * Really encrypts (AES-256-GCM with a key per instance), so a test can check that what reaches
 * the disk is not the token.
 */
export class FakeSafeStorage implements SafeStorageEdge {
  available = true
  backend = 'gnome_libsecret'
  private readonly key = randomBytes(32)
  isEncryptionAvailable() {
    return this.available
  }
  getSelectedStorageBackend() {
    return this.backend
  }
  encryptString(plainText: string) {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), body])
  }
  decryptString(encrypted: Buffer) {
    const decipher = createDecipheriv('aes-256-gcm', this.key, encrypted.subarray(0, 12))
    decipher.setAuthTag(encrypted.subarray(12, 28))
    return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString(
      'utf8',
    )
  }
}

export interface FakeMenu {
  items: MenuItemOptionsEdge[]
}

export class FakeIpcMain implements IpcMainEdge {
  readonly handlers = new Map<
    string,
    (event: IpcMainInvokeEventEdge, ...args: unknown[]) => unknown
  >()
  handle(
    channel: string,
    listener: (event: IpcMainInvokeEventEdge, ...args: unknown[]) => unknown,
  ) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`)
    this.handlers.set(channel, listener)
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel)
  }
  /** What `ipcRenderer.invoke` would do, from a frame at `senderUrl` (null: no frame). */
  invoke(channel: string, senderUrl: string | null, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`))
    const event = { senderFrame: senderUrl === null ? null : { url: senderUrl } }
    return Promise.resolve().then(() => handler(event, ...args))
  }
}

export class FakeShell implements ShellEdge {
  readonly opened: string[] = []
  openExternal(url: string) {
    this.opened.push(url)
    return Promise.resolve()
  }
}

export class FakeProtocol implements ProtocolEdge {
  readonly privileged: CustomSchemeEdge[] = []
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>()
  registerSchemesAsPrivileged(schemes: CustomSchemeEdge[]) {
    this.privileged.push(...schemes)
  }
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>) {
    this.handlers.set(scheme, handler)
  }
}

type HeadersListener = (
  details: HeadersReceivedDetailsEdge,
  callback: (response: HeadersReceivedResponseEdge) => void,
) => void
type PermissionRequestHandler = (
  webContents: WebContentsEdge,
  permission: string,
  callback: (granted: boolean) => void,
  details: PermissionRequestDetailsEdge,
) => void
type PermissionCheckHandler = (
  webContents: WebContentsEdge | null,
  permission: string,
  requestingOrigin: string,
) => boolean

export class FakeSession implements SessionEdge {
  headersListener: HeadersListener | null = null
  permissionRequestHandler: PermissionRequestHandler | null = null
  permissionCheckHandler: PermissionCheckHandler | null = null
  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener) => {
      this.headersListener = listener
    },
  }
  setPermissionRequestHandler(handler: PermissionRequestHandler) {
    this.permissionRequestHandler = handler
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler) {
    this.permissionCheckHandler = handler
  }
  /** Runs the onHeadersReceived listener and returns what it answered. */
  headersFor(details: HeadersReceivedDetailsEdge): HeadersReceivedResponseEdge | undefined {
    let answer: HeadersReceivedResponseEdge | undefined
    this.headersListener?.(details, (response) => {
      answer = response
    })
    return answer
  }
  /** Runs the permission request handler and returns whether it granted. */
  request(
    permission: string,
    details: PermissionRequestDetailsEdge,
    contents = new FakeWebContents(),
  ): boolean | undefined {
    let granted: boolean | undefined
    this.permissionRequestHandler?.(contents, permission, (value) => (granted = value), details)
    return granted
  }
}

export function createFakeEdge(options: { userData: string; displays?: DisplayEdge[] }) {
  const app = new FakeApp(options.userData)
  const trays: FakeTray[] = []
  const windows: FakeBrowserWindow[] = []
  const notifications: FakeNotification[] = []
  const notificationSupport = { supported: true }

  class FakeBrowserWindow extends Emitter implements BrowserWindowEdge {
    readonly webContents = new FakeWebContents()
    readonly loaded: string[] = []
    minimized = false
    maximized = false
    visible = false
    focused = false
    destroyed = false
    bounds: Rectangle
    constructor(readonly options: BrowserWindowOptionsEdge) {
      super()
      this.bounds = {
        x: options.x ?? 0,
        y: options.y ?? 0,
        width: options.width,
        height: options.height,
      }
      windows.push(this)
      app.emit('web-contents-created', {}, this.webContents)
    }
    loadURL(url: string) {
      this.loaded.push(url)
      this.webContents.url = url
      return Promise.resolve()
    }
    show() {
      this.visible = true
    }
    hide() {
      this.visible = false
      this.focused = false
    }
    focus() {
      this.focused = true
    }
    restore() {
      this.minimized = false
    }
    minimize() {
      this.minimized = true
      this.focused = false
    }
    maximize() {
      this.maximized = true
    }
    isMinimized() {
      return this.minimized
    }
    isMaximized() {
      return this.maximized
    }
    isVisible() {
      return this.visible
    }
    isDestroyed() {
      return this.destroyed
    }
    getNormalBounds() {
      return { ...this.bounds }
    }
    /** What the user's close button does: 'close', and unless prevented, 'closed'. */
    close() {
      let prevented = false
      this.emit('close', { preventDefault: () => (prevented = true) })
      if (prevented) return
      this.destroyed = true
      this.emit('closed')
    }
  }

  class FakeTray extends Emitter implements TrayEdge {
    toolTip = ''
    title = ''
    menu: FakeMenu | null = null
    destroyed = false
    constructor(readonly image: NativeImageEdge) {
      super()
      trays.push(this)
    }
    setToolTip(toolTip: string) {
      this.toolTip = toolTip
    }
    setTitle(title: string) {
      this.title = title
    }
    setContextMenu(menu: object | null) {
      this.menu = menu as FakeMenu | null
    }
    destroy() {
      this.destroyed = true
    }
  }

  class FakeNotification extends Emitter implements NotificationEdge {
    shown = false
    closed = false
    static isSupported() {
      return notificationSupport.supported
    }
    constructor(readonly options: NotificationOptionsEdge) {
      super()
      notifications.push(this)
    }
    show() {
      this.shown = true
    }
    close() {
      this.closed = true
      this.emit('close')
    }
    click() {
      this.emit('click')
    }
  }

  const session = new FakeSession()
  const ipcMain = new FakeIpcMain()
  const shell = new FakeShell()
  const protocol = new FakeProtocol()
  const safeStorage = new FakeSafeStorage()
  const displays = options.displays ?? [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }]

  const edge = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    Menu: { buildFromTemplate: (items: MenuItemOptionsEdge[]): FakeMenu => ({ items }) },
    nativeImage: {
      createFromPath: (path: string) => ({ path, isEmpty: () => false }),
    },
    Notification: FakeNotification,
    protocol,
    safeStorage,
    screen: { getAllDisplays: () => displays },
    session: { defaultSession: session },
    shell,
    Tray: FakeTray,
  } satisfies ElectronEdge

  return {
    edge,
    app,
    ipcMain,
    shell,
    protocol,
    session,
    safeStorage,
    windows,
    trays,
    notifications,
    notificationSupport,
    FakeBrowserWindow,
    FakeTray,
    FakeNotification,
  }
}

export type FakeEdge = ReturnType<typeof createFakeEdge>
export type FakeBrowserWindow = InstanceType<FakeEdge['FakeBrowserWindow']>
export type FakeTray = InstanceType<FakeEdge['FakeTray']>
export type FakeNotification = InstanceType<FakeEdge['FakeNotification']>
