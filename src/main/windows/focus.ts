import type { BrowserWindowEdge } from '../electron-edge'

/** Brings the window to the front, whether it was minimised, hidden in the tray or behind. */
export function focusWindow(window: BrowserWindowEdge): void {
  if (window.isDestroyed()) return
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
}
