import type {
  AppEdge,
  MenuStaticEdge,
  NativeImageStaticEdge,
  TrayConstructorEdge,
  TrayEdge,
} from '../electron-edge'
import type { Logger } from '../logger'
import { trayLabels } from './tray-labels'

export interface UnreadTray {
  readonly unread: number
  setUnread(count: number): void
  destroy(): void
}

export interface UnreadTrayDeps {
  Tray: TrayConstructorEdge
  Menu: MenuStaticEdge
  nativeImage: NativeImageStaticEdge
  app: AppEdge
  /** resources/tray.png; tray@2x.png beside it is picked up on HiDPI screens. */
  iconPath: string
  productName: string
  onOpen: () => void
  onQuit: () => void
  logger: Logger
}

/** Tray icon with the unread count in its tooltip, title (macOS) and menu, plus the app badge. */
export function createUnreadTray(deps: UnreadTrayDeps): UnreadTray {
  const { Tray, Menu, nativeImage, app, productName, logger } = deps
  const labels = trayLabels(app.getLocale())
  const image = nativeImage.createFromPath(deps.iconPath)
  if (image.isEmpty()) logger.warn('tray icon not found', deps.iconPath)
  const tray: TrayEdge = new Tray(image)
  tray.on('click', deps.onOpen)
  let unread = 0

  const render = () => {
    tray.setToolTip(unread > 0 ? `${productName} (${labels.unread(unread)})` : productName)
    tray.setTitle(unread > 0 ? String(unread) : '')
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: labels.open, click: deps.onOpen },
        { label: labels.unread(unread), enabled: false },
        { type: 'separator' },
        { label: labels.quit, click: deps.onQuit },
      ]),
    )
    // macOS dock and Unity launchers; Windows and most Linux desktops answer false.
    app.setBadgeCount(unread)
  }
  render()

  return {
    get unread() {
      return unread
    },
    setUnread(count) {
      const next = Math.max(0, Math.trunc(count))
      if (next === unread) return
      unread = next
      render()
    },
    destroy: () => tray.destroy(),
  }
}
