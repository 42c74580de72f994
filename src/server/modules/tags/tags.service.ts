import type { RequestContext } from '@server/context'
import type { KanbanLanes } from '@shared/contracts/kanban'
import { randomInt } from 'node:crypto'
import {
  DEFAULT_TAG_COLOR,
  TAG_NAME,
  TAG_PAGE_SIZE,
  type CreateTagBody,
  type ListTagsQuery,
  type TagDto,
  type TagList,
  type TagPickerQuery,
  type TicketTagDto,
  type UpdateTagBody,
} from '@shared/contracts/tags'
import { isAdmin } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import { isId } from '@server/lib/id-list'
import { decodeNameCursor, encodeNameCursor } from '@server/lib/keyset-cursor'
import { isUniqueViolation } from '@server/lib/unique-violation'
import type { TicketCore } from '../tickets/tickets.core'
import type { TicketsService } from '../tickets/tickets.service'
import { presentTag } from './tags.presenter'
import { tagsRepository } from './tags.repository'

/** GET /tags/list answers every tag; a company with more is a misuse this bound contains. */
const PICKER_LIMIT = 1000

/** A random opaque colour for tags created from a typed name (000 §5). */
export const randomTagColor = () => `#${randomInt(0, 0x1000000).toString(16).padStart(6, '0')}`

/**
 * Tags and kanban lanes (000 §3 Tag, 002 §2.22, reference §10). Lanes (kanban 1) are the
 * admins': a profile user may use them but not create, change or delete them.
 */
export function createTagsService(
  deps: CoreDeps,
  collaborators: { tickets: TicketsService; ticketCore: TicketCore },
) {
  const { tickets, ticketCore } = collaborators
  const repo = tagsRepository(deps.db)

  function emit(companyId: number, payload: { action: 'create' | 'update'; tag: TagDto }) {
    deps.realtime.emit(companyId, [rooms.company], 'tag', payload)
  }

  function mayManage(ctx: RequestContext, kanban: number) {
    if (kanban === 1 && !isAdmin(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
  }

  async function dto(companyId: number, id: number): Promise<TagDto> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_TAG_FOUND')
    return presentTag(row)
  }

  return {
    async list(ctx: RequestContext, query: ListTagsQuery): Promise<TagList> {
      const filter = { search: query.searchParam?.trim() || undefined, kanban: query.kanban }
      const cursor = query.cursor ? decodeNameCursor(query.cursor) : null
      const offset = ((query.pageNumber ?? 1) - 1) * TAG_PAGE_SIZE
      const [rows, count] = await Promise.all([
        repo.page(ctx.companyId, filter, { limit: TAG_PAGE_SIZE, offset, cursor }),
        repo.count(ctx.companyId, filter),
      ])
      const hasMore = rows.length > TAG_PAGE_SIZE
      const page = rows.slice(0, TAG_PAGE_SIZE)
      const last = page.at(-1)
      return {
        tags: page.map(presentTag),
        count,
        hasMore,
        nextCursor: hasMore && last ? encodeNameCursor(last) : null,
      }
    },

    async picker(ctx: RequestContext, query: TagPickerQuery): Promise<TagDto[]> {
      const rows = await repo.all(
        ctx.companyId,
        { search: query.searchParam?.trim() || undefined, kanban: query.kanban },
        PICKER_LIMIT,
      )
      return rows.map(presentTag)
    },

    /** GET /tag/kanban/: the company's kanban lanes, in the order they were made. */
    async lanes(ctx: RequestContext): Promise<KanbanLanes> {
      const rows = await repo.all(ctx.companyId, { kanban: 1 }, PICKER_LIMIT)
      return { lista: rows.sort((a, b) => a.id - b.id).map(presentTag) }
    },

    get: (ctx: RequestContext, id: number) => dto(ctx.companyId, id),

    /** POST /tags: find-or-create on (name, kanban) as the reference's clients expect. */
    async create(ctx: RequestContext, body: CreateTagBody): Promise<TagDto> {
      const kanban = body.kanban ?? 0
      mayManage(ctx, kanban)
      const name = body.name.trim()
      if (name.length < TAG_NAME.min) throw new AppError('ERR_VALIDATION', { field: 'name' })
      const inserted = await repo.insert(ctx.companyId, {
        name,
        color: body.color ?? DEFAULT_TAG_COLOR,
        kanban,
      })
      const row = inserted ?? (await repo.findByName(ctx.companyId, name, kanban))
      if (!row) throw new AppError('ERR_INTERNAL')
      const tag = await dto(ctx.companyId, row.id)
      if (inserted) emit(ctx.companyId, { action: 'create', tag })
      return tag
    },

    async update(ctx: RequestContext, id: number, body: UpdateTagBody): Promise<TagDto> {
      const current = await repo.findById(ctx.companyId, id)
      if (!current) throw new AppError('ERR_NO_TAG_FOUND')
      mayManage(ctx, current.kanban)
      if (body.kanban !== undefined) mayManage(ctx, body.kanban)
      const name = body.name?.trim()
      if (name !== undefined && name.length < TAG_NAME.min)
        throw new AppError('ERR_VALIDATION', { field: 'name' })
      const taken = await repo.findByName(
        ctx.companyId,
        name ?? current.name,
        body.kanban ?? (current.kanban === 1 ? 1 : 0),
      )
      if (taken && taken.id !== id) throw new AppError('ERR_DUPLICATED_TAG')
      try {
        await repo.update(ctx.companyId, id, {
          ...(name === undefined ? {} : { name }),
          ...(body.color === undefined ? {} : { color: body.color }),
          ...(body.kanban === undefined ? {} : { kanban: body.kanban }),
        })
      } catch (error) {
        // Two renames racing to one name: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('ERR_DUPLICATED_TAG')
        throw error
      }
      const tag = await dto(ctx.companyId, id)
      emit(ctx.companyId, { action: 'update', tag })
      return tag
    },

    async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
      const current = await repo.findById(ctx.companyId, id)
      if (!current) throw new AppError('ERR_NO_TAG_FOUND')
      mayManage(ctx, current.kanban)
      if (!(await repo.delete(ctx.companyId, id))) throw new AppError('ERR_NO_TAG_FOUND')
      deps.realtime.emit(ctx.companyId, [rooms.company], 'tag', { action: 'delete', tagId: id })
      return { message: 'Tag deleted' }
    },

    /** The ids among `ids` that are the company's tags. */
    existing: (companyId: number, ids: number[]) => repo.existing(companyId, ids),

    /**
     * Plain tags by name, created (random colour unless given, kanban 0) when missing; used by
     * imports and the contact tag box. Runs inside the caller's transaction.
     */
    async findOrCreate(
      tx: Executor,
      companyId: number,
      wanted: { name: string; color?: string }[],
    ): Promise<{ ids: number[]; created: TagDto[] }> {
      const txRepo = tagsRepository(tx)
      const names = [...new Set(wanted.map((tag) => tag.name.trim()))]
      if (names.some((name) => name.length < TAG_NAME.min)) throw validationError('tags')
      const found = new Map((await txRepo.plainByNames(companyId, names)).map((t) => [t.name, t]))
      const created: TagDto[] = []
      for (const name of names) {
        if (found.has(name)) continue
        const color = wanted.find((tag) => tag.name.trim() === name)?.color ?? randomTagColor()
        const row =
          (await txRepo.insert(companyId, { name, color, kanban: 0 })) ??
          (await txRepo.findByName(companyId, name, 0))
        if (!row) throw new AppError('ERR_INTERNAL')
        found.set(name, row)
        created.push(presentTag({ ...row, ticketsCount: 0, contactsCount: 0 }))
      }
      return { ids: names.map((name) => found.get(name)!.id), created }
    },

    /** Announces tags created inside a committed transaction. */
    announceCreated(companyId: number, created: TagDto[]) {
      for (const tag of created) emit(companyId, { action: 'create', tag })
    },

    /**
     * PUT /ticket-tags/{ticketId}/{tagId}: one lane per ticket (reference §10), `empty` leaves
     * every lane. The ticket's update reaches everyone who sees it.
     */
    async setLane(
      ctx: RequestContext,
      ticketId: number,
      tagId: number | 'empty',
    ): Promise<TicketTagDto> {
      const ticket = await tickets.findVisible(ctx, ticketId)
      if (tagId !== 'empty') {
        // The path allows ten digits; anything past int4 cannot be a tag.
        const tag = isId(tagId) ? await repo.findById(ctx.companyId, tagId) : null
        if (!tag || tag.kanban !== 1) throw new AppError('ERR_NO_TAG_FOUND')
      }
      await deps.db.transaction(async (tx) => {
        const txRepo = tagsRepository(tx)
        await txRepo.lockTicket(ctx.companyId, ticket.id)
        await txRepo.clearLanes(ctx.companyId, ticket.id)
        if (tagId !== 'empty') await txRepo.linkTicket(ctx.companyId, ticket.id, tagId)
      })
      await ticketCore.emitUpdated(ctx.companyId, ticket.id)
      return { ticketId: ticket.id, tagId: tagId === 'empty' ? null : tagId }
    },

    /** DELETE /ticket-tags/{ticketId}: leaves the kanban lane; plain tags stay. */
    async clearLane(ctx: RequestContext, ticketId: number): Promise<{ message: string }> {
      const ticket = await tickets.findVisible(ctx, ticketId)
      await repo.clearLanes(ctx.companyId, ticket.id)
      await ticketCore.emitUpdated(ctx.companyId, ticket.id)
      return { message: 'Ticket tags removed' }
    },
  }
}

export type TagsService = ReturnType<typeof createTagsService>
