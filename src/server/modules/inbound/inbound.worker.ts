import type { ChannelRegistry } from '@server/channels/registry'
import type { InboundEvent } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { createPoller } from '@server/lib/poller'
import { connectionsRepository } from '../connections/connections.repository'
import type { ConnectionRow } from '../connections/connections.table'
import type { SettingsService } from '../settings/settings.service'
import { fitsBatch, type BatchRow, type InboundBatch } from './inbound.batch'
import { NotYet, type HandlerContext, type InboundHandlers } from './inbound.handlers'
import { inboundRepository } from './inbound.repository'
import type { InboundEventRow } from './inbound.table'
import type { BotReader } from './inbound.types'

const BATCH_SIZE = 100
const GATHER_MS = 25
const SWEEP_INTERVAL_MS = 5_000
const MAX_ATTEMPTS = 10
const retryDelaySeconds = (attempts: number) => [2, 5, 15, 60, 300, 900][Math.min(attempts - 1, 5)]!

/**
 * The pipeline's queue worker (ARCHITECTURE.md, "Durable intake"): leases due rows of
 * `inbound_events` (`FOR UPDATE SKIP LOCKED`), normalises them with their driver and applies
 * each chat's events in arrival order, chats of new messages through the set-based batch and the
 * rest event by event. A failed event is retried with backoff and parked after ten tries. Drains
 * run on a poller: kicked by the intake, swept every few seconds for retries and rows a crash
 * left behind.
 */
export function createInboundWorker(
  deps: CoreDeps,
  collaborators: {
    channels: ChannelRegistry
    settings: SettingsService
    handlers: InboundHandlers
    batch: InboundBatch
    bot: BotReader
  },
) {
  const { channels, settings, handlers, batch, bot } = collaborators
  const repo = inboundRepository(deps.db)

  /** Events of one chat go in arrival order; delivery reports of a connection share a key. */
  const chatKey = (row: InboundEventRow, events: InboundEvent[]) => {
    const first = events.find((event) => event.type === 'message')
    return `${row.connectionId}:${first?.type === 'message' ? first.chat.id : 'status'}`
  }

  interface ChatEntry {
    row: InboundEventRow
    connection: ConnectionRow | undefined
    events: InboundEvent[]
  }
  const batchable = (entry: ChatEntry): entry is BatchRow =>
    entry.connection !== undefined &&
    channels.driverFor(entry.connection.channel) !== undefined &&
    fitsBatch(entry.events)

  /** Applies one stored event's events in order; a failure retries it later or parks it. */
  async function processRow(
    row: InboundEventRow,
    connection: ConnectionRow | undefined,
    events: InboundEvent[],
  ) {
    try {
      if (!connection) return await repo.markProcessed(row.id)
      const driver = channels.driverFor(connection.channel)
      if (!driver) throw new Error(`no driver for ${connection.channel}`)
      const context: HandlerContext = {
        connection,
        driver,
        driverConnection: channels.connectionFor(connection),
        attempts: row.attempts,
      }
      for (const event of events) await handlers.handle(context, event)
      await repo.markProcessed(row.id)
    } catch (error) {
      const retry = row.attempts < MAX_ATTEMPTS
      if (!(error instanceof NotYet))
        deps.log.error({ err: error, eventId: row.id }, 'inbound event failed')
      await repo.markFailed(
        row.id,
        error instanceof Error ? error.message : String(error),
        retry ? new Date(Date.now() + retryDelaySeconds(row.attempts) * 1000) : null,
      )
    }
  }

  /**
   * Applies claimed events, each chat's in arrival order. Chats made only of new messages go
   * through the set-based batch; the others, and a batch that failed, event by event with the
   * chats in parallel. Answers whether messages may be waiting for the bot.
   */
  async function processBatch(rows: InboundEventRow[]): Promise<boolean> {
    let botHasWork = false
    const connectionsById = new Map<number, ConnectionRow | undefined>()
    const chats = new Map<string, ChatEntry[]>()
    for (const row of rows) {
      if (!connectionsById.has(row.connectionId))
        connectionsById.set(
          row.connectionId,
          await connectionsRepository(deps.db).findById(row.companyId, row.connectionId),
        )
      const connection = connectionsById.get(row.connectionId)
      let events: InboundEvent[] = []
      try {
        const driver = connection && channels.driverFor(connection.channel)
        if (connection && driver)
          events = driver.normalize(channels.connectionFor(connection), row.payload)
      } catch (error) {
        deps.log.error({ err: error, eventId: row.id }, 'inbound event could not be read')
        await repo.markFailed(row.id, 'unreadable event', null)
        continue
      }
      const key = chatKey(row, events)
      const chat = chats.get(key)
      if (chat) chat.push({ row, connection, events })
      else chats.set(key, [{ row, connection, events }])
    }

    const fastChats: BatchRow[][] = []
    const slow: ChatEntry[][] = []
    for (const chat of chats.values()) {
      if (chat.every(batchable)) fastChats.push(chat)
      else slow.push(chat)
    }
    if (fastChats.length > 0) {
      try {
        if ((await batch.apply(fastChats.flat())) > 0) botHasWork = true
      } catch (error) {
        deps.log.warn({ err: error }, 'inbound batch failed: applying its events one by one')
        slow.push(...fastChats)
      }
    }
    await Promise.all(
      slow.map(async (chat) => {
        for (const { row, connection, events } of chat) await processRow(row, connection, events)
      }),
    )
    // Events applied one by one may have stored messages for the bot too.
    return botHasWork || slow.length > 0
  }

  /**
   * The bot answers on a poller of its own, so that the next batch (and its messages' events)
   * never waits for it; its interval sweeps what a crash left unanswered.
   */
  const botPoller = createPoller({
    name: 'bot answers',
    intervalMs: SWEEP_INTERVAL_MS,
    run: () => bot.answerPending(),
    log: deps.log,
  })

  /** One round: claims batches until none is due, kicking the bot after those that need it. */
  async function drain() {
    for (;;) {
      const claimedAt = performance.now()
      const rows = await repo.claim(BATCH_SIZE)
      if (rows.length === 0) return
      if (await settings.snapshot(() => processBatch(rows))) void botPoller.kick()
      // Under a steady stream, claims at least GATHER_MS apart let the next batch gather: a
      // batch costs about the same few statements whatever its size, so many small ones cost
      // far more. Counted from the claim, so a batch that took that long waits no more.
      const gathering = GATHER_MS - (performance.now() - claimedAt)
      if (rows.length < BATCH_SIZE && gathering > 0)
        await new Promise((resolve) => setTimeout(resolve, gathering))
    }
  }

  const poller = createPoller({
    name: 'inbound drain',
    intervalMs: SWEEP_INTERVAL_MS,
    run: drain,
    log: deps.log,
  })

  return {
    /**
     * Drains now, or once more after the running drain; resolves when that is done and the bot
     * has answered what it stored.
     */
    kick: async () => {
      await poller.kick()
      await botPoller.kick()
    },
    /** Resumes events left by a crash, then sweeps for due retries and unanswered messages. */
    start: () => {
      poller.start()
      botPoller.start()
    },
    /** No more drains nor answers; resolves when the running ones are over. */
    stop: () => Promise.all([poller.stop(), botPoller.stop()]).then(() => undefined),
  }
}

export type InboundWorker = ReturnType<typeof createInboundWorker>
