import { useQuery } from '@tanstack/react-query'
import { canImportFromPhone } from '@shared/contracts/contacts'
import type { ConnectionOption } from '../api'
import { contactQueries } from '../queries'

/**
 * The connection "import from phone" reads: the default one when its channel can, else the
 * first that can; null hides the action, since other channels answer ERR_CHANNEL_UNSUPPORTED.
 */
export const usePhoneImportSource = (): ConnectionOption | null => {
  const connections = useQuery(contactQueries.connectionOptions())
  const able = (connections.data ?? []).filter((connection) =>
    canImportFromPhone(connection.channel),
  )
  return able.find((connection) => connection.isDefault) ?? able[0] ?? null
}
