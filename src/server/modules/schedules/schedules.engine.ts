import { setImmediate as nextTurn } from 'node:timers/promises'
import type { ScheduleDayRule, ScheduleUnit } from '@shared/contracts/schedules'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { groupBy } from '@server/lib/group-by'
import type { JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import type { CompaniesService } from '../companies/companies.service'
import type { ConnectionRow } from '../connections/connections.table'
import type { ConnectionsService } from '../connections/connections.service'
import type { MessageRow } from '../messages/messages.table'
import type { AutomaticChange, AutomaticText, AutomaticWrites } from '../messages/outbound.types'
import type { FindOrCreateResult, TicketCore } from '../tickets/tickets.core'
import { nextOccurrence } from './schedules.recurrence'
import { schedulesRepository, type ScheduleWithNames } from './schedules.repository'
import type { ScheduleRow } from './schedules.table'

/** The singleton key of a send job, named after one schedule and its time. */
export const scheduleSendKey = (scheduleId: number, sendAt: Date) =>
  `schedule:${scheduleId}:${sendAt.toISOString()}`
/**
 * The key of a retry of a schedule whose connection was down: one per try, so that a send
 * queued under the schedule's own key never refuses it.
 */
export const scheduleRetryKey = (scheduleId: number, sendAt: Date, attempt: number) =>
  `${scheduleSendKey(scheduleId, sendAt)}:retry:${attempt}`

/** How far ahead the picker takes schedules (it runs every minute). */
export const PICK_AHEAD_MS = 60_000
/** Reference §3: a connection that is down is tried again after 1, 5 and 15 minutes. */
const RETRY_DELAYS_S = [60, 300, 900] as const
/** Schedules sent in one transaction. */
export const SEND_BATCH = 100
/**
 * The picker queues one send job per this many schedules of a company due at the same time,
 * so that several workers share a large minute.
 */
export const SCHEDULES_PER_JOB = 2_500
/** A send job stops after this long and queues the rest (its expiry is 60 s). */
const SLICE_MS = 15_000
/** A retry counts as due this much early: its job's time and its row's differ by a statement. */
const RETRY_EARLY_MS = 2_000

type Taken = Pick<ScheduleRow, 'id' | 'companyId' | 'sendAt'>
type SendOutcome = { scheduleId: number; change: AutomaticChange | null }
type Company = { name: string; timezone: string }
/** What the schedules need of a message whose status changed. */
type SettledMessage = Pick<MessageRow, 'scheduleId' | 'sendStatus' | 'sendError'>

/** Whether a schedule's message opens a ticket (else it is only logged in the history). */
const opensTicket = (row: ScheduleRow) =>
  row.openTicket === 'enabled' && row.statusTicket === 'open'

/** Schedules with the same key have their tickets found together. */
const ticketChoiceKey = (row: ScheduleRow) =>
  opensTicket(row)
    ? `${row.whatsappId}:open:${row.ticketUserId}:${row.queueId}`
    : `${row.whatsappId}`

/**
 * The schedules engine (reference §3 "Build it right"). A picker every minute takes the
 * waiting schedules due within the minute, overdue ones included (a downtime loses none), and
 * queues their sends at their time: one send job per company and time (one per
 * SCHEDULES_PER_JOB schedules of a large one), named after one of its schedules. A send job
 * sends every schedule of its company taken for its time, SEND_BATCH to a transaction: each is
 * locked, sent only if still taken for that time, and its message, its next state and, for a
 * recurring one, its next time are written in that one transaction, so that an occurrence is
 * sent once however many jobs share the time. A schedule whose connection is down waits for
 * its own retry job; the others of its time go on.
 */
export function createScheduleEngine(
  deps: CoreDeps,
  collaborators: {
    companies: Pick<CompaniesService, 'context'>
    connections: Pick<ConnectionsService, 'findRow'>
    ticketCore: Pick<TicketCore, 'findOrCreateForSending'>
    messages: Pick<AutomaticWrites, 'writeTemplatedTexts' | 'announceAutomatic'>
    /** Tells the schedules' change after a commit. */
    changed: (companyId: number, scheduleIds: number[]) => Promise<void>
  },
) {
  const { companies, connections, ticketCore, messages, changed } = collaborators

  const sendJob = (
    executor: Executor | null,
    schedule: Taken,
    at: Date | null,
    singletonKey = scheduleSendKey(schedule.id, schedule.sendAt),
  ) =>
    deps.jobs.send(
      'schedules.send',
      {
        companyId: schedule.companyId,
        scheduleId: schedule.id,
        sendAt: schedule.sendAt.toISOString(),
      },
      { singletonKey, ...(at ? { startAfter: at } : {}), ...(executor ? { in: executor } : {}) },
    )

  /** The message as written: signed with its creator's name when asked, with its image. */
  function partsOf(schedule: ScheduleWithNames): AutomaticText[] {
    const signed =
      schedule.assinar && schedule.userName
        ? `*${schedule.userName}:*\n${schedule.body}`
        : schedule.body
    const source = { scheduleId: schedule.id }
    const body = signed.trim()
    if (!schedule.mediaPath) return [{ body, source }]
    return [
      {
        body,
        source,
        attachment: {
          path: schedule.mediaPath,
          name: schedule.mediaName ?? schedule.mediaPath,
          mime: schedule.mediaMime ?? 'image/jpeg',
          kind: 'image',
        },
      },
    ]
  }

  /** Whether this send is the schedule's last: it is ENVIADA after it. */
  const lastSend = (schedule: ScheduleRow) =>
    schedule.valorIntervalo <= 0 || schedule.contadorEnvio + 1 >= schedule.enviarQuantasVezes

  /** After a send that is not the last: the next occurrence. */
  function nextSend(schedule: ScheduleRow, now: Date, timeZone: string) {
    const next = nextOccurrence(
      {
        base: schedule.baseSendAt,
        unit: schedule.intervalo as ScheduleUnit,
        every: schedule.valorIntervalo,
        dayRule: schedule.tipoDias as ScheduleDayRule,
        timeZone,
      },
      schedule.occurrence,
      now,
    )
    return {
      contadorEnvio: schedule.contadorEnvio + 1,
      sentAt: now,
      attempts: 0,
      lastError: null,
      status: 'PENDENTE' as const,
      sendAt: next.at,
      occurrence: next.index,
    }
  }

  /**
   * Sends schedules locked in `tx`, each still taken for its time (AGENDADA): one company's,
   * their names, contacts and connections read once for all.
   */
  async function sendLocked(
    tx: Executor,
    locked: ScheduleRow[],
    company: Company,
    now: Date,
  ): Promise<SendOutcome[]> {
    if (locked.length === 0) return []
    const repo = schedulesRepository(tx)
    const companyId = locked[0]!.companyId
    const ids = locked.map((row) => row.id)
    const named = new Map((await repo.findByIds(companyId, ids)).map((row) => [row.id, row]))
    const contacts = new Map(
      (
        await repo.contacts(
          companyId,
          locked.map((row) => row.contactId),
        )
      ).map((row) => [row.id, row]),
    )
    const connectionRows = new Map<number, ConnectionRow | undefined>()
    const outcomes: SendOutcome[] = []
    const ready: { row: ScheduleRow; connection: ConnectionRow; outcome: SendOutcome }[] = []
    for (const row of locked) {
      const outcome: SendOutcome = { scheduleId: row.id, change: null }
      outcomes.push(outcome)
      if (row.whatsappId !== null && !connectionRows.has(row.whatsappId))
        connectionRows.set(row.whatsappId, await connections.findRow(companyId, row.whatsappId, tx))
      const connection = row.whatsappId === null ? undefined : connectionRows.get(row.whatsappId)
      if (!connection) {
        await repo.update(companyId, row.id, { status: 'ERRO', lastError: 'ERR_NO_WAPP_FOUND' })
        continue
      }
      if (connection.status !== 'CONNECTED') {
        const wait = RETRY_DELAYS_S[row.attempts]
        if (wait === undefined)
          await repo.update(companyId, row.id, {
            status: 'ERRO',
            lastError: 'ERR_WAPP_NOT_INITIALIZED',
          })
        else {
          await repo.update(companyId, row.id, {
            attempts: row.attempts + 1,
            lastError: 'ERR_WAPP_NOT_INITIALIZED',
          })
          await sendJob(
            tx,
            row,
            new Date(now.getTime() + wait * 1000),
            scheduleRetryKey(row.id, row.sendAt, row.attempts + 1),
          )
        }
        continue
      }
      ready.push({ row, connection, outcome })
    }
    // The tickets of the schedules sharing a connection and a ticket choice, found at once.
    const found = new Map<number, FindOrCreateResult>()
    for (const group of groupBy(ready, ({ row }) => ticketChoiceKey(row)).values()) {
      // Requests, webhooks and timers get their turn between two groups: on the embedded
      // database a statement never waits for I/O, so a minute of sends would hold the loop.
      await nextTurn()
      const { row, connection } = group[0]!
      const tickets = await ticketCore.findOrCreateForSending(tx, {
        companyId,
        contacts: group.map((item) => contacts.get(item.row.contactId)!),
        connection,
        open: opensTicket(row)
          ? { status: 'open', userId: row.ticketUserId, queueId: row.queueId }
          : null,
      })
      for (const item of group) found.set(item.row.id, tickets.get(item.row.contactId)!)
    }
    const written = await messages.writeTemplatedTexts(
      tx,
      companyId,
      ready.map(({ row }) => ({
        ticket: found.get(row.id)!.ticket,
        answers: partsOf(named.get(row.id)!),
      })),
      { now, company },
    )
    const sentForGood: number[] = []
    for (const [index, { row, outcome }] of ready.entries()) {
      const { ticket, before } = found.get(row.id)!
      outcome.change = { before: before ?? ticket, after: ticket, written: written[index]! }
      if (lastSend(row)) sentForGood.push(row.id)
      else await repo.update(companyId, row.id, nextSend(row, now, company.timezone))
    }
    await repo.markSent(companyId, sentForGood, now)
    return outcomes
  }

  /** After a commit: the messages' and tickets' events, then the schedules'. */
  async function announce(companyId: number, outcomes: SendOutcome[]) {
    if (outcomes.length === 0) return
    const changes = outcomes.flatMap((outcome) => (outcome.change ? [outcome.change] : []))
    if (changes.length > 0) await messages.announceAutomatic(companyId, changes)
    await changed(
      companyId,
      outcomes.map((outcome) => outcome.scheduleId),
    )
  }

  /**
   * The job's own schedule when it waits for a retry (the sweep leaves those): tried once its
   * retry is due (RETRY_DELAYS_S after its last try), else its retry job is queued again for
   * then (refused when it is still queued).
   */
  async function retryOwn(
    tx: Executor,
    data: JobPayloads['schedules.send'],
    company: Company,
  ): Promise<SendOutcome[]> {
    const locked = await schedulesRepository(tx).lock(data.companyId, data.scheduleId)
    if (
      !locked ||
      locked.status !== 'AGENDADA' ||
      locked.attempts === 0 ||
      locked.sendAt.toISOString() !== data.sendAt
    )
      return []
    const now = new Date()
    const due = locked.updatedAt.getTime() + RETRY_DELAYS_S[locked.attempts - 1]! * 1000
    if (due <= now.getTime() + RETRY_EARLY_MS) return sendLocked(tx, [locked], company, now)
    await sendJob(
      tx,
      locked,
      new Date(due),
      scheduleRetryKey(locked.id, locked.sendAt, locked.attempts),
    )
    return []
  }

  /** Records a schedule that failed on its last try as ERRO, visible on the calendar. */
  async function gaveUp(companyId: number, scheduleId: number, error: unknown) {
    deps.log.error({ err: error, companyId, scheduleId }, 'scheduled message gave up')
    return deps.db.transaction(async (tx) => {
      const repo = schedulesRepository(tx)
      const locked = await repo.lock(companyId, scheduleId)
      if (locked?.status !== 'AGENDADA') return []
      await repo.update(companyId, scheduleId, { status: 'ERRO', lastError: 'ERR_INTERNAL' })
      return [{ scheduleId, change: null }]
    })
  }

  /** Records the schedules whose last send the provider refused for good as ERRO. */
  async function sendsFailed(companyId: number, failed: readonly SettledMessage[]) {
    const changedIds = await deps.db.transaction(async (tx) => {
      const repo = schedulesRepository(tx)
      const ids: number[] = []
      for (const { scheduleId, sendError } of failed) {
        const locked = await repo.lock(companyId, scheduleId!)
        // Sent (for the last time, or with its next time planned): not one waiting or failed.
        if (!locked?.sentAt || (locked.status !== 'ENVIADA' && locked.status !== 'PENDENTE'))
          continue
        await repo.update(companyId, locked.id, {
          status: 'ERRO',
          lastError: sendError ?? 'ERR_SENDING_WAPP_MSG',
        })
        ids.push(locked.id)
      }
      return ids
    })
    if (changedIds.length > 0) await changed(companyId, changedIds)
  }

  return {
    /**
     * Messages changed status. Those of schedules the provider refused for good (the sender's
     * last try) turn their schedule ERRO with the reason, visible on the calendar: a recurring
     * one stops there until it is given a new time.
     */
    messagesMoved(companyId: number, rows: readonly SettledMessage[]) {
      const failed = rows.filter((row) => row.scheduleId !== null && row.sendStatus === 'failed')
      if (failed.length === 0) return
      sendsFailed(companyId, failed).catch((error: unknown) =>
        deps.log.error({ err: error, companyId }, 'schedule failure not recorded'),
      )
    },

    /**
     * Drops the sends queued under a schedule's keys for its current time (an edit or a
     * delete); when it was taken, the others taken for that time get a send of their own, in
     * case the dropped one was theirs.
     */
    async unqueue(
      tx: Executor,
      schedule: Pick<ScheduleRow, 'id' | 'companyId' | 'sendAt' | 'status' | 'attempts'>,
    ) {
      await deps.jobs.cancelKeyed('schedules.send', scheduleSendKey(schedule.id, schedule.sendAt), {
        in: tx,
      })
      if (schedule.attempts > 0)
        await deps.jobs.cancelKeyed(
          'schedules.send',
          scheduleRetryKey(schedule.id, schedule.sendAt, schedule.attempts),
          { in: tx },
        )
      if (schedule.status !== 'AGENDADA') return
      const other = await schedulesRepository(tx).anotherTaken(
        schedule.companyId,
        schedule.sendAt,
        0,
        schedule.id,
      )
      if (other) await sendJob(tx, other, new Date(Math.max(Date.now(), other.sendAt.getTime())))
    },

    /** Takes a schedule just saved when it is due within the picker's minute (or overdue). */
    async takeIfDue(tx: Executor, companyId: number, scheduleId: number) {
      const now = Date.now()
      const taken = await schedulesRepository(tx).takeOneIfDue(
        companyId,
        scheduleId,
        new Date(now + PICK_AHEAD_MS),
      )
      if (taken) await sendJob(tx, taken, new Date(Math.max(now, taken.sendAt.getTime())))
    },

    /**
     * The picker: every waiting schedule due within the minute is taken, and each company's
     * time gets its send jobs, at that time.
     */
    async pick() {
      const now = Date.now()
      const taken = await deps.db.transaction(async (tx) => {
        const due = await schedulesRepository(tx).takeDue(new Date(now + PICK_AHEAD_MS))
        const byTime = new Map<string, Taken[]>()
        for (const row of due) {
          const key = `${row.companyId}:${row.sendAt.toISOString()}`
          const rows = byTime.get(key)
          if (rows) rows.push(row)
          else byTime.set(key, [row])
        }
        const named = [...byTime.values()].flatMap((rows) =>
          rows.sort((a, b) => a.id - b.id).filter((_, index) => index % SCHEDULES_PER_JOB === 0),
        )
        await deps.jobs.sendMany(
          'schedules.send',
          named.map((row) => ({
            data: {
              companyId: row.companyId,
              scheduleId: row.id,
              sendAt: row.sendAt.toISOString(),
            },
            singletonKey: scheduleSendKey(row.id, row.sendAt),
            startAfter: new Date(Math.max(now, row.sendAt.getTime())),
          })),
          { in: tx },
        )
        return due
      })
      if (taken.length === 0) return
      deps.jobs.wake('schedules.send')
      const byCompany = new Map<number, number[]>()
      for (const row of taken) {
        const ids = byCompany.get(row.companyId)
        if (ids) ids.push(row.id)
        else byCompany.set(row.companyId, [row.id])
      }
      for (const [companyId, ids] of byCompany) await changed(companyId, ids)
    },

    /**
     * A send job: its own schedule if it waits for a retry, then every schedule of its company
     * taken for its time, a batch to a transaction, for up to SLICE_MS (a continuation takes
     * the rest). A batch that fails is tried again one schedule at a time; a schedule that
     * fails alone fails the job, which its queue retries; after the last try it is ERRO.
     */
    async send(data: JobPayloads['schedules.send'], run: JobRun) {
      const context = await companies.context(data.companyId)
      if (!context) return
      const company = { name: context.name, timezone: context.timezone }
      const { companyId } = data
      const sendAt = new Date(data.sendAt)
      const started = Date.now()
      const repo = schedulesRepository(deps.db)
      // Read before locking: the lock would wait for a sweep that holds a schedule not waiting.
      try {
        if (await repo.waitsForRetry(companyId, data.scheduleId))
          await announce(companyId, await deps.db.transaction((tx) => retryOwn(tx, data, company)))
      } catch (error) {
        if (!run.lastTry) throw error
        await announce(companyId, await gaveUp(companyId, data.scheduleId, error))
      }
      let after = 0
      let failed: Error | null = null
      for (;;) {
        if (Date.now() - started > SLICE_MS || run.signal.aborted) {
          // Under this job's own key, so that the jobs sharing a large time stay as many.
          if (await repo.anotherTaken(companyId, sendAt, after, 0))
            await sendJob(null, { id: data.scheduleId, companyId, sendAt }, null)
          break
        }
        let batch: number[] = []
        let outcomes: SendOutcome[]
        try {
          outcomes = await deps.db.transaction(async (tx) => {
            const locked = await schedulesRepository(tx).lockTaken(
              companyId,
              sendAt,
              after,
              SEND_BATCH,
            )
            batch = locked.map((row) => row.id)
            return sendLocked(tx, locked, company, new Date())
          })
        } catch (error) {
          if (batch.length === 0) throw error
          // One at a time, so that one schedule's failure leaves the others sent.
          outcomes = []
          for (const scheduleId of batch) {
            try {
              outcomes.push(
                ...(await deps.db.transaction(async (tx) => {
                  const [locked] = await schedulesRepository(tx).lockTaken(
                    companyId,
                    sendAt,
                    scheduleId - 1,
                    1,
                  )
                  return locked?.id === scheduleId
                    ? sendLocked(tx, [locked], company, new Date())
                    : []
                })),
              )
            } catch (error) {
              if (run.lastTry) outcomes.push(...(await gaveUp(companyId, scheduleId, error)))
              else failed ??= error instanceof Error ? error : new Error(String(error))
            }
          }
        }
        await announce(companyId, outcomes)
        if (batch.length < SEND_BATCH) break
        after = batch.at(-1)!
      }
      if (failed) throw failed
    },
  }
}

export type ScheduleEngine = ReturnType<typeof createScheduleEngine>
