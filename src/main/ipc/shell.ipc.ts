import type { ShellEdge } from '../electron-edge'
import { isExternalUrl } from '../security/trusted-origin'
import { IpcError, type IpcHandlers } from './register'

export const shellIpc = (shell: ShellEdge): Pick<IpcHandlers, 'shell:open-external'> => ({
  'shell:open-external': async ({ url }) => {
    // The schema already limits the scheme; parsing again catches what a pattern cannot.
    if (!isExternalUrl(url))
      throw new IpcError('ERR_IPC_INVALID_INPUT', 'not an http(s)/mailto URL')
    await shell.openExternal(url)
  },
})
