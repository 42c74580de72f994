import type { ChannelRegistry } from '@server/channels/registry'
import type { ChannelDriver, DriverConnection, InboundMessage } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { connectionsRepository } from '../connections/connections.repository'
import type { ConnectionRow } from '../connections/connections.table'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore } from '../tickets/tickets.core'
import { describeContent, type ReceivedMedia } from './inbound.content'
import { inboundRepository } from './inbound.repository'
import type { InboundMediaStore, MessageEvents } from './inbound.types'

const MEDIA_RETRY_BATCH = 20
const MEDIA_RETRY_INTERVAL_MS = 5_000

/** Where a received file comes from: the connection and its driver. */
export interface MediaSource {
  connection: ConnectionRow
  driver: ChannelDriver
  driverConnection: DriverConnection
}

/**
 * Received files (ARCHITECTURE.md, "Received media"): downloaded within the platform's
 * downloadLimit and stored, or replaced by a note; a failed download is tried once more a minute
 * later through `inbound_media_retries` (scheduled by the pipeline's inserts with
 * `scheduleMediaRetries`, taken here by `retryDueMedia` on its own timer).
 */
export function createInboundMedia(
  deps: CoreDeps,
  collaborators: {
    channels: ChannelRegistry
    settings: SettingsService
    ticketCore: TicketCore
    media: InboundMediaStore
    messageEvents: MessageEvents
  },
) {
  const { channels, settings, ticketCore, media, messageEvents } = collaborators
  const repo = inboundRepository(deps.db)
  let retries: NodeJS.Timeout | null = null

  /**
   * Downloads and stores a received file. One above downloadLimit is not downloaded; one whose
   * download fails leaves its message with a note and is tried again later (`retryDueMedia`).
   */
  async function receiveMedia(
    context: MediaSource,
    content: InboundMessage['content'],
  ): Promise<ReceivedMedia> {
    if (content.kind !== 'media') return { stored: null }
    const limitMb = Number(await settings.globalValue('downloadLimit'))
    const maxBytes = limitMb * 1024 * 1024
    const tooLarge = { stored: null, missing: { reason: 'tooLarge', limitMb } } as const
    if (content.size !== undefined && content.size > maxBytes) return tooLarge
    try {
      const file = await context.driver.downloadMedia(context.driverConnection, content.ref)
      const stored = await media.saveFile(context.connection.companyId, 'messages', file.data, {
        maxBytes,
        originalName: content.fileName ?? file.fileName,
      })
      return { stored }
    } catch (error) {
      if (error instanceof AppError && error.code === 'ERR_FILE_TOO_LARGE') return tooLarge
      deps.log.warn({ err: error, connectionId: context.connection.id }, 'inbound media not stored')
      return { stored: null, missing: { reason: 'failed' } }
    }
  }

  /** The second and last try of downloads that failed: the message gets its file, or keeps its note. */
  async function retryDueMedia() {
    for (const retry of await repo.takeDueMediaRetries(MEDIA_RETRY_BATCH)) {
      const connection = await connectionsRepository(deps.db).findById(
        retry.companyId,
        retry.connectionId,
      )
      const driver = connection && channels.driverFor(connection.channel)
      if (!connection || !driver) continue
      const received = await receiveMedia(
        { connection, driver, driverConnection: channels.connectionFor(connection) },
        retry.content,
      )
      if (!received.stored) continue
      const { body, mediaType } = describeContent(retry.content, received.stored, '')
      const updated = await repo.updateMessage(retry.messageId, {
        body,
        mediaType,
        mediaPath: received.stored.path,
        mediaName: received.stored.name,
        mediaMime: received.stored.mime,
      })
      if (!updated) {
        await media.remove(retry.companyId, received.stored.path)
        continue
      }
      await messageEvents.emitUpdated(retry.companyId, [retry.messageId])
      if (await repo.refreshLastMessage(retry.companyId, updated.ticketId, updated.id, body))
        await ticketCore.emitUpdated(retry.companyId, updated.ticketId)
    }
  }

  return {
    receive: receiveMedia,
    retryDueMedia,
    /** Tries the due downloads again every few seconds. */
    start() {
      retries ??= setInterval(() => {
        retryDueMedia().catch((error: unknown) =>
          deps.log.error({ err: error }, 'inbound media retry failed'),
        )
      }, MEDIA_RETRY_INTERVAL_MS)
      retries.unref()
    },
    stop() {
      if (retries) clearInterval(retries)
      retries = null
    },
  }
}

export type InboundMedia = ReturnType<typeof createInboundMedia>
