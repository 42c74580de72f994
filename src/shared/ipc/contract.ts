/**
 * The desktop bridge: the one contract between the renderer and Electron's main process.
 * The preload implements `DesktopApi` (`satisfies`), main validates every invoke against
 * `ipcInputSchemas`, and the renderer falls back to a web implementation when it runs in a
 * browser. Nothing here imports Electron or the DOM.
 */
import { Type, type Static } from '@sinclair/typebox'

/**
 * What a native notification is about; main builds each kind its own way (notifications/).
 * `message` and `transfer` open a ticket (`/tickets` or `/tickets/{uuid}`), `chat` an internal
 * chat (`/chats` or `/chats/{uuid}`). Defaults to `message`.
 */
export const NotificationKind = Type.Union([
  Type.Literal('message'),
  Type.Literal('transfer'),
  Type.Literal('chat'),
])
export type NotificationKind = Static<typeof NotificationKind>

export const NotificationInput = Type.Object({
  kind: Type.Optional(NotificationKind),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  body: Type.String({ maxLength: 1000 }),
  /** Route opened when the notification is clicked, e.g. `/tickets/{uuid}`. */
  route: Type.String({ pattern: '^/[A-Za-z0-9/_-]*$', maxLength: 200 }),
  silent: Type.Optional(Type.Boolean()),
})
export type NotificationInput = Static<typeof NotificationInput>

export const VolumeInput = Type.Object({ volume: Type.Number({ minimum: 0, maximum: 1 }) })
export const UnreadCountInput = Type.Object({
  count: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
})
export const RefreshTokenInput = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 200 }),
})
export const ServerUrlInput = Type.Object({
  url: Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 300 }),
})
export const ExternalUrlInput = Type.Object({
  url: Type.String({ pattern: '^(https?:|mailto:)[^\\s]+$', maxLength: 2000 }),
})
export const Empty = Type.Object({})

export interface DesktopPreferences {
  volume: number
  serverUrl: string | null
}

/** Invoke channels: renderer → main, one schema-checked argument, a promised answer. */
export const ipcInputSchemas = {
  'notifications:show': NotificationInput,
  'tray:set-unread': UnreadCountInput,
  'preferences:get': Empty,
  'preferences:set-volume': VolumeInput,
  'preferences:set-server-url': ServerUrlInput,
  'vault:save-refresh-token': RefreshTokenInput,
  'vault:read-refresh-token': Empty,
  'vault:clear': Empty,
  'shell:open-external': ExternalUrlInput,
  'app:focus': Empty,
} as const

export interface IpcInvokeMap {
  'notifications:show': (input: NotificationInput) => void
  'tray:set-unread': (input: Static<typeof UnreadCountInput>) => void
  'preferences:get': (input: Record<string, never>) => DesktopPreferences
  'preferences:set-volume': (input: Static<typeof VolumeInput>) => void
  'preferences:set-server-url': (input: Static<typeof ServerUrlInput>) => void
  /** Resolves false when the OS offers no real encryption: the token is then not kept. */
  'vault:save-refresh-token': (input: Static<typeof RefreshTokenInput>) => boolean
  'vault:read-refresh-token': (input: Record<string, never>) => string | null
  'vault:clear': (input: Record<string, never>) => void
  'shell:open-external': (input: Static<typeof ExternalUrlInput>) => void
  'app:focus': (input: Record<string, never>) => void
}
export type IpcChannel = keyof IpcInvokeMap
export type IpcInput<C extends IpcChannel> = Parameters<IpcInvokeMap[C]>[0]
export type IpcOutput<C extends IpcChannel> = ReturnType<IpcInvokeMap[C]>

/** Events main → renderer. */
export interface IpcEventMap {
  'notification:clicked': { route: string }
  navigate: { route: string }
}
export type IpcEvent = keyof IpcEventMap

/**
 * Codes main rejects an invoke with (as the Error's name). Electron flattens a rejection to
 * "Error invoking remote method '…': <name>: <message>"; the preload restores the name.
 * `ERR_INSECURE_SERVER_URL`: an http server address outside this computer (server-url.ts).
 */
export type IpcErrorCode =
  'ERR_IPC_INVALID_INPUT' | 'ERR_IPC_UNTRUSTED_SENDER' | 'ERR_INSECURE_SERVER_URL'

/** What `window.desktop` offers; every `on…` returns its unsubscribe. */
export interface DesktopApi {
  readonly platform: 'desktop'
  showNotification(input: NotificationInput): Promise<void>
  setUnreadCount(count: number): Promise<void>
  getPreferences(): Promise<DesktopPreferences>
  setVolume(volume: number): Promise<void>
  setServerUrl(url: string): Promise<void>
  saveRefreshToken(token: string): Promise<boolean>
  readRefreshToken(): Promise<string | null>
  clearVault(): Promise<void>
  openExternal(url: string): Promise<void>
  focus(): Promise<void>
  onNotificationClicked(listener: (event: IpcEventMap['notification:clicked']) => void): () => void
  onNavigate(listener: (event: IpcEventMap['navigate']) => void): () => void
}
