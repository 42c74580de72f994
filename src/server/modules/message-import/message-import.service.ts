import type { RequestContext } from '@server/context'
import { canManageConnections } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { HistoryIntake, HistoryMessage } from '@server/channels/whatsapp'
import type { InboundIntake } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * History import of a WhatsApp connection (001 §3 import fields, §4, reference §6): the history
 * the phone sends while pairing is staged in the database, filtered to the connection's window;
 * once the phone is done (or quiet) it goes, oldest first, through the inbound pipeline marked as
 * imported — idempotent by provider id, no bots, no live message events — with progress on
 * `importMessages-{companyId}`. Then the imported pending tickets are closed, or left for the
 * "close imported tickets" button.
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
  const finished = new Set<number>()
  const running = new Map<number, Promise<void>>()
  let sweep: NodeJS.Timeout | null = null
  /** Shutting down: imports stop between chunks and stay Running, to resume at the next start. */
  let stopping = false

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
  async function settle(connectionId: number) {
    await pipeline.drain()
    while (!stopping && (await pipeline.pendingFor(connectionId)) > 0) {
      await sleep(timing.settlePollMs)
      await pipeline.drain()
    }
  }

  async function run({ companyId, id }: ConnectionRef) {
    const all = await repo.countStaged(companyId, id)
    let done = 0
    for (;;) {
      if (stopping) return
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
    await settle(id)
    if (stopping) return
    const connection = await repo.connection(companyId, id)
    if (!connection) return
    if (connection.closedTicketsPostImported) await tickets.closeImported(companyId, id, null)
    const waiting =
      !connection.closedTicketsPostImported && (await tickets.hasImportedPending(companyId, id))
    await repo.finish(companyId, id, waiting ? 'renderButtonCloseTickets' : null)
    deps.realtime.emit(companyId, [rooms.connections], 'importMessages', {
      action: 'refresh',
      whatsappId: id,
    })
    await announce(companyId, id)
  }

  /** Runs an import once per process; a second call joins the first. */
  function runOnce(ref: ConnectionRef, claim: boolean): Promise<void> {
    const current = running.get(ref.id)
    if (current) return current
    const task = (async () => {
      if (claim && !(await repo.claim(ref.companyId, ref.id))) return
      finished.delete(ref.id)
      if (claim) await announce(ref.companyId, ref.id)
      await run(ref)
    })()
      .catch((err: unknown) =>
        deps.log.error({ err, connectionId: ref.id }, 'history import failed'),
      )
      .finally(() => running.delete(ref.id))
    running.set(ref.id, task)
    return task
  }

  /** Starts the imports that are due, and waits for every import this process runs. */
  async function runDue() {
    const due = await repo.due(Date.now() - timing.quietMs, [...finished])
    await Promise.all([...due.map((ref) => runOnce(ref, true)), ...running.values()])
  }

  const history: HistoryIntake = {
    stage: (connection, messages) => stage(connection, messages),
    complete(connection) {
      finished.add(connection.id)
      void runDue().catch((err: unknown) => deps.log.error({ err }, 'history import sweep failed'))
    },
  }

  return {
    history,
    /** Tests await it; the sweep calls it too. */
    runDue,

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

    /** Resumes imports a restart interrupted and sweeps for quiet phones. */
    async start() {
      stopping = false
      for (const ref of await repo.running()) void runOnce(ref, false)
      sweep ??= setInterval(() => {
        runDue().catch((err: unknown) => deps.log.error({ err }, 'history import sweep failed'))
      }, timing.sweepMs)
      sweep.unref()
    },

    async stop() {
      stopping = true
      if (sweep) clearInterval(sweep)
      sweep = null
      await Promise.allSettled(running.values())
    },
  }
}

export type MessageImportService = ReturnType<typeof createMessageImportService>
