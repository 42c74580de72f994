import { createHash, timingSafeEqual } from 'node:crypto'
import type { Channel } from '../../../shared/contracts/connections'
import { isRecord } from '../../channels/graph/json'
import { verifyMetaSignature } from '../../channels/graph/signature'
import type { ChannelRegistry } from '../../channels/registry'
import type { InboundIntake } from '../../channels/types'
import type { CoreDeps } from '../../deps'
import { AppError, validationError } from '../../lib/app-error'
import type { ConnectionsService } from '../connections/connections.service'

interface Collaborators {
  connections: ConnectionsService
  channels: ChannelRegistry
  inbound: InboundIntake
}

/** The Meta channels, the `object` their webhooks carry and the intake source they feed. */
const META: Partial<Record<Channel, { object: string; source: 'cloudapi' | 'messenger' }>> = {
  whatsappapi: { object: 'whatsapp_business_account', source: 'cloudapi' },
  facebook: { object: 'page', source: 'messenger' },
  instagram: { object: 'instagram', source: 'messenger' },
}

export interface SubscriptionQuery {
  'hub.mode'?: string
  'hub.verify_token'?: string
  'hub.challenge'?: string
}

/** Compares secrets in constant time whatever their lengths. */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  )

/**
 * Meta webhooks (Cloud API, Messenger, Instagram), one URL per connection: the URL names the
 * connection, its Meta app secret authenticates every delivery, and the raw body is stored
 * through the inbound intake before Meta gets its 200, so an acknowledged event is never lost.
 * The connection's verify token answers Meta's subscription check.
 */
export function createWebhooksService(
  deps: Pick<CoreDeps, 'log'>,
  { connections, channels, inbound }: Collaborators,
) {
  async function load(connectionId: number) {
    const row = await connections.findForWebhook(connectionId)
    const meta = row ? META[row.channel] : undefined
    if (!row || !meta) throw new AppError('ERR_NO_WAPP_FOUND')
    return { connection: channels.connectionFor(row), meta }
  }

  return {
    /** GET: Meta's `hub.challenge`, echoed when the verify token is this connection's. */
    async verifySubscription(connectionId: number, query: SubscriptionQuery): Promise<string> {
      const { connection } = await load(connectionId)
      const expected = connection.secrets.wabaVerifyToken
      const given = query['hub.verify_token']
      const challenge = query['hub.challenge']
      if (
        query['hub.mode'] !== 'subscribe' ||
        !expected ||
        given === undefined ||
        !sameSecret(given, expected) ||
        challenge === undefined
      )
        throw new AppError('ERR_NO_PERMISSION')
      return challenge
    },

    /** POST: a signed delivery, stored as it came for the pipeline to process. */
    async receive(connectionId: number, rawBody: Buffer, signature: string | undefined) {
      const { connection, meta } = await load(connectionId)
      if (!verifyMetaSignature(rawBody, signature, connection.secrets.wabaAppSecret))
        throw new AppError('ERR_INVALID_SIGNATURE')
      let payload: unknown
      try {
        payload = JSON.parse(rawBody.toString('utf8'))
      } catch {
        throw validationError('body')
      }
      if (!isRecord(payload)) throw validationError('body')
      if (payload.object !== meta.object) {
        // Signed by the right app but for another product of it: nothing of this connection.
        deps.log.warn(
          { connectionId, object: payload.object },
          'Meta webhook for another object ignored',
        )
        return
      }
      const { row } = connection
      await inbound.receive({ companyId: row.companyId, id: row.id }, meta.source, [payload])
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
