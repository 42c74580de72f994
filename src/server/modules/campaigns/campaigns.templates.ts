import { listApprovedTemplates, type ApprovedTemplate } from '@server/channels/cloud-api/templates'
import type { GraphClient } from '@server/channels/graph/client'
import type { ChannelRegistry } from '@server/channels/registry'
import { ChannelError } from '@server/channels/types'
import { AppError } from '@server/lib/app-error'
import { isErrorCode } from '@shared/errors'
import type { ConnectionsService } from '../connections/connections.service'

export type WhatsappTemplates = (
  companyId: number,
  whatsappId: number,
) => Promise<ApprovedTemplate[]>

/**
 * The approved templates of a company's Cloud API connection, asked of Meta each time (they are
 * approved, paused and edited there). A connection of another kind, or without its business
 * account id, has none to offer; Graph's failures answer their catalogue code.
 */
export function createWhatsappTemplates(collaborators: {
  graph: GraphClient
  channels: Pick<ChannelRegistry, 'connectionFor'>
  connections: Pick<ConnectionsService, 'findRow'>
}): WhatsappTemplates {
  const { graph, channels, connections } = collaborators
  return async (companyId, whatsappId) => {
    const row = await connections.findRow(companyId, whatsappId)
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
    const token = channels.connectionFor(row).secrets.wabaAccessToken
    if (row.channel !== 'whatsappapi' || !row.wabaBusinessAccountId || !token)
      throw new AppError('ERR_CAMPAIGN_TEMPLATE_CHANNEL')
    try {
      return await listApprovedTemplates(graph, row.wabaBusinessAccountId, token)
    } catch (error) {
      if (error instanceof ChannelError && isErrorCode(error.code)) throw new AppError(error.code)
      throw error
    }
  }
}
