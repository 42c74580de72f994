import type { Vault } from '../secure-store/vault'
import type { IpcHandlers } from './register'

type VaultChannels = 'vault:save-refresh-token' | 'vault:read-refresh-token' | 'vault:clear'

export const vaultIpc = (vault: Vault): Pick<IpcHandlers, VaultChannels> => ({
  'vault:save-refresh-token': ({ token }) => vault.save(token),
  'vault:read-refresh-token': () => vault.read(),
  'vault:clear': () => vault.clear(),
})
