import type {
  BrowserWindowEdge,
  NotificationConstructorEdge,
  NotificationEdge,
} from '../electron-edge'
import { sendToRenderer } from '../ipc/events'
import type { Logger } from '../logger'
import { focusWindow } from '../windows/focus'
import type { BuiltNotification } from './builders'

export interface Notifier {
  /** False when the OS has no notification support (the renderer's bell still works). */
  show(notification: BuiltNotification): boolean
}

export interface NotifierDeps {
  Notification: NotificationConstructorEdge
  getWindow: () => BrowserWindowEdge | null
  logger: Logger
}

export function createNotifier({ Notification, getWindow, logger }: NotifierDeps): Notifier {
  // A notification object that is garbage-collected loses its click handler (Windows toasts
  // outlive it), so each one is held until it is clicked or closed.
  const live = new Set<NotificationEdge>()

  return {
    show({ route, options }) {
      if (!Notification.isSupported()) {
        logger.info('native notifications are not supported on this system')
        return false
      }
      const notification = new Notification(options)
      live.add(notification)
      notification.on('click', () => {
        live.delete(notification)
        const window = getWindow()
        if (!window) return
        focusWindow(window)
        sendToRenderer(window, 'notification:clicked', { route })
      })
      notification.on('close', () => live.delete(notification))
      notification.show()
      return true
    },
  }
}
