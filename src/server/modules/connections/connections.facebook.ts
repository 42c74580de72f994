import type { Channel, ConnectionDto, FacebookOnboardingBody } from '@shared/contracts/connections'
import { isErrorCode } from '@shared/errors'
import { lookupPhoneNumber } from '@server/channels/cloud-api/driver'
import type { GraphClient } from '@server/channels/graph/client'
import { lookupPage } from '@server/channels/messenger/driver'
import type { ChannelRegistry } from '@server/channels/registry'
import { ChannelError } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import type { CompaniesService } from '../companies/companies.service'
import type { ConnectionEvents } from './connections.events'
import { presentWithQueues } from './connections.presenter'
import { connectionsRepository } from './connections.repository'
import { generateConnectionToken, rethrowConflict, type PageChannel } from './connections.rules'
import type { ConnectionRow } from './connections.table'

/** Webhook fields a connected page is subscribed to (reference §6). */
const PAGE_SUBSCRIBED_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
  'message_echoes',
].join(',')

/** A page of the Facebook user, as `{userId}/accounts` answers it. */
interface GraphPage {
  id: string
  name?: string
  access_token?: string
  instagram_business_account?: { id: string; username?: string; name?: string }
}

/** A connection POST /facebook creates or refreshes. */
interface PlannedPageConnection {
  channel: PageChannel
  accountId: string
  pageId: string
  name: string
  pageToken: string
}

/** Graph ids are decimal strings; anything else is not a page or account we can store. */
const GRAPH_ID = /^[0-9]{1,30}$/

interface Collaborators {
  /** Seals page tokens and the app secret; opens a removed connection's page token. */
  channels: ChannelRegistry
  companies: CompaniesService
  graph: GraphClient
  events: ConnectionEvents
}

/** Graph failures become the catalogue code they carry. */
function asAppError(error: unknown): unknown {
  if (error instanceof ChannelError && isErrorCode(error.code)) return new AppError(error.code)
  return error
}

/** A page or account name as a connection name (2 to 50 characters). */
function connectionNameOf(name: string | undefined, fallback: string): string {
  const trimmed = (name ?? '').trim().slice(0, 50)
  return trimmed.length >= 2 ? trimmed : fallback
}

/**
 * What the connections module asks of Meta's Graph API: whether saved credentials work, the
 * Facebook-login onboarding of pages and Instagram accounts, and dropping a page's webhook
 * subscription once no connection uses it.
 */
export function createFacebookOnboarding(
  deps: Pick<CoreDeps, 'config' | 'db' | 'log'>,
  { channels, companies, graph, events }: Collaborators,
) {
  const repo = connectionsRepository(deps.db)

  /** The user's pages (and their Instagram accounts when asked), with long-lived page tokens. */
  async function plan(
    body: FacebookOnboardingBody,
    app: { id: string; secret: string },
  ): Promise<PlannedPageConnection[]> {
    const planned: PlannedPageConnection[] = []
    const { data: pages = [] } = await graph.get<{ data?: GraphPage[] }>(
      [body.facebookUserId, 'accounts'],
      body.facebookUserToken,
      { query: { fields: 'id,name,access_token,instagram_business_account{id,username,name}' } },
    )
    for (const page of pages) {
      if (!page.access_token || !GRAPH_ID.test(page.id)) continue
      // Page tokens of a short-lived user token expire with it: trade for a long-lived one.
      const { access_token: pageToken } = await graph.post<{ access_token: string }>(
        ['oauth', 'access_token'],
        page.access_token,
        {
          json: {
            grant_type: 'fb_exchange_token',
            client_id: app.id,
            client_secret: app.secret,
            fb_exchange_token: page.access_token,
          },
        },
      )
      await graph.post([page.id, 'subscribed_apps'], pageToken, {
        json: { subscribed_fields: PAGE_SUBSCRIBED_FIELDS },
      })
      planned.push({
        channel: 'facebook',
        accountId: page.id,
        pageId: page.id,
        name: connectionNameOf(page.name, `Facebook ${page.id}`),
        pageToken,
      })
      const instagram = page.instagram_business_account
      if (body.addInstagram === true && instagram && GRAPH_ID.test(instagram.id))
        planned.push({
          channel: 'instagram',
          accountId: instagram.id,
          pageId: page.id,
          name: connectionNameOf(
            `Insta ${instagram.username ?? instagram.name ?? ''}`.trim(),
            `Instagram ${instagram.id}`,
          ),
          pageToken,
        })
    }
    return planned
  }

  return {
    /**
     * Asks Graph whether the credentials work: CONNECTED (with the Cloud API display number) or
     * DISCONNECTED (`unanswered` when Graph could not say). A page token must speak for the page it is saved with, or for the page the
     * Instagram account is linked to.
     */
    async probe(
      channel: Exclude<Channel, 'whatsapp'>,
      accountId: string,
      token: string,
    ): Promise<{ status: 'CONNECTED' | 'DISCONNECTED'; number?: string; unanswered?: true }> {
      try {
        if (channel === 'whatsappapi') {
          const found = await lookupPhoneNumber(graph, accountId, token)
          return { status: 'CONNECTED', number: found.number }
        }
        const page = await lookupPage(graph, token)
        const speaksFor = channel === 'facebook' ? page.id : page.instagram_business_account?.id
        return { status: speaksFor === accountId ? 'CONNECTED' : 'DISCONNECTED' }
      } catch (error) {
        if (!(error instanceof ChannelError)) throw error
        deps.log.warn({ err: error, channel }, 'connection credentials not accepted by Graph')
        // An outage or a rate limit says nothing about the credentials.
        return error.retryable
          ? { status: 'DISCONNECTED', unanswered: true }
          : { status: 'DISCONNECTED' }
      }
    },

    /** The page's webhook subscription goes with the last connection that relied on it. */
    async unsubscribePage(removed: ConnectionRow, pageId: string): Promise<void> {
      if (await repo.pageInUse(pageId)) return
      const token = channels.connectionFor(removed).secrets.facebookPageToken
      if (!token) return
      // The connection is gone either way; a page left subscribed only costs ignored webhooks.
      await graph.delete([pageId, 'subscribed_apps'], token).catch((error: unknown) => {
        deps.log.warn({ err: error, pageId }, 'page webhook subscription not removed')
      })
    },

    /**
     * POST /facebook (reference §6 "Build it right"), once the caller may: a facebook connection
     * per page of the Facebook user, and an instagram one per linked account when asked;
     * existing ones (same account and channel) are refreshed. Page tokens are traded for
     * long-lived ones, sealed, and each page is subscribed to the app's webhook fields before
     * anything is stored.
     */
    async connect(companyId: number, body: FacebookOnboardingBody): Promise<ConnectionDto[]> {
      const app = deps.config.metaApp
      if (!app) throw new AppError('ERR_FACEBOOK_NOT_CONFIGURED')
      const planned = await plan(body, app).catch((error: unknown) => {
        throw asAppError(error)
      })
      if (planned.length === 0) throw new AppError('ERR_FACEBOOK_PAGE_NOT_FOUND')

      const saved = await deps.db
        .transaction(async (tx) => {
          const locked = await companies.lockWithPlan(tx, companyId)
          const txRepo = connectionsRepository(tx)
          let total = await txRepo.countInCompany(companyId)
          const rows: ConnectionRow[] = []
          for (const item of planned) {
            const values = {
              status: 'CONNECTED' as const,
              facebookUserId: body.facebookUserId,
              facebookPageId: item.pageId,
              facebookPageTokenSealed: channels.seal(item.pageToken),
              facebookUserTokenSealed: channels.seal(body.facebookUserToken),
              // The app's secret signs the page's webhooks.
              wabaAppSecretSealed: channels.seal(app.secret),
            }
            if (await txRepo.pageAccountInOtherCompany(companyId, item.channel, item.accountId)) {
              deps.log.warn(
                { companyId, channel: item.channel, accountId: item.accountId },
                'page already connected in another company: not connected again',
              )
              continue
            }
            const existing = await txRepo.findByPageAccount(companyId, item.channel, item.accountId)
            if (existing) {
              const updated = await txRepo.update(companyId, existing.id, values)
              if (updated) rows.push(updated)
              continue
            }
            if (total >= locked.plan.connections) throw new AppError('ERR_CONNECTION_LIMIT_REACHED')
            let name = item.name
            for (let n = 2; await txRepo.nameTaken(companyId, item.channel, name); n += 1)
              name = `${item.name.slice(0, 44)} (${n})`
            rows.push(
              await txRepo.insert({
                ...values,
                companyId,
                name,
                channel: item.channel,
                facebookPageUserId: item.accountId,
                token: generateConnectionToken(),
                isDefault: false,
              }),
            )
            total += 1
          }
          if (rows.length === 0) throw new AppError('ERR_PAGE_TAKEN')
          return rows
        })
        .catch(rethrowConflict)

      await events.updated(companyId, saved)
      return presentWithQueues(repo, companyId, saved, true)
    },
  }
}

export type FacebookOnboarding = ReturnType<typeof createFacebookOnboarding>
