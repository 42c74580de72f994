import type { UnreadTray } from '../tray/unread-tray'
import type { IpcHandlers } from './register'

export const trayIpc = (tray: UnreadTray): Pick<IpcHandlers, 'tray:set-unread'> => ({
  'tray:set-unread': ({ count }) => tray.setUnread(count),
})
