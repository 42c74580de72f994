import type { IpcHandlers } from './register'

export const appIpc = (focus: () => void): Pick<IpcHandlers, 'app:focus'> => ({
  'app:focus': () => focus(),
})
