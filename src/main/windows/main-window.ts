import type {
  BrowserWindowConstructorEdge,
  BrowserWindowEdge,
  DisplayEdge,
  Rectangle,
  ScreenEdge,
  WebPreferencesEdge,
} from '../electron-edge'
import type { WindowBounds } from '../preferences/preferences'

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const
export const MIN_WINDOW_SIZE = { width: 480, height: 480 } as const

/**
 * The renderer is an untrusted web page with a typed bridge: isolated, sandboxed, no Node.
 * The preload is a single CommonJS file because a sandboxed preload cannot load ES modules.
 */
export const secureWebPreferences = (preload: string): WebPreferencesEdge => ({
  preload,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: true,
})

const intersects = (a: Rectangle, b: Rectangle) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * The remembered bounds, as long as they still show on a connected display (a monitor may have
 * been unplugged since); otherwise only the size is kept and the OS places the window.
 */
export function restorableBounds(
  saved: WindowBounds | null,
  displays: DisplayEdge[],
): { width: number; height: number; x?: number; y?: number } {
  if (!saved) return { ...DEFAULT_WINDOW_SIZE }
  const size = {
    width: Math.max(MIN_WINDOW_SIZE.width, saved.width),
    height: Math.max(MIN_WINDOW_SIZE.height, saved.height),
  }
  const visible = displays.some(({ workArea }) => intersects({ ...saved, ...size }, workArea))
  return visible ? { ...size, x: saved.x, y: saved.y } : size
}

export interface MainWindowDeps {
  BrowserWindow: BrowserWindowConstructorEdge
  screen: ScreenEdge
  title: string
  preloadPath: string
  iconPath?: string
  bounds: WindowBounds | null
  /** Called with the normal (unmaximised) bounds each time the window closes or hides. */
  onBoundsChanged: (bounds: WindowBounds) => void
  /** True while the app keeps running in the tray: closing then only hides the window. */
  hideOnClose: () => boolean
}

export function createMainWindow(deps: MainWindowDeps): BrowserWindowEdge {
  const window = new deps.BrowserWindow({
    title: deps.title,
    ...restorableBounds(deps.bounds, deps.screen.getAllDisplays()),
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    // Shown on ready-to-show, so the user never sees an empty frame.
    show: false,
    ...(deps.iconPath === undefined ? {} : { icon: deps.iconPath }),
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(deps.preloadPath),
  })
  if (deps.bounds?.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  window.on('close', (event) => {
    deps.onBoundsChanged({ ...window.getNormalBounds(), maximized: window.isMaximized() })
    // Attendants keep receiving notifications with the window closed; Quit is in the tray.
    if (deps.hideOnClose()) {
      event.preventDefault()
      window.hide()
    }
  })
  return window
}
