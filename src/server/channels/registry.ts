import type { Channel } from '@shared/contracts/connections'
import { createSecretBox } from '../lib/secret-box'
import type { ConnectionRow } from '../modules/connections/connections.table'
import type { ChannelDriver, DriverConnection } from './types'

/**
 * The drivers of this server, by channel, and the one place where a connection's sealed
 * credentials are opened for them.
 */
export function createChannelRegistry(
  encryptionKey: string,
  drivers: Partial<Record<Channel, ChannelDriver>> = {},
) {
  const box = createSecretBox(encryptionKey)
  const open = (sealed: string | null) => (sealed ? box.open(sealed) : undefined)

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
