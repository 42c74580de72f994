import type { ChannelRegistry } from '@server/channels/registry'
import type { ChannelDriver, DriverConnection, InboundMessage } from '@server/channels/types'
import type { Executor } from '@server/db/client'
import type { CoreDeps } from '@server/deps'
import type { JobPayloads } from '@server/jobs/catalogue'
import { AppError } from '@server/lib/app-error'
import { connectionsRepository } from '../connections/connections.repository'
import type { ConnectionRow } from '../connections/connections.table'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore } from '../tickets/tickets.core'
import { describeContent, type ReceivedMedia } from './inbound.content'
import { inboundRepository } from './inbound.repository'
import type { InboundMediaStore, MessageEvents } from './inbound.types'

/** A failed download is tried once more this long after its message was stored. */
const MEDIA_RETRY_DELAY_SECONDS = 60

/** Where a received file comes from: the connection and its driver. */
export interface MediaSource {
  connection: ConnectionRow
  driver: ChannelDriver
  driverConnection: DriverConnection
}

/** A stored message whose file could not be downloaded. */
export interface MediaRetry {
  connection: ConnectionRow
  messageId: number
  content: InboundMessage['content']
}

/**
 * Received files (ARCHITECTURE.md, "Received media"): downloaded within the platform's
 * downloadLimit and stored, or replaced by a note; a failed download is tried once more a minute
 * later by an `inbound.media-retry` job, queued by the pipeline (`scheduleRetries`) in the
 * transaction that stores the message.
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

  /** Queues the second try of each failed download, inside the transaction that stored them. */
  function scheduleRetries(executor: Executor, retries: MediaRetry[]): Promise<void> {
    return deps.jobs.sendMany(
      'inbound.media-retry',
      retries.map(({ connection, messageId, content }) => ({
        data: { companyId: connection.companyId, connectionId: connection.id, messageId, content },
        singletonKey: `inbound.media-retry:${messageId}`,
        delaySeconds: MEDIA_RETRY_DELAY_SECONDS,
      })),
      { in: executor },
    )
  }

  /**
   * The `inbound.media-retry` job, the second and last try: the message gets its file, or keeps
   * its note (a failed download is not an error: no third try).
   */
  async function retry(data: JobPayloads['inbound.media-retry']): Promise<void> {
    const { companyId, connectionId, messageId, content } = data
    const connection = await connectionsRepository(deps.db).findById(companyId, connectionId)
    const driver = connection && channels.driverFor(connection.channel)
    if (!connection || !driver) return
    const received = await receiveMedia(
      { connection, driver, driverConnection: channels.connectionFor(connection) },
      content,
    )
    if (!received.stored) return
    const { body, mediaType } = describeContent(content, received.stored, '')
    const updated = await repo.updateMessage(messageId, {
      body,
      mediaType,
      mediaPath: received.stored.path,
      mediaName: received.stored.name,
      mediaMime: received.stored.mime,
    })
    if (!updated) {
      await media.remove(companyId, received.stored.path)
      return
    }
    await messageEvents.emitUpdated(companyId, [messageId])
    if (await repo.refreshLastMessage(companyId, updated.ticketId, updated.id, body))
      await ticketCore.emitUpdated(companyId, updated.ticketId)
  }

  return { receive: receiveMedia, scheduleRetries, retry }
}

export type InboundMedia = ReturnType<typeof createInboundMedia>
