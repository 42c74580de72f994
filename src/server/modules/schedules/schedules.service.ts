import type { RequestContext } from '@server/context'
import {
  SCHEDULE_MEDIA_MAX_BYTES,
  SCHEDULE_PAGE_SIZE,
  SCHEDULE_RANGE_MAX,
  type ListSchedulesQuery,
  type SaveScheduleBody,
  type ScheduleDto,
  type SchedulePage,
} from '@shared/contracts/schedules'
import { changesSchedule, scheduleProblems } from '@shared/contracts/schedules-rules'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import type { MediaService } from '../media/media.service'
import { createAttachments } from '../media/media.attachment'
import type { UploadedFile } from '../media/media.upload'
import type { ScheduleEngine } from './schedules.engine'
import { presentSchedule } from './schedules.presenter'
import {
  schedulesRepository,
  type ScheduleValues,
  type ScheduleWithNames,
} from './schedules.repository'

const FOLDER = 'schedules'

/** What a schedule may refer to, checked against the caller's company. */
export interface ScheduleReferences {
  connectionExists(companyId: number, id: number): Promise<boolean>
  defaultConnectionId(companyId: number): Promise<number | null>
  userExists(companyId: number, id: number): Promise<boolean>
  queueExists(companyId: number, id: number): Promise<boolean>
}

/**
 * Scheduled messages (002 §2.7, §3.3, reference §3): plans with schedules; every user reads the
 * company's, its creator or an admin changes one. The engine (schedules.engine.ts) sends them.
 */
export function createSchedulesService(
  deps: CoreDeps,
  collaborators: {
    engine: Pick<ScheduleEngine, 'unqueue' | 'takeIfDue'>
    references: ScheduleReferences
    media: Pick<MediaService, 'saveFile' | 'remove' | 'signedUrl'>
    /** Whether a sent message shows a stored file: schedule files are shared with them. */
    fileShown: (companyId: number, path: string) => Promise<boolean>
  },
) {
  const { engine, references, media, fileShown } = collaborators
  const repo = schedulesRepository(deps.db)
  // 002 §5: an image.
  const attachments = createAttachments(deps, {
    media,
    fileShown,
    folder: FOLDER,
    maxBytes: SCHEDULE_MEDIA_MAX_BYTES,
    accepts: (file) => file.kind === 'image',
    missing: 'ERR_NO_SCHEDULE_FOUND',
  })

  const present = (companyId: number, row: ScheduleWithNames) =>
    presentSchedule(row, (path) => media.signedUrl(companyId, path))

  function emit(companyId: number, payload: CompanyEventPayloads['schedule']) {
    deps.realtime.emit(companyId, [rooms.company], 'schedule', payload)
  }

  async function found(companyId: number, id: number): Promise<ScheduleWithNames> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_SCHEDULE_FOUND')
    return row
  }

  async function changeable(ctx: RequestContext, id: number): Promise<ScheduleWithNames> {
    const row = await found(ctx.companyId, id)
    if (!changesSchedule(ctx.user, row)) throw new AppError('ERR_NO_PERMISSION')
    return row
  }

  /** The schedule as it is now, told to the company. */
  async function changed(companyId: number, id: number, action: 'create' | 'update' = 'update') {
    const row = await repo.findById(companyId, id)
    if (!row) return null
    const schedule = present(companyId, row)
    emit(companyId, { action, schedule })
    return schedule
  }

  /**
   * The stored values of a valid form: its contact the company's, its connection given or
   * resolved now (the contact's last one, else the default), so the sender never guesses.
   */
  async function valuesOf(
    companyId: number,
    body: SaveScheduleBody,
    current: ScheduleWithNames | null,
  ): Promise<Omit<ScheduleValues, 'userId'>> {
    const hasMedia = Boolean(body.isMedia) || Boolean(current?.mediaPath)
    const [field] = Object.keys(scheduleProblems({ ...body, hasMedia }))
    if (field) throw validationError(field)
    const contact = await repo.contact(companyId, body.contactId!)
    if (!contact) throw validationError('contactId')
    let whatsappId = body.whatsappId ?? null
    if (whatsappId !== null && !(await references.connectionExists(companyId, whatsappId)))
      throw validationError('whatsappId')
    whatsappId ??=
      (await repo.lastConnectionOf(companyId, contact.id)) ??
      (await references.defaultConnectionId(companyId))
    if (whatsappId === null) throw validationError('whatsappId')
    const opens = (body.openTicket ?? 'enabled') === 'enabled'
    const ticketUserId = opens ? (body.ticketUserId ?? null) : null
    const queueId = opens ? (body.queueId ?? null) : null
    if (ticketUserId && !(await references.userExists(companyId, ticketUserId)))
      throw validationError('ticketUserId')
    if (queueId && !(await references.queueExists(companyId, queueId)))
      throw validationError('queueId')
    const sendAt = new Date(body.sendAt)
    const valorIntervalo = body.valorIntervalo ?? 0
    return {
      body: body.body.trim(),
      sendAt,
      baseSendAt: sendAt,
      occurrence: 0,
      contactId: contact.id,
      whatsappId,
      openTicket: opens ? 'enabled' : 'disabled',
      statusTicket: opens ? (body.statusTicket ?? 'closed') : 'closed',
      ticketUserId,
      queueId,
      intervalo: body.intervalo ?? 1,
      valorIntervalo,
      enviarQuantasVezes: valorIntervalo > 0 ? (body.enviarQuantasVezes ?? 1) : 1,
      tipoDias: body.tipoDias ?? 4,
      assinar: body.assinar ?? false,
    }
  }

  return {
    /** Tells these schedules as they are now (the engine moved their status). */
    async announce(companyId: number, ids: number[]) {
      for (const row of await repo.findByIds(companyId, ids))
        emit(companyId, { action: 'update', schedule: present(companyId, row) })
    },

    /** GET /schedules: a page, newest first; with `start` and `end`, the calendar's range. */
    async list(ctx: RequestContext, query: ListSchedulesQuery): Promise<SchedulePage> {
      const filters = {
        ...(query.contactId ? { contactId: query.contactId } : {}),
        ...(query.userId ? { userId: query.userId } : {}),
      }
      if (query.start && query.end) {
        const rows = await repo.range(ctx.companyId, {
          start: new Date(query.start),
          end: new Date(query.end),
          limit: SCHEDULE_RANGE_MAX,
          ...filters,
        })
        const shown = rows.slice(0, SCHEDULE_RANGE_MAX)
        return {
          schedules: shown.map((row) => present(ctx.companyId, row)),
          count: shown.length,
          hasMore: rows.length > SCHEDULE_RANGE_MAX,
        }
      }
      const { rows, count } = await repo.page(ctx.companyId, {
        search: query.searchParam?.trim() || undefined,
        limit: SCHEDULE_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * SCHEDULE_PAGE_SIZE,
        ...filters,
      })
      return {
        schedules: rows.slice(0, SCHEDULE_PAGE_SIZE).map((row) => present(ctx.companyId, row)),
        count,
        hasMore: rows.length > SCHEDULE_PAGE_SIZE,
      }
    },

    get: async (ctx: RequestContext, id: number) =>
      present(ctx.companyId, await found(ctx.companyId, id)),

    /**
     * POST /schedules: PENDENTE, taken by the picker shortly before its time; one due within the
     * picker's minute is taken at once, so it is not a minute late.
     */
    async create(ctx: RequestContext, body: SaveScheduleBody): Promise<ScheduleDto> {
      const values = await valuesOf(ctx.companyId, body, null)
      const id = await deps.db.transaction(async (tx) => {
        const created = await schedulesRepository(tx).insert(ctx.companyId, {
          ...values,
          userId: ctx.user.id,
        })
        await engine.takeIfDue(tx, ctx.companyId, created)
        return created
      })
      deps.jobs.wake('schedules.send')
      return (await changed(ctx.companyId, id, 'create'))!
    },

    /**
     * PUT /schedules/{id}: sent again from its (new) time, the sends made kept; a send queued
     * for the old time is dropped (reference §3 "Editing").
     */
    async update(ctx: RequestContext, id: number, body: SaveScheduleBody): Promise<ScheduleDto> {
      const current = await changeable(ctx, id)
      const values = await valuesOf(ctx.companyId, body, current)
      const future = values.sendAt.getTime() > Date.now()
      await deps.db.transaction(async (tx) => {
        const locked = await schedulesRepository(tx).lock(ctx.companyId, id)
        if (!locked) throw new AppError('ERR_NO_SCHEDULE_FOUND')
        await engine.unqueue(tx, locked)
        await schedulesRepository(tx).update(ctx.companyId, id, {
          ...values,
          // A sent one moved to the past stays sent; anything else waits for its time again.
          ...(future || locked.status !== 'ENVIADA'
            ? { status: 'PENDENTE' as const, attempts: 0, lastError: null }
            : {}),
        })
        await engine.takeIfDue(tx, ctx.companyId, id)
      })
      deps.jobs.wake('schedules.send')
      return (await changed(ctx.companyId, id))!
    },

    async remove(ctx: RequestContext, id: number): Promise<void> {
      await changeable(ctx, id)
      const removed = await deps.db.transaction(async (tx) => {
        const locked = await schedulesRepository(tx).lock(ctx.companyId, id)
        if (!locked) throw new AppError('ERR_NO_SCHEDULE_FOUND')
        await engine.unqueue(tx, locked)
        return schedulesRepository(tx).remove(ctx.companyId, id)
      })
      await attachments.release(ctx.companyId, removed?.mediaPath)
      emit(ctx.companyId, { action: 'delete', scheduleId: id })
    },

    /** POST /schedules/{id}/media-upload: an image (002 §5), replacing the one before. */
    async uploadMedia(
      ctx: RequestContext,
      id: number,
      readFile: () => Promise<UploadedFile>,
    ): Promise<ScheduleDto> {
      const before = await changeable(ctx, id)
      await attachments.replace(ctx.companyId, await readFile(), before.mediaPath, async (fields) =>
        Boolean(await repo.update(ctx.companyId, id, fields)),
      )
      return (await changed(ctx.companyId, id))!
    },

    /** DELETE /schedules/{id}/media-upload: a text then needs its 5 characters. */
    async removeMedia(ctx: RequestContext, id: number): Promise<ScheduleDto> {
      const before = await changeable(ctx, id)
      if (
        scheduleProblems({ ...before, sendAt: before.sendAt.toISOString(), hasMedia: false }).body
      )
        throw validationError('body')
      await attachments.clear(ctx.companyId, before.mediaPath, async (fields) =>
        Boolean(await repo.update(ctx.companyId, id, fields)),
      )
      return (await changed(ctx.companyId, id))!
    },
  }
}

export type SchedulesService = ReturnType<typeof createSchedulesService>
