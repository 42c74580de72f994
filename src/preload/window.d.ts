import type { DesktopApi } from '@shared/ipc/contract'

declare global {
  interface Window {
    /**
     * The desktop bridge exposed by src/preload/index.ts. Absent when the renderer runs in a
     * browser: src/renderer/src/lib/desktop.ts picks it or the web fallback.
     */
    readonly desktop?: DesktopApi
  }
}

export {}
