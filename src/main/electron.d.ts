/**
 * Ambient stand-in for the `electron` module's types.
 *
 * Electron ships its type declarations inside the `electron` npm package, together with the
 * binary; that optional dependency cannot be installed on machines without access to Electron's
 * download servers, and then nothing would type-check. This file declares only what
 * `src/main/index.ts` and `src/preload/index.ts` import, typed with our edge interfaces, which
 * the real objects satisfy. Delete it once the `electron` package installs everywhere (its own
 * `declare module 'electron'` would then merge with this one).
 */
declare module 'electron' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an ambient module cannot `import` a relative path; an import type can
  type Edge = import('./electron-edge').ElectronEdge

  export const app: Edge['app']
  export const BrowserWindow: Edge['BrowserWindow']
  export const ipcMain: Edge['ipcMain']
  export const Menu: Edge['Menu']
  export const nativeImage: Edge['nativeImage']
  export const Notification: Edge['Notification']
  export const protocol: Edge['protocol']
  export const safeStorage: Edge['safeStorage']
  export const screen: Edge['screen']
  export const session: Edge['session']
  export const shell: Edge['shell']
  export const Tray: Edge['Tray']

  /** Renderer-side (preload) API. */
  export interface IpcRendererEvent {
    readonly senderId: number
  }
  export const ipcRenderer: {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>
    on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): unknown
    removeListener(
      channel: string,
      listener: (event: IpcRendererEvent, ...args: unknown[]) => void,
    ): unknown
  }
  export const contextBridge: {
    exposeInMainWorld(apiKey: string, api: unknown): void
  }
}

/** Electron adds this to Node's `process` in the main process: where extraResources land. */
declare namespace NodeJS {
  interface Process {
    readonly resourcesPath: string
  }
}
