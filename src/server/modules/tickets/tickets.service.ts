import type { RequestContext } from '@server/context'
import { listScope, selectableQueues } from '@shared/tickets/visibility'
import type { Channel } from '@shared/contracts/connections'
import {
  TICKET_COUNT_CAP,
  TICKET_UNBADGED_COUNT_CAP,
  TICKET_PAGE_SIZE,
  type CreateTicketBody,
  type ListTicketsQuery,
  type TicketConflict,
  type TicketDto,
  type TicketList,
  type TicketLogDto,
  type UpdateTicketBody,
} from '@shared/contracts/tickets'
import { isAdmin } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { ticketTimerKey } from '@server/jobs/catalogue'
import { parseIdList } from '@server/lib/id-list'
import { AppError, validationError } from '@server/lib/app-error'
import type { ConnectionRow } from '../connections/connections.table'
import type { ContactRow } from '../contacts/contacts.table'
import type { AutomaticMessages } from '../messages/outbound.types'
import type { QueuesService } from '../queues/queues.service'
import type { SettingsService } from '../settings/settings.service'
import type { UsersService } from '../users/users.service'
import type { TicketCore } from './tickets.core'
import { createKanbanBoard } from './tickets.kanban'
import { createMomentsPanel } from './tickets.moments'
import { parseStatusList, ticketListCursor, type TicketListFilter } from './tickets.list'
import { ticketListRepository } from './tickets.list.repository'
import { ticketPolicy, type TicketViewer } from './tickets.policy'
import { ticketsRepository } from './tickets.repository'
import type { TicketRow } from './tickets.table'
import {
  assignee,
  closeRow,
  createTicketTransitions,
  type Outcome,
  type References,
} from './tickets.transitions'

interface Collaborators {
  core: TicketCore
  settings: SettingsService
  queues: QueuesService
  users: UsersService
  automaticMessages: AutomaticMessages
  /**
   * Mark-read on view, owned by the messages module: it decides who is a reader, clears unread
   * and sends the channel's read receipts.
   */
  markReadOnView: (ctx: RequestContext, ticket: TicketRow) => Promise<unknown>
}

/** An `access` log per (ticket, user) at most this often. */
const ACCESS_LOG_WINDOW_MS = 10 * 60_000
const CLOSE_ALL_BATCH = 50

/** The connection channels a contact can be reached through. */
const channelsFor = (contact: ContactRow): Channel[] =>
  contact.channel === 'whatsapp' ? ['whatsapp', 'whatsappapi'] : [contact.channel]
/** Which tickets close-all takes: one status, optionally within some queues. */
interface CloseAllSelection {
  status: 'open' | 'pending'
  selectedQueueIds?: number[]
}

export function createTicketsService(deps: CoreDeps, collaborators: Collaborators) {
  const { core, settings, queues, users, automaticMessages, markReadOnView } = collaborators
  const repo = ticketsRepository(deps.db)
  const listRepo = ticketListRepository(deps.db)
  const { transition } = createTicketTransitions({ core })

  async function dto(ctx: RequestContext, id: number): Promise<TicketDto> {
    const [ticket] = await core.present(ctx.companyId, [id], ctx.user)
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND')
    return ticket
  }

  /** Another company's ticket and one the caller may not see are equally not found. */
  function visible(viewer: TicketViewer, ticket: TicketRow | null): TicketRow {
    if (!ticket || !ticketPolicy.see(viewer, ticket)) throw new AppError('ERR_NO_TICKET_FOUND')
    return ticket
  }

  /**
   * The queue and user a body names must be the company's own. Checked before any transaction:
   * inside one, only the transaction's own connection may be used (PGlite has just one).
   */
  async function references(
    ctx: RequestContext,
    body: { queueId?: number | null; userId?: number | null },
  ): Promise<References> {
    const queue = body.queueId != null ? await repo.findQueue(ctx.companyId, body.queueId) : null
    if (body.queueId != null && !queue) throw validationError('queueId')
    if (
      body.userId != null &&
      body.userId !== ctx.user.id &&
      !(await users.findForAuth(ctx.companyId, body.userId))
    )
      throw validationError('userId')
    return { queue, company: await settings.companyValues(ctx.companyId) }
  }

  /** The given connection, else the user's default, else the company default or a connected one. */
  async function connectionFor(
    ctx: RequestContext,
    contact: ContactRow,
    whatsappId: number | null | undefined,
  ): Promise<ConnectionRow> {
    const channels = channelsFor(contact)
    if (whatsappId != null) {
      const given = await repo.findConnection(ctx.companyId, whatsappId)
      if (!given) throw new AppError('ERR_NO_WAPP_FOUND')
      if (!channels.includes(given.channel)) throw new AppError('ERR_CHANNEL_UNSUPPORTED')
      return given
    }
    const own = ctx.user.whatsappId
      ? await repo.findConnection(ctx.companyId, ctx.user.whatsappId)
      : null
    if (own && channels.includes(own.channel)) return own
    const fallback = await repo.fallbackConnection(ctx.companyId, channels)
    if (!fallback) throw new AppError('ERR_NO_DEF_WAPP_FOUND')
    return fallback
  }

  /** Texts and notes go out after the commit; a failure there does not undo the transition. */
  async function deliver(companyId: number, outcome: Outcome) {
    for (const note of outcome.notes)
      await automaticMessages
        .addPrivateNote(companyId, note.ticketId, note.userId, note.body)
        .catch((error: unknown) => deps.log.error({ err: error }, 'transfer note failed'))
    for (const text of outcome.texts)
      await automaticMessages
        .sendAutomaticText(companyId, text.ticketId, text.body)
        .catch((error: unknown) => deps.log.error({ err: error }, 'automatic text failed'))
  }

  async function conflictOf(ctx: RequestContext, active: TicketRow): Promise<TicketConflict> {
    const ticket = await dto(ctx, active.id)
    return {
      userId: ticket.userId,
      user: ticket.user,
      queue: ticket.queue,
      uuid: ticket.uuid,
      status: ticket.status,
    }
  }

  /** The tickets close-all selects: the status, within the selected queues that still exist. */
  async function closeAllIds(ctx: RequestContext, selection: CloseAllSelection) {
    const queueIds = selection.selectedQueueIds
      ? await queues.existing(ctx.companyId, selection.selectedQueueIds)
      : null
    return repo.idsWithStatus(ctx.companyId, selection.status, queueIds)
  }

  async function closeInBatches(
    companyId: number,
    actorId: number | null,
    status: 'open' | 'pending',
    ids: number[],
  ) {
    for (let start = 0; start < ids.length; start += CLOSE_ALL_BATCH) {
      const batch = ids.slice(start, start + CLOSE_ALL_BATCH)
      const closed = await deps.db.transaction(async (tx) => {
        const txRepo = ticketsRepository(tx)
        const rows: TicketRow[] = []
        for (const id of batch) {
          const ticket = await txRepo.lockById(companyId, id)
          // Skipped when someone moved it meanwhile, or when a previous run already closed it.
          if (ticket?.status !== status) continue
          await closeRow(tx, ticket, actorId, { unreadMessages: 0 })
          rows.push(ticket)
        }
        return rows
      })
      for (const before of closed) await core.emitUpdated(companyId, before.id, before)
    }
  }

  return {
    kanban: createKanbanBoard(deps, core),
    moments: createMomentsPanel(deps, core),

    async list(ctx: RequestContext, query: ListTicketsQuery): Promise<TicketList> {
      const requestedQueues = parseIdList(query.queueIds, 'queueIds')
      const tagIds = parseIdList(query.tags, 'tags')
      const userIds = parseIdList(query.users, 'users')
      const whatsappIds = parseIdList(query.whatsapps, 'whatsapps')
      const statuses = parseStatusList(query.statusFilter)
      const cursor = query.cursor ? ticketListCursor.decode(query.cursor) : null
      const unread = query.withUnreadMessages === 'true'
      const company = unread ? await settings.companyValues(ctx.companyId) : null
      const search = query.searchParam?.trim()
      const filter: TicketListFilter = {
        companyId: ctx.companyId,
        ...listScope(ctx.user, {
          view: unread ? 'unread' : query.status,
          showAll: query.showAll === 'true',
          queueIds: selectableQueues(ctx.user, requestedQueues),
          showNotificationPending: company?.showNotificationPending ?? false,
        }),
        tagIds,
        whatsappIds,
        statuses,
        // Filtering by attendant is an admin tool (000 §6).
        userIds: isAdmin(ctx.user) ? userIds : null,
        isGroup: query.isGroup === undefined ? null : query.isGroup === 'true',
        search: search ? { text: search, inMessages: query.searchOnMessages === 'true' } : null,
        createdFrom: query.dateStart ?? query.date ?? null,
        createdTo: query.dateEnd ?? query.date ?? null,
        updatedOn: query.updatedAt ?? null,
        timeZone: ctx.company.timezone,
        sort: query.sortTickets ?? 'DESC',
      }
      const offset = cursor ? 0 : ((query.pageNumber ?? 1) - 1) * TICKET_PAGE_SIZE
      // Counting the closed view to a thousand took 1,000 probes for each contact's latest
      // ticket, for a number no view shows.
      const showsCount =
        unread || (!filter.search && query.status !== 'closed' && query.status !== 'search')
      const { rows, count } = await listRepo.pageAndCount(
        filter,
        { limit: TICKET_PAGE_SIZE + 1, offset, after: cursor },
        showsCount ? TICKET_COUNT_CAP : TICKET_UNBADGED_COUNT_CAP,
      )
      const hasMore = rows.length > TICKET_PAGE_SIZE
      const page = rows.slice(0, TICKET_PAGE_SIZE)
      const last = page.at(-1)
      return {
        tickets: await core.present(
          ctx.companyId,
          page.map((row) => row.id),
          ctx.user,
        ),
        count,
        hasMore,
        nextCursor:
          hasMore && last ? ticketListCursor.encode({ updatedAt: last.cursor, id: last.id }) : null,
      }
    },

    async get(ctx: RequestContext, id: number): Promise<TicketDto> {
      const ticket = visible(ctx.user, await repo.findById(ctx.companyId, id))
      await repo.logAccess(ticket, ctx.user.id, new Date(Date.now() - ACCESS_LOG_WINDOW_MS))
      return dto(ctx, ticket.id)
    },

    /** Opening a conversation: also marks it read for the attendant holding it. */
    async getByUuid(ctx: RequestContext, uuid: string): Promise<TicketDto> {
      const ticket = visible(ctx.user, await repo.findByUuid(ctx.companyId, uuid))
      await repo.logAccess(ticket, ctx.user.id, new Date(Date.now() - ACCESS_LOG_WINDOW_MS))
      await markReadOnView(ctx, ticket)
      return dto(ctx, ticket.id)
    },

    /**
     * POST /tickets. An open or pending ticket of the contact on that connection is a conflict
     * (409, naming who holds it). A group, rating or consent ticket is the contact's shared or
     * bot-held conversation: the caller is answered with it when he may see it, since the one
     * active ticket cannot be duplicated; otherwise it is a conflict as well.
     */
    async create(
      ctx: RequestContext,
      body: CreateTicketBody,
    ): Promise<{ ticket: TicketDto } | { conflict: TicketConflict }> {
      const contact = await repo.findContact(ctx.companyId, body.contactId)
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
      if (body.status && body.status !== 'open' && body.status !== 'pending')
        throw validationError('status')
      const userId = assignee(ctx, body.userId)
      await references(ctx, body)
      const connection = await connectionFor(ctx, contact, body.whatsappId)

      const result = await deps.db.transaction((tx) =>
        core.findOrCreateActive(tx, {
          companyId: ctx.companyId,
          contact,
          connection,
          origin: {
            kind: 'agent',
            userId,
            queueId: body.queueId ?? null,
            ...(body.status ? { status: body.status } : {}),
          },
        }),
      )
      const active = result.ticket
      if (!result.created) {
        const shared =
          active.status === 'group' || active.status === 'nps' || active.status === 'lgpd'
        if (shared && ticketPolicy.see(ctx.user, active))
          return { ticket: await dto(ctx, active.id) }
        return { conflict: await conflictOf(ctx, active) }
      }
      await core.emitUpdated(ctx.companyId, active.id)
      return { ticket: await dto(ctx, active.id) }
    },

    async update(ctx: RequestContext, id: number, body: UpdateTicketBody): Promise<TicketDto> {
      // Not found comes before any complaint about the body.
      visible(ctx.user, await repo.findById(ctx.companyId, id))
      const refs = await references(ctx, body)
      const outcome = await deps.db.transaction(async (tx) => {
        const ticket = visible(ctx.user, await ticketsRepository(tx).lockById(ctx.companyId, id))
        const result = await transition(tx, ctx, ticket, body, refs)
        // Whatever the bot meant to do on its own (rotate, redirect, expire) was meant for the
        // ticket before an attendant acted: the next sweep decides afresh.
        if (result.changed.length > 0)
          await deps.jobs.cancelKeyed('bot.ticket-timer', ticketTimerKey(id), { in: tx })
        return result
      })
      for (const change of outcome.changed)
        await core.emitUpdated(ctx.companyId, change.id, change.before)
      await deliver(ctx.companyId, outcome)
      return dto(ctx, outcome.answerId)
    },

    async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
      const deleted = await repo.delete(ctx.companyId, id)
      if (!deleted) throw new AppError('ERR_NO_TICKET_FOUND')
      core.emitDeleted(ctx.companyId, deleted)
      return { message: 'ticket deleted' }
    },

    /** How many tickets `closeAll` would close now, for the confirmation that asks first. */
    async closeAllCount(
      ctx: RequestContext,
      query: { status: 'open' | 'pending'; selectedQueueIds?: string },
    ): Promise<{ count: number }> {
      const selectedQueueIds = parseIdList(query.selectedQueueIds, 'selectedQueueIds') ?? undefined
      return { count: (await closeAllIds(ctx, { status: query.status, selectedQueueIds })).length }
    },

    /**
     * Answers how many tickets will be closed and closes them in the background, in batches,
     * without farewell or rating. Each close is conditional on the status, so a second run (or a
     * ticket accepted meanwhile) is left alone.
     */
    async closeAll(ctx: RequestContext, body: CloseAllSelection): Promise<{ count: number }> {
      const ids = await closeAllIds(ctx, body)
      closeInBatches(ctx.companyId, ctx.user.id, body.status, ids).catch((error: unknown) =>
        deps.log.error({ err: error }, 'close all failed'),
      )
      return { count: ids.length }
    },

    /**
     * Closes the pending tickets a history import of the connection opened, without farewell or
     * rating: those contacts did not write now. `actorId` is null when the import closes them.
     */
    async closeImported(
      companyId: number,
      connectionId: number,
      actorId: number | null,
    ): Promise<number> {
      const ids = await repo.importedPendingIds(companyId, connectionId)
      await closeInBatches(companyId, actorId, 'pending', ids)
      return ids.length
    },

    /** Whether pending tickets of a history import are still waiting to be closed. */
    async hasImportedPending(companyId: number, connectionId: number): Promise<boolean> {
      return (await repo.importedPendingIds(companyId, connectionId)).length > 0
    },

    /** A ticket the caller may see, for modules acting on it (lanes, notes); else not found. */
    async findVisible(ctx: RequestContext, id: number): Promise<TicketRow> {
      return visible(ctx.user, await repo.findById(ctx.companyId, id))
    },

    /** The contact's active tickets, so that their sockets learn before the contact goes. */
    activeOfContact: (companyId: number, contactId: number) =>
      repo.activeOfContact(companyId, contactId),

    async logs(ctx: RequestContext, ticketId: number): Promise<TicketLogDto[]> {
      const ticket = visible(ctx.user, await repo.findById(ctx.companyId, ticketId))
      return (await repo.logs(ctx.companyId, ticket.id)).map((log) => ({
        ...log,
        createdAt: log.createdAt.toISOString(),
      }))
    },

    /**
     * The conversation room a socket may join (joinChatBox), by ticket id or uuid: only for a
     * ticket its user may see now (permissions are re-read, not taken from the handshake).
     */
    async chatRoom(
      companyId: number,
      userId: number,
      ref: { id: number } | { uuid: string },
    ): Promise<string | null> {
      const viewer = await users.findForAuth(companyId, userId)
      if (!viewer) return null
      const ticket =
        'id' in ref
          ? await repo.findById(companyId, ref.id)
          : await repo.findByUuid(companyId, ref.uuid)
      return ticket && ticketPolicy.see(viewer, ticket) ? rooms.ticket(ticket.uuid) : null
    },

    /** The room joinChatBoxLeave leaves; leaving needs no permission. */
    async chatRoomOf(companyId: number, ref: { id: number } | { uuid: string }) {
      if ('uuid' in ref) return rooms.ticket(ref.uuid)
      const ticket = await repo.findById(companyId, ref.id)
      return ticket ? rooms.ticket(ticket.uuid) : null
    },
  }
}

export type TicketsService = ReturnType<typeof createTicketsService>
