import {
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from 'baileys'
import type { Database } from '@server/db/client'
import { createSecretBox, type SecretBox } from '@server/lib/secret-box'
import { revive, toPlain } from './serialize'
import { whatsappRepository, type KeyChange } from './whatsapp.repository'

/**
 * Sealing key per company: a leaked row of one company cannot be opened with another's key
 * material, and no two companies share a ciphertext space.
 */
export const companySecretBox = (encryptionKey: string, companyId: number): SecretBox =>
  createSecretBox(`${encryptionKey}:whatsapp:${companyId}`)

export interface StoredAuthState {
  state: AuthenticationState
  /** Persists `state.creds` as it is now (Baileys mutates it in place before `creds.update`). */
  saveCreds(): Promise<void>
}

const seal = (box: SecretBox, value: unknown) => box.seal(JSON.stringify(toPlain(value) ?? null))
const open = (box: SecretBox, sealed: string): unknown => revive(JSON.parse(box.open(sealed)))

/**
 * Baileys' auth state in PostgreSQL (reference §6 "One owner per session"): one sealed row of
 * credentials per connection and one sealed row per signal key. A `keys.set` batch (Baileys
 * commits its own key transactions as one batch) is written in one database transaction.
 */
export async function loadAuthState(
  db: Database,
  box: SecretBox,
  companyId: number,
  connectionId: number,
): Promise<StoredAuthState> {
  const repo = whatsappRepository(db)
  const sealedCreds = await repo.readCreds(companyId, connectionId)
  const creds = sealedCreds ? (open(box, sealedCreds) as AuthenticationCreds) : initAuthCreds()

  return {
    state: {
      creds,
      keys: {
        async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
          const rows = await repo.readKeys(companyId, connectionId, type, ids)
          const found: { [id: string]: SignalDataTypeMap[T] } = {}
          for (const row of rows) {
            let value = open(box, row.valueSealed)
            if (type === 'app-state-sync-key' && value) {
              // Baileys reads these through protobuf accessors, as its own stores do.
              value = proto.Message.AppStateSyncKeyData.fromObject(value)
            }
            found[row.keyId] = value as SignalDataTypeMap[T]
          }
          return found
        },
        async set(data: SignalDataSet) {
          const changes: KeyChange[] = []
          for (const [type, entries] of Object.entries(data)) {
            for (const [keyId, value] of Object.entries(entries ?? {})) {
              changes.push({
                type,
                keyId,
                valueSealed: value === null || value === undefined ? null : seal(box, value),
              })
            }
          }
          if (changes.length === 0) return
          await db.transaction((tx) =>
            whatsappRepository(tx).applyKeyChanges(companyId, connectionId, changes),
          )
        },
      },
    },
    saveCreds: () => repo.writeCreds(companyId, connectionId, seal(box, creds)),
  }
}

/** Forgets a connection's pairing (logout, ban, new QR), credentials and keys together. */
export async function wipeAuthState(
  db: Database,
  companyId: number,
  connectionId: number,
): Promise<void> {
  await db.transaction((tx) => whatsappRepository(tx).wipe(companyId, connectionId))
}
