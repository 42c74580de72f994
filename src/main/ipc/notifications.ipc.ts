import type { BuildContext } from '../notifications/builders'
import { buildNotification } from '../notifications/builders'
import type { Notifier } from '../notifications/notifier'
import { IpcError, type IpcHandlers } from './register'

export interface NotificationsIpcDeps {
  notifier: Notifier
  context: () => BuildContext
}

export const notificationsIpc = ({
  notifier,
  context,
}: NotificationsIpcDeps): Pick<IpcHandlers, 'notifications:show'> => ({
  'notifications:show': (input) => {
    const notification = buildNotification(input, context())
    if (notification === null) {
      throw new IpcError('ERR_IPC_INVALID_INPUT', `route does not fit a ${input.kind ?? 'message'}`)
    }
    notifier.show(notification)
  },
})
