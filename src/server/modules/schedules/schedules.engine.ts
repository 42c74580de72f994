import type { ScheduleDayRule, ScheduleUnit } from '@shared/contracts/schedules'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import type { CompaniesService } from '../companies/companies.service'
import type { ConnectionsService } from '../connections/connections.service'
import type { AutomaticChange, AutomaticText, AutomaticWrites } from '../messages/outbound.types'
import type { TicketCore } from '../tickets/tickets.core'
import { nextOccurrence } from './schedules.recurrence'
import { schedulesRepository, type ScheduleWithNames } from './schedules.repository'
import type { ScheduleRow } from './schedules.table'

/** The singleton key of one send: a schedule's occurrence is sent once. */
export const scheduleSendKey = (scheduleId: number, sendAt: Date) =>
  `schedule:${scheduleId}:${sendAt.toISOString()}`

/** How far ahead the picker takes schedules (it runs every minute). */
export const PICK_AHEAD_MS = 60_000
/** Reference §3: a connection that is down is tried again after 1, 5 and 15 minutes. */
const RETRY_DELAYS_S = [60, 300, 900] as const

type SendOutcome = { scheduleId: number; change: AutomaticChange | null }

/**
 * The schedules engine (reference §3 "Build it right"). A picker every minute takes the
 * waiting schedules due within the minute, overdue ones included (a downtime loses none), and
 * queues one send per occurrence, keyed by schedule and time. A send locks its schedule, does
 * nothing unless that occurrence is still the one to send, and writes the message, the
 * schedule's next state and, for a recurring one, its next time, in one transaction.
 */
export function createScheduleEngine(
  deps: CoreDeps,
  collaborators: {
    companies: Pick<CompaniesService, 'context'>
    connections: Pick<ConnectionsService, 'findRow'>
    ticketCore: Pick<TicketCore, 'findOrCreateForSending'>
    messages: Pick<AutomaticWrites, 'writeTemplatedTexts' | 'announceAutomatic'>
    /** Tells the schedule's change after a commit. */
    changed: (companyId: number, scheduleIds: number[]) => Promise<void>
  },
) {
  const { companies, connections, ticketCore, messages, changed } = collaborators

  const sendJob = (
    tx: Executor,
    schedule: Pick<ScheduleRow, 'id' | 'companyId' | 'sendAt'>,
    at: Date,
  ) =>
    deps.jobs.send(
      'schedules.send',
      {
        companyId: schedule.companyId,
        scheduleId: schedule.id,
        sendAt: schedule.sendAt.toISOString(),
      },
      { singletonKey: scheduleSendKey(schedule.id, schedule.sendAt), startAfter: at, in: tx },
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

  /** After a send: the next occurrence while sends remain, else ENVIADA. */
  function afterSend(schedule: ScheduleRow, now: Date, timeZone: string) {
    const sends = schedule.contadorEnvio + 1
    const base = { contadorEnvio: sends, sentAt: now, attempts: 0, lastError: null }
    if (schedule.valorIntervalo <= 0 || sends >= schedule.enviarQuantasVezes)
      return { ...base, status: 'ENVIADA' as const }
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
    return { ...base, status: 'PENDENTE' as const, sendAt: next.at, occurrence: next.index }
  }

  async function sendIn(
    tx: Executor,
    data: JobPayloads['schedules.send'],
    company: { name: string; timezone: string },
    now: Date,
  ): Promise<SendOutcome | null> {
    const repo = schedulesRepository(tx)
    const locked = await repo.lock(data.companyId, data.scheduleId)
    if (!locked || locked.status !== 'AGENDADA' || locked.sendAt.toISOString() !== data.sendAt)
      return null
    const outcome: SendOutcome = { scheduleId: locked.id, change: null }
    const connection =
      locked.whatsappId === null
        ? undefined
        : await connections.findRow(locked.companyId, locked.whatsappId, tx)
    if (!connection) {
      await repo.update(locked.companyId, locked.id, {
        status: 'ERRO',
        lastError: 'ERR_NO_WAPP_FOUND',
      })
      return outcome
    }
    if (connection.status !== 'CONNECTED') {
      const wait = RETRY_DELAYS_S[locked.attempts]
      if (wait === undefined)
        await repo.update(locked.companyId, locked.id, {
          status: 'ERRO',
          lastError: 'ERR_WAPP_NOT_INITIALIZED',
        })
      else {
        await repo.update(locked.companyId, locked.id, {
          attempts: locked.attempts + 1,
          lastError: 'ERR_WAPP_NOT_INITIALIZED',
        })
        await sendJob(tx, locked, new Date(now.getTime() + wait * 1000))
      }
      return outcome
    }
    const schedule = (await repo.findById(locked.companyId, locked.id))!
    const contact = (await repo.contact(locked.companyId, locked.contactId))!
    const opens = locked.openTicket === 'enabled' && locked.statusTicket === 'open'
    const found = await ticketCore.findOrCreateForSending(tx, {
      companyId: locked.companyId,
      contact,
      connection,
      open: opens ? { status: 'open', userId: locked.ticketUserId, queueId: locked.queueId } : null,
    })
    const written = await messages.writeTemplatedTexts(tx, found.ticket, partsOf(schedule), {
      now,
      company,
    })
    outcome.change = { before: found.before ?? found.ticket, after: found.ticket, written }
    const next = afterSend(locked, now, company.timezone)
    await repo.update(locked.companyId, locked.id, next)
    return outcome
  }

  return {
    /** Drops the send queued for a schedule's current time (an edit or a delete). */
    unqueue: (tx: Executor, schedule: Pick<ScheduleRow, 'id' | 'sendAt'>) =>
      deps.jobs.cancelKeyed('schedules.send', scheduleSendKey(schedule.id, schedule.sendAt), {
        in: tx,
      }),

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

    /** The picker: every waiting schedule due within the minute gets its send, at its time. */
    async pick() {
      const now = Date.now()
      const taken = await deps.db.transaction(async (tx) => {
        const due = await schedulesRepository(tx).takeDue(new Date(now + PICK_AHEAD_MS))
        await deps.jobs.sendMany(
          'schedules.send',
          due.map((row) => ({
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
      for (const row of taken)
        byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.id])
      for (const [companyId, ids] of byCompany) await changed(companyId, ids)
    },

    /**
     * One send. A failure is retried by its queue; after the last try the schedule is ERRO
     * with the error, visible on the calendar.
     */
    async send(data: JobPayloads['schedules.send'], run: JobRun) {
      const context = await companies.context(data.companyId)
      if (!context) return
      const company = { name: context.name, timezone: context.timezone }
      const now = new Date()
      let outcome: SendOutcome | null
      try {
        outcome = await deps.db.transaction((tx) => sendIn(tx, data, company, now))
      } catch (error) {
        if (!run.lastTry) throw error
        deps.log.error({ err: error, ...data }, 'scheduled message gave up')
        outcome = await deps.db.transaction(async (tx) => {
          const repo = schedulesRepository(tx)
          const locked = await repo.lock(data.companyId, data.scheduleId)
          if (locked?.status !== 'AGENDADA') return null
          await repo.update(data.companyId, data.scheduleId, {
            status: 'ERRO',
            lastError: 'ERR_INTERNAL',
          })
          return { scheduleId: data.scheduleId, change: null }
        })
      }
      if (!outcome) return
      if (outcome.change) await messages.announceAutomatic(data.companyId, [outcome.change])
      await changed(data.companyId, [outcome.scheduleId])
    },
  }
}

export type ScheduleEngine = ReturnType<typeof createScheduleEngine>
