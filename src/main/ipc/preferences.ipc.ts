import type { PreferencesStore } from '../preferences/preferences'
import {
  changeServerUrl,
  normalizeServerUrl,
  type ServerUrlChangeDeps,
} from '../server-url/server-url'
import { IpcError, type IpcHandlers } from './register'

export interface PreferencesIpcDeps {
  preferences: PreferencesStore
  clearVault: ServerUrlChangeDeps['clearVault']
  reloadRenderer: ServerUrlChangeDeps['reloadRenderer']
}

type PreferencesChannels =
  'preferences:get' | 'preferences:set-volume' | 'preferences:set-server-url'

export const preferencesIpc = ({
  preferences,
  clearVault,
  reloadRenderer,
}: PreferencesIpcDeps): Pick<IpcHandlers, PreferencesChannels> => ({
  'preferences:get': () => {
    const { volume, serverUrl } = preferences.get()
    return { volume, serverUrl }
  },
  'preferences:set-volume': ({ volume }) => preferences.setVolume(volume),
  'preferences:set-server-url': async ({ url }) => {
    const serverUrl = normalizeServerUrl(url)
    if (serverUrl === null) {
      throw new IpcError('ERR_IPC_INVALID_INPUT', 'server URL must be plain http(s)')
    }
    await changeServerUrl(serverUrl, {
      current: () => preferences.get().serverUrl,
      save: (next) => preferences.setServerUrl(next),
      clearVault,
      reloadRenderer,
    })
  },
})
