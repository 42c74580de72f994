import type { ChannelRegistry } from '@server/channels/registry'
import type { InboundIntake } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { groupCommit } from '@server/lib/group-commit'
import type { CompaniesService } from '../companies/companies.service'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore } from '../tickets/tickets.core'
import { createInboundBatch } from './inbound.batch'
import { createInboundEvents } from './inbound.events'
import { createInboundHandlers } from './inbound.handlers'
import { createInboundMedia } from './inbound.media'
import { createInboundProfiles } from './inbound.profiles'
import { inboundRepository } from './inbound.repository'
import type { BotReader, InboundMediaStore, MessageEvents, ReplyListener } from './inbound.types'
import { createInboundWorker } from './inbound.worker'

interface Collaborators {
  channels: ChannelRegistry
  ticketCore: TicketCore
  settings: SettingsService
  companies: CompaniesService
  media: InboundMediaStore
  messageEvents: MessageEvents
  bot: BotReader
  replies: ReplyListener
}

/**
 * The two ways stored events are applied, the set-based batch and event by event, built from
 * the same collaborators so that a new message becomes the same rows on either path.
 */
/** The least time between two statements that store webhooks (see `store`). */
const STORE_SPACING_MS = 5

export function createInboundAppliers(deps: CoreDeps, collaborators: Collaborators) {
  const { channels, ticketCore, settings, companies, media, messageEvents, bot, replies } =
    collaborators
  const events = createInboundEvents(deps, { settings, media })
  const profiles = createInboundProfiles(deps, { channels, media, events })
  const received = createInboundMedia(deps, {
    channels,
    settings,
    ticketCore,
    media,
    messageEvents,
  })
  const handlers = createInboundHandlers(deps, {
    ticketCore,
    settings,
    companies,
    media,
    messageEvents,
    receiveMedia: received.receive,
    contactCreated: events.contactCreated,
    scheduleMediaRetries: received.scheduleRetries,
    scheduleProfiles: profiles.schedule,
    bot,
    replies,
  })
  const batch = createInboundBatch(deps, {
    ticketCore,
    settings,
    companies,
    messageEvents,
    receiveMedia: ({ connection }, event) =>
      received.receive(
        {
          connection,
          driver: channels.driverFor(connection.channel)!,
          driverConnection: channels.connectionFor(connection),
        },
        event.content,
      ),
    removeMedia: (companyId, relative) => media.remove(companyId, relative),
    emitContactCreated: events.contactCreated,
    scheduleMediaRetries: received.scheduleRetries,
    scheduleProfiles: profiles.schedule,
    bot,
    replies,
  })
  return { handlers, batch, media: received, profiles }
}

/**
 * The inbound pipeline (ARCHITECTURE §3): raw provider events are stored before anyone is told
 * "received", then normalised by their driver and applied by the worker — idempotent by provider
 * id, one active ticket per contact and connection, one chat at a time.
 */
export function createInboundService(deps: CoreDeps, collaborators: Collaborators) {
  const repo = inboundRepository(deps.db)
  const { handlers, batch, media, profiles } = createInboundAppliers(deps, collaborators)
  const worker = createInboundWorker(deps, {
    channels: collaborators.channels,
    settings: collaborators.settings,
    handlers,
    batch,
    bot: collaborators.bot,
  })

  // Webhooks arriving together are stored in one statement; each is answered once it is stored.
  // Writes at least 5 ms apart: at 500 webhooks a second, 22,000 took 13,000 statements, each a
  // round trip and a commit; a few milliseconds more before the provider's 200 cost nothing.
  const store = groupCommit<Parameters<typeof repo.store>[0][number]>(
    async (rows) => {
      await repo.store(rows)
    },
    { spacingMs: STORE_SPACING_MS },
  )

  const intake: InboundIntake = {
    async receive(connection, source, payloads) {
      await store(
        payloads.map((payload) => ({
          companyId: connection.companyId,
          connectionId: connection.id,
          source,
          payload: payload as object,
        })),
      )
      void worker.kick()
    },
  }

  return {
    ...intake,
    /** Processes whatever is due now (tests await it; the intake and the sweep call it too). */
    drain: worker.kick,
    /** The `inbound.media-retry` job's handler. */
    retryMedia: media.retry,
    /** The `inbound.contact-profile` job's handler. */
    refreshProfile: profiles.refresh,
    /** How many stored events of the connection are not applied yet. */
    pendingFor: (connectionId: number) => repo.pendingCount(connectionId),
    /** Resumes events left by a crash and sweeps for due ones. */
    start: () => worker.start(),
    stop: () => worker.stop(),
  }
}

export type InboundService = ReturnType<typeof createInboundService>
