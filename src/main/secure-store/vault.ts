import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { SafeStorageEdge } from '../electron-edge'
import type { Logger } from '../logger'

/**
 * The refresh-token vault. The token is written only as `safeStorage` ciphertext; when the OS
 * offers no real encryption the vault refuses to keep it, and the user signs in again next time.
 * Modelled on mattermost/desktop src/main/secureStorage.ts, except that where it falls back to
 * plain text we refuse.
 */
export interface Vault {
  /** False when the token was not kept (no real encryption); any stored token is then removed. */
  save(token: string): Promise<boolean>
  read(): Promise<string | null>
  clear(): Promise<void>
}

export interface VaultDeps {
  safeStorage: SafeStorageEdge
  platform: NodeJS.Platform
  /** Usually `userData/refresh-token.bin`. */
  file: string
  logger: Logger
}

/**
 * Real encryption only: on Linux without a secret store Electron "encrypts" with a hard-coded
 * password and reports the `basic_text` backend (`unknown` before ready): we treat that as none.
 */
export function canEncrypt(safeStorage: SafeStorageEdge, platform: NodeJS.Platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false
  if (platform !== 'linux') return true
  const backend = safeStorage.getSelectedStorageBackend()
  return backend !== 'basic_text' && backend !== 'unknown'
}

export function createVault({ safeStorage, platform, file, logger }: VaultDeps): Vault {
  // undefined: not read yet; null: known to be empty.
  let cache: string | null | undefined

  const remove = async () => {
    cache = null
    await rm(file, { force: true })
  }

  return {
    async save(token) {
      if (!canEncrypt(safeStorage, platform)) {
        logger.warn('no OS encryption available: the refresh token is not kept')
        await remove()
        return false
      }
      const ciphertext = safeStorage.encryptString(token)
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, ciphertext, { mode: 0o600 })
      cache = token
      return true
    },

    async read() {
      if (cache !== undefined) return cache
      if (!canEncrypt(safeStorage, platform)) {
        await remove()
        return null
      }
      let ciphertext: Buffer
      try {
        ciphertext = await readFile(file)
      } catch {
        cache = null
        return null
      }
      try {
        cache = safeStorage.decryptString(ciphertext)
        return cache
      } catch (error) {
        // Another user's or another machine's key (a copied profile): unusable, drop it.
        logger.warn('stored refresh token could not be decrypted; removing it', error)
        await remove()
        return null
      }
    },

    clear: remove,
  }
}
