/**
 * The slice of Electron's main-process API that Atende uses, declared as small interfaces.
 *
 * Every module under src/main takes these by injection; only `index.ts` hands in the real
 * `electron` objects. That keeps the main process testable under plain Node with fakes
 * (ARCHITECTURE.md §7) and makes the surface we depend on explicit. Members are declared the way
 * Electron declares them (one overload per event), so the real objects satisfy these interfaces.
 */

export interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

/** An Electron event we may cancel (will-navigate, close, before-quit…). */
export interface PreventableEventEdge {
  preventDefault(): void
}

export interface NavigationEventEdge extends PreventableEventEdge {
  /** The URL being navigated to. */
  url: string
}

export interface WindowOpenDetailsEdge {
  url: string
}

export interface WebFrameMainEdge {
  /** The frame's current URL: what the sender check of every IPC handler looks at. */
  readonly url: string
}

export interface WebContentsEdge {
  send(channel: string, ...args: unknown[]): void
  getURL(): string
  reload(): void
  isDestroyed(): boolean
  setWindowOpenHandler(handler: (details: WindowOpenDetailsEdge) => { action: 'deny' }): void
  on(event: 'will-navigate', listener: (event: NavigationEventEdge) => void): this
  on(event: 'will-redirect', listener: (event: NavigationEventEdge) => void): this
  on(event: 'will-attach-webview', listener: (event: PreventableEventEdge) => void): this
}

export interface WebPreferencesEdge {
  preload: string
  contextIsolation: boolean
  sandbox: boolean
  nodeIntegration: boolean
  nodeIntegrationInWorker: boolean
  webSecurity: boolean
  allowRunningInsecureContent: boolean
  webviewTag: boolean
  spellcheck: boolean
}

export interface BrowserWindowOptionsEdge {
  title: string
  width: number
  height: number
  x?: number
  y?: number
  minWidth: number
  minHeight: number
  show: boolean
  icon?: string
  backgroundColor: string
  autoHideMenuBar: boolean
  webPreferences: WebPreferencesEdge
}

export interface BrowserWindowEdge {
  readonly webContents: WebContentsEdge
  loadURL(url: string): Promise<void>
  show(): void
  hide(): void
  focus(): void
  restore(): void
  maximize(): void
  isMinimized(): boolean
  isMaximized(): boolean
  isVisible(): boolean
  isDestroyed(): boolean
  getNormalBounds(): Rectangle
  on(event: 'close', listener: (event: PreventableEventEdge) => void): this
  on(event: 'closed', listener: () => void): this
  once(event: 'ready-to-show', listener: () => void): this
}

export type BrowserWindowConstructorEdge = new (
  options: BrowserWindowOptionsEdge,
) => BrowserWindowEdge

export interface AppEdge {
  readonly isPackaged: boolean
  getPath(name: 'userData'): string
  getLocale(): string
  /** Returns false where the platform has no badge (Windows, most Linux desktops). */
  setBadgeCount(count?: number): boolean
  setAppUserModelId(id: string): void
  requestSingleInstanceLock(): boolean
  whenReady(): Promise<void>
  quit(): void
  on(event: 'second-instance', listener: () => void): this
  on(event: 'activate', listener: () => void): this
  on(event: 'window-all-closed', listener: () => void): this
  on(event: 'before-quit', listener: () => void): this
  on(
    event: 'web-contents-created',
    listener: (event: unknown, contents: WebContentsEdge) => void,
  ): this
}

export interface SafeStorageEdge {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only: which secret store backs the key; `basic_text` means a hard-coded password. */
  getSelectedStorageBackend(): string
}

export interface NativeImageEdge {
  isEmpty(): boolean
}

export interface NativeImageStaticEdge {
  createFromPath(path: string): NativeImageEdge
}

export interface MenuItemOptionsEdge {
  label?: string
  type?: 'normal' | 'separator'
  enabled?: boolean
  click?: () => void
}

export type MenuEdge = object

export interface MenuStaticEdge {
  buildFromTemplate(template: MenuItemOptionsEdge[]): MenuEdge
}

export interface TrayEdge {
  setToolTip(toolTip: string): void
  /** macOS only: text beside the icon in the menu bar. */
  setTitle(title: string): void
  setContextMenu(menu: MenuEdge | null): void
  destroy(): void
  on(event: 'click', listener: () => void): this
}

export type TrayConstructorEdge = new (image: NativeImageEdge) => TrayEdge

export interface NotificationOptionsEdge {
  title: string
  body: string
  silent: boolean
  icon?: string
  /** Windows and Linux: 'never' keeps the toast until it is dismissed. */
  timeoutType: 'default' | 'never'
  /** Linux only. */
  urgency: 'low' | 'normal' | 'critical'
}

export interface NotificationEdge {
  show(): void
  close(): void
  on(event: 'click', listener: () => void): this
  on(event: 'close', listener: () => void): this
}

export interface NotificationConstructorEdge {
  new (options: NotificationOptionsEdge): NotificationEdge
  isSupported(): boolean
}

export interface IpcMainInvokeEventEdge {
  /** Null when the frame navigated away or was destroyed before the message arrived. */
  readonly senderFrame: WebFrameMainEdge | null
}

export interface IpcMainEdge {
  handle(
    channel: string,
    listener: (event: IpcMainInvokeEventEdge, ...args: unknown[]) => unknown,
  ): void
  removeHandler(channel: string): void
}

export interface ShellEdge {
  openExternal(url: string): Promise<void>
}

export interface CustomSchemeEdge {
  scheme: string
  privileges: {
    standard: boolean
    secure: boolean
    supportFetchAPI: boolean
    stream: boolean
    codeCache: boolean
  }
}

export interface ProtocolEdge {
  /** Only before `app` is ready. */
  registerSchemesAsPrivileged(schemes: CustomSchemeEdge[]): void
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void
}

export interface HeadersReceivedDetailsEdge {
  url: string
  resourceType: string
  responseHeaders?: Record<string, string[]>
}

export interface HeadersReceivedResponseEdge {
  responseHeaders?: Record<string, string[]>
}

export interface PermissionRequestDetailsEdge {
  requestingUrl?: string
  /** Present for the 'media' permission. */
  mediaTypes?: ('video' | 'audio')[]
}

export interface SessionEdge {
  webRequest: {
    onHeadersReceived(
      listener: (
        details: HeadersReceivedDetailsEdge,
        callback: (response: HeadersReceivedResponseEdge) => void,
      ) => void,
    ): void
  }
  setPermissionRequestHandler(
    handler: (
      webContents: WebContentsEdge,
      permission: string,
      callback: (granted: boolean) => void,
      details: PermissionRequestDetailsEdge,
    ) => void,
  ): void
  setPermissionCheckHandler(
    handler: (
      webContents: WebContentsEdge | null,
      permission: string,
      requestingOrigin: string,
    ) => boolean,
  ): void
}

export interface DisplayEdge {
  workArea: Rectangle
}

export interface ScreenEdge {
  getAllDisplays(): DisplayEdge[]
}

/** Everything `startDesktop` needs from Electron; index.ts fills it with the real module. */
export interface ElectronEdge {
  app: AppEdge
  BrowserWindow: BrowserWindowConstructorEdge
  ipcMain: IpcMainEdge
  Menu: MenuStaticEdge
  nativeImage: NativeImageStaticEdge
  Notification: NotificationConstructorEdge
  protocol: ProtocolEdge
  safeStorage: SafeStorageEdge
  screen: ScreenEdge
  session: { defaultSession: SessionEdge }
  shell: ShellEdge
  Tray: TrayConstructorEdge
}
