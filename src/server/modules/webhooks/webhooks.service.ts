import { createHash, timingSafeEqual } from 'node:crypto'
import type { Channel } from '@shared/contracts/connections'
import { isRecord } from '@server/channels/graph/json'
import { verifyMetaSignature } from '@server/channels/graph/signature'
import type { ChannelRegistry } from '@server/channels/registry'
import type { InboundIntake } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
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

const DELIVERY_CACHE_MS = 5_000
const DELIVERY_CACHE_SIZE = 10_000

/** The products whose app-level webhooks carry page and Instagram messaging. */
const APP_OBJECTS = new Map<unknown, 'facebook' | 'instagram'>([
  ['page', 'facebook'],
  ['instagram', 'instagram'],
])

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
  deps: Pick<CoreDeps, 'log' | 'config'>,
  { connections, channels, inbound }: Collaborators,
) {
  function assertChallenge(query: SubscriptionQuery, expected: string | null | undefined): string {
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
  }

  function parse(rawBody: Buffer): Record<string, unknown> {
    let payload: unknown
    try {
      payload = JSON.parse(rawBody.toString('utf8'))
    } catch {
      throw validationError('body')
    }
    if (!isRecord(payload)) throw validationError('body')
    return payload
  }

  async function load(connectionId: number) {
    const row = await connections.findForWebhook(connectionId)
    const meta = row ? META[row.channel] : undefined
    if (!row || !meta) throw new AppError('ERR_NO_WAPP_FOUND')
    return { connection: channels.connectionFor(row), meta }
  }

  /**
   * Deliveries come in bursts: a connection read and its secrets opened are reused for a few
   * seconds. A changed app secret or a deleted connection is seen within DELIVERY_CACHE_MS;
   * Meta retries a delivery refused meanwhile.
   */
  const recentlyLoaded = new Map<
    number,
    { loaded: Awaited<ReturnType<typeof load>>; until: number }
  >()
  async function loadForDelivery(connectionId: number) {
    const cached = recentlyLoaded.get(connectionId)
    if (cached && cached.until > Date.now()) return cached.loaded
    const loaded = await load(connectionId)
    if (recentlyLoaded.size >= DELIVERY_CACHE_SIZE) recentlyLoaded.clear()
    recentlyLoaded.set(connectionId, { loaded, until: Date.now() + DELIVERY_CACHE_MS })
    return loaded
  }

  return {
    /** GET: Meta's `hub.challenge`, echoed when the verify token is this connection's. */
    async verifySubscription(connectionId: number, query: SubscriptionQuery): Promise<string> {
      const { connection } = await load(connectionId)
      return assertChallenge(query, connection.secrets.wabaVerifyToken)
    },

    /** POST: a signed delivery, stored as it came for the pipeline to process. */
    async receive(connectionId: number, rawBody: Buffer, signature: string | undefined) {
      const { connection, meta } = await loadForDelivery(connectionId)
      if (!verifyMetaSignature(rawBody, signature, connection.secrets.wabaAppSecret))
        throw new AppError('ERR_INVALID_SIGNATURE')
      const payload = parse(rawBody)
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

    /** GET /webhooks/meta: the Meta app's own subscription check (`META_VERIFY_TOKEN`). */
    verifyAppSubscription(query: SubscriptionQuery): string {
      return assertChallenge(query, deps.config.metaApp?.verifyToken)
    },

    /**
     * POST /webhooks/meta: the Meta app's one callback URL, where the pages and Instagram
     * accounts onboarded through Facebook login deliver. Signed with the app secret; each entry
     * is stored for the connections of its page or account, in whichever company they are.
     */
    async receiveForApp(rawBody: Buffer, signature: string | undefined) {
      const app = deps.config.metaApp
      if (!app) throw new AppError('ERR_FACEBOOK_NOT_CONFIGURED')
      if (!verifyMetaSignature(rawBody, signature, app.secret))
        throw new AppError('ERR_INVALID_SIGNATURE')
      const payload = parse(rawBody)
      const channel = APP_OBJECTS.get(payload.object)
      if (!channel || !Array.isArray(payload.entry)) {
        deps.log.warn({ object: payload.object }, 'Meta app webhook for another object ignored')
        return
      }
      for (const entry of payload.entry) {
        const accountId = isRecord(entry) ? entry.id : undefined
        if (typeof accountId !== 'string') continue
        const rows = await connections.findForPageWebhook(channel, accountId)
        if (rows.length === 0)
          deps.log.warn({ channel, accountId }, 'Meta app webhook for an unknown page ignored')
        for (const row of rows)
          await inbound.receive({ companyId: row.companyId, id: row.id }, 'messenger', [
            { object: payload.object, entry: [entry] },
          ])
      }
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
