import type { RequestContext } from '@server/context'
import { canManageConnections } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { HistoryIntake, HistoryMessage } from '@server/channels/whatsapp'
import type { InboundIntake } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import type { JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import { AppError } from '@server/lib/app-error'
import { createPoller } from '@server/lib/poller'
import { messageImportRepository } from './message-import.repository'

/** What the import needs from the inbound pipeline: the intake, and when it is done. */
export interface ImportPipeline extends InboundIntake {
  drain(): Promise<void>
  pendingFor(connectionId: number): Promise<number>
}

/** Closing imported tickets and knowing whether some wait (tickets service). */
export interface ImportedTickets {
  closeImported(companyId: number, connectionId: number, actorId: number | null): Promise<number>
  hasImportedPending(companyId: number, connectionId: number): Promise<boolean>
}

export interface ImportTiming {
  /** Reference §6: the import starts 45 s after the phone's last history batch. */
  quietMs: number
  /** How often quiet phones are looked for. */
  sweepMs: number
  /** Staged messages handed to the pipeline at once (one progress event each). */
  chunkSize: number
  /** How often the pipeline is asked whether the handed messages are applied. */
  settlePollMs: number
}

export const DEFAULT_IMPORT_TIMING: ImportTiming = {
  quietMs: 45_000,
  sweepMs: 5_000,
  chunkSize: 200,
  settlePollMs: 500,
}

type ConnectionRef = { companyId: number; id: number }

/**
 * A run of the import job hands over to a continuation after this long (or a quarter of its
 * expiry): a run that outlived its expiry would be tried again while still running.
 */
const SLICE_MS = 60_000

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * History import of a WhatsApp connection (001 §3 import fields, §4, reference §6): the history
 * the phone sends while pairing is staged in the database, filtered to the connection's window;
 * once the phone is done (or quiet) a `message-import.run` job hands it, oldest first, to the
 * inbound pipeline marked as imported — idempotent by provider id, no bots, no live message
 * events — with progress on `importMessages-{companyId}`. Then the imported pending tickets are
 * closed, or left for the "close imported tickets" button. The job runs once across instances;
 * one lost with its instance is tried again and goes on from what is still staged.
 */
export function createMessageImportService(
  deps: CoreDeps,
  collaborators: {
    pipeline: ImportPipeline
    tickets: ImportedTickets
    /** Re-emits a connection's session payload after its import columns changed. */
    announce: (companyId: number, connectionId: number) => Promise<void>
  },
  timingOverrides: Partial<ImportTiming> = {},
) {
  const timing = { ...DEFAULT_IMPORT_TIMING, ...timingOverrides }
  const { pipeline, tickets, announce } = collaborators
  const repo = messageImportRepository(deps.db)
  /** Phones that said they sent everything: their import need not wait for the quiet period. */
  const finished = new Set<number>()

  function emitProgress(
    companyId: number,
    whatsappId: number,
    done: number,
    all: number,
    date?: Date,
  ) {
    deps.realtime.emit(companyId, [rooms.connections], 'importMessages', {
      action: 'update',
      status: { this: done, all, ...(date ? { date: date.toISOString() } : {}) },
      whatsappId,
    })
  }

  async function stage({ companyId, id }: ConnectionRef, messages: HistoryMessage[]) {
    const connection = await repo.connection(companyId, id)
    const from = connection?.importOldMessages
    if (!connection || !from || connection.statusImportMessages === 'Running') return
    const until = connection.importRecentMessages ?? new Date()
    const wanted = messages.filter(
      (message) =>
        message.sentAt > from &&
        message.sentAt < until &&
        (!message.isGroup || connection.importOldMessagesGroups),
    )
    await repo.stage(
      wanted.map((message) => ({
        companyId,
        connectionId: id,
        providerId: message.providerId,
        sentAt: message.sentAt,
        envelope: message.envelope,
      })),
    )
    if (!(await repo.markStaging(companyId, id))) return
    emitProgress(companyId, id, -1, -1)
    await announce(companyId, id)
  }

  /** Waits until the pipeline applied everything handed to it for this connection. */
  async function settle(connectionId: number, handOver: () => boolean) {
    await pipeline.drain()
    while (!handOver() && (await pipeline.pendingFor(connectionId)) > 0) {
      await sleep(timing.settlePollMs)
      await pipeline.drain()
    }
  }

  /**
   * Hands what is staged to the pipeline; false when it must hand over to a continuation job
   * (the engine stops, or the run's slice is over).
   */
  async function run({ companyId, id }: ConnectionRef, handOver: () => boolean): Promise<boolean> {
    const all = await repo.countStaged(companyId, id)
    let done = 0
    for (;;) {
      if (handOver()) return false
      const chunk = await repo.nextChunk(companyId, id, timing.chunkSize)
      if (chunk.length === 0) break
      // Handed first, removed after: a crash in between hands them again, which the pipeline
      // ignores by provider id.
      await pipeline.receive(
        { companyId, id },
        'baileys',
        chunk.map((item) => item.envelope),
      )
      await repo.remove(chunk.map((item) => item.id))
      done += chunk.length
      emitProgress(companyId, id, done, all, chunk.at(-1)?.sentAt)
    }
    await settle(id, handOver)
    if (handOver()) return false
    const connection = await repo.connection(companyId, id)
    if (!connection) return true
    if (connection.closedTicketsPostImported) await tickets.closeImported(companyId, id, null)
    const waiting =
      !connection.closedTicketsPostImported && (await tickets.hasImportedPending(companyId, id))
    await repo.finish(companyId, id, waiting ? 'renderButtonCloseTickets' : null)
    deps.realtime.emit(companyId, [rooms.connections], 'importMessages', {
      action: 'refresh',
      whatsappId: id,
    })
    await announce(companyId, id)
    return true
  }

  const jobKey = (connectionId: number) => `message-import:${connectionId}`
  const queue = ({ companyId, id }: ConnectionRef) =>
    deps.jobs.send(
      'message-import.run',
      { companyId, connectionId: id },
      { singletonKey: jobKey(id) },
    )

  /**
   * The `message-import.run` job: claims a staged import (or goes on with one already running:
   * a retry, a continuation) and runs it. Interrupted by a shutdown, it queues its continuation.
   */
  async function runJob(data: JobPayloads['message-import.run'], job: JobRun): Promise<void> {
    const ref = { companyId: data.companyId, id: data.connectionId }
    const claimed = await repo.claim(ref.companyId, ref.id)
    if (claimed) {
      finished.delete(ref.id)
      await announce(ref.companyId, ref.id)
    } else if ((await repo.connection(ref.companyId, ref.id))?.statusImportMessages !== 'Running') {
      return
    }
    const handOverAt = Date.now() + Math.min(SLICE_MS, (job.expireInSeconds * 1000) / 4)
    if (!(await run(ref, () => job.signal.aborted || Date.now() > handOverAt))) await queue(ref)
  }

  /** Queues the imports that are due: quiet for `quietMs`, or the phone said it is done. */
  async function runDue(): Promise<void> {
    for (const ref of await repo.due(Date.now() - timing.quietMs, [...finished])) await queue(ref)
  }

  const sweep = createPoller({
    name: 'history import sweep',
    intervalMs: timing.sweepMs,
    run: runDue,
    log: deps.log,
  })

  const history: HistoryIntake = {
    stage: (connection, messages) => stage(connection, messages),
    complete(connection) {
      finished.add(connection.id)
      void sweep.kick()
    },
  }

  return {
    history,
    /** Queues the due imports (the sweep calls it; tests too). */
    runDue,
    /** The `message-import.run` job's handler. */
    runJob,

    /** POST /closedimported/{id}: closes the tickets an import left pending. */
    async closeImported(ctx: RequestContext, connectionId: number): Promise<{ count: number }> {
      if (!canManageConnections(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      const connection = await repo.connection(ctx.companyId, connectionId)
      if (!connection) throw new AppError('ERR_NO_WAPP_FOUND')
      const count = await tickets.closeImported(ctx.companyId, connectionId, ctx.user.id)
      await repo.clearCloseButton(ctx.companyId, connectionId)
      deps.realtime.emit(ctx.companyId, [rooms.connections], 'importMessages', {
        action: 'refresh',
        whatsappId: connectionId,
      })
      await announce(ctx.companyId, connectionId)
      return { count }
    },

    /**
     * Sweeps for quiet phones, and queues the imports left running by a shutdown (a running
     * import whose job is still queued is not queued twice).
     */
    async start() {
      for (const ref of await repo.running()) await queue(ref)
      sweep.start()
    },

    stop: () => sweep.stop(),
  }
}

export type MessageImportService = ReturnType<typeof createMessageImportService>
