import type { Channel } from '@shared/contracts/connections'
import { createSecretBox } from '../lib/secret-box'
import type { ConnectionRow } from '../modules/connections/connections.table'
import type { ChannelDriver, DriverConnection } from './types'

/** Credentials kept opened; past this many, the cache starts over. */
const MAX_OPENED = 10_000

/**
 * The drivers of this server, by channel, and the one place where a connection's sealed
 * credentials are opened for them.
 */
export function createChannelRegistry(
  encryptionKey: string,
  drivers: Partial<Record<Channel, ChannelDriver>> = {},
) {
  const box = createSecretBox(encryptionKey)
  // Every webhook and every stored event opens its connection's credentials: each sealed value
  // is opened once (a sealed value never changes; a new credential is a new one).
  const opened = new Map<string, string>()
  const open = (sealed: string | null) => {
    if (!sealed) return undefined
    let plain = opened.get(sealed)
    if (plain === undefined) {
      plain = box.open(sealed)
      if (opened.size >= MAX_OPENED) opened.clear()
      opened.set(sealed, plain)
    }
    return plain
  }

  return {
    /** Adds or replaces a channel's driver (the app wires them at start; tests inject fakes). */
    register(channel: Channel, driver: ChannelDriver) {
      drivers[channel] = driver
    },

    driverFor(channel: Channel): ChannelDriver | null {
      return drivers[channel] ?? null
    },

    connectionFor(row: ConnectionRow): DriverConnection {
      return {
        row,
        secrets: {
          wabaAccessToken: open(row.wabaAccessTokenSealed),
          wabaAppSecret: open(row.wabaAppSecretSealed),
          wabaVerifyToken: open(row.wabaVerifyTokenSealed),
          facebookPageToken: open(row.facebookPageTokenSealed),
          facebookUserToken: open(row.facebookUserTokenSealed),
        },
      }
    },

    /** Seals a credential for a `*Sealed` column. */
    seal: (plain: string) => box.seal(plain),
  }
}

export type ChannelRegistry = ReturnType<typeof createChannelRegistry>
