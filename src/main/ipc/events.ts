import type { IpcEvent, IpcEventMap } from '@shared/ipc/contract'
import type { BrowserWindowEdge } from '../electron-edge'

/** Main → renderer, typed by IpcEventMap; a destroyed window is skipped. */
export function sendToRenderer<E extends IpcEvent>(
  window: BrowserWindowEdge,
  event: E,
  payload: IpcEventMap[E],
): void {
  if (window.isDestroyed() || window.webContents.isDestroyed()) return
  window.webContents.send(event, payload)
}
