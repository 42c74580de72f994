import { checkServerUrl } from '@shared/ipc/server-url'
import type { PreferencesStore } from '../preferences/preferences'
import { changeServerUrl, type ServerUrlChangeDeps } from '../server-url/server-url'
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
    const checked = checkServerUrl(url)
    if (!checked.ok) {
      throw new IpcError(checked.error, 'server URL must be https, or http to this computer')
    }
    await changeServerUrl(checked.url, {
      current: () => preferences.get().serverUrl,
      save: (next) => preferences.setServerUrl(next),
      clearVault,
      reloadRenderer,
    })
  },
})
