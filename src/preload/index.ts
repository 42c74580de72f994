/**
 * The bridge: one named verb per IPC message, closed with `satisfies DesktopApi` so the shape
 * cannot drift from the contract. `ipcRenderer` itself never reaches the page. Sandboxed, so this
 * is bundled into one CommonJS file that imports only `electron` (and types).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type {
  DesktopApi,
  IpcChannel,
  IpcErrorCode,
  IpcEvent,
  IpcEventMap,
  IpcInput,
  IpcOutput,
} from '@shared/ipc/contract'

// A record, so a code added to the contract and missing here is a type error.
const ERROR_CODES = Object.keys({
  ERR_IPC_INVALID_INPUT: true,
  ERR_IPC_UNTRUSTED_SENDER: true,
  ERR_INSECURE_SERVER_URL: true,
} satisfies Record<IpcErrorCode, true>) as IpcErrorCode[]

/**
 * Electron flattens a rejected invoke to "Error invoking remote method 'x': NAME: detail";
 * bring the code back as the error's name so the renderer can branch on it.
 */
function restoreError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error)
  const restored = new Error(message)
  const code = ERROR_CODES.find((candidate) => message.includes(`${candidate}:`))
  if (code) restored.name = code
  return restored
}

async function invoke<C extends IpcChannel>(channel: C, input: IpcInput<C>): Promise<IpcOutput<C>> {
  try {
    // Main answers with the channel's output type (IpcInvokeMap), checked there.
    return (await ipcRenderer.invoke(channel, input)) as IpcOutput<C>
  } catch (error) {
    throw restoreError(error)
  }
}

/** Subscribes to a main → renderer event; returns the unsubscribe. The event object stays here. */
function listen<E extends IpcEvent>(event: E, listener: (payload: IpcEventMap[E]) => void) {
  const forward = (_event: IpcRendererEvent, payload: unknown) =>
    listener(payload as IpcEventMap[E])
  ipcRenderer.on(event, forward)
  return () => {
    ipcRenderer.removeListener(event, forward)
  }
}

const desktop = {
  platform: 'desktop',
  showNotification: (input) => invoke('notifications:show', input),
  setUnreadCount: (count) => invoke('tray:set-unread', { count }),
  getPreferences: () => invoke('preferences:get', {}),
  setVolume: (volume) => invoke('preferences:set-volume', { volume }),
  setServerUrl: (url) => invoke('preferences:set-server-url', { url }),
  saveRefreshToken: (token) => invoke('vault:save-refresh-token', { token }),
  readRefreshToken: () => invoke('vault:read-refresh-token', {}),
  clearVault: () => invoke('vault:clear', {}),
  openExternal: (url) => invoke('shell:open-external', { url }),
  focus: () => invoke('app:focus', {}),
  onNotificationClicked: (listener) => listen('notification:clicked', listener),
  onNavigate: (listener) => listen('navigate', listener),
} satisfies DesktopApi

contextBridge.exposeInMainWorld('desktop', desktop)
