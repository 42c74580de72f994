import { useQuery } from '@tanstack/react-query'
import type { CampaignDto } from '@shared/contracts/campaigns'
import type { Channel } from '@shared/contracts/connections'
import { connectionQueries } from '@renderer/features/connections'

/**
 * The channel of the connection chosen for the campaign: from the company's connections, or the
 * stored campaign's while they load (or should they miss it); undefined while unknown.
 */
export const useConnectionChannel = (
  whatsappId: number | null,
  stored: CampaignDto['whatsapp'],
): Channel | undefined => {
  const connections = useQuery(connectionQueries.list())
  if (whatsappId === null) return undefined
  const listed = connections.data?.find((connection) => connection.id === whatsappId)
  return listed?.channel ?? (stored?.id === whatsappId ? stored.channel : undefined)
}
