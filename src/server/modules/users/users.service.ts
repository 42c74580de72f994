import type { AuthUser, RequestContext } from '@server/context'
import { AVATAR_MAX_BYTES, PAGE_SIZE } from '@shared/constants'
import type {
  CreateUserBody,
  ListUsersQuery,
  ListUsersResponse,
  QueueSummary,
  UpdateUserBody,
  UserDto,
  UserPickerList,
} from '@shared/contracts/users'
import { canManageConnections, canUseRealTimePanel, isAdmin } from '@shared/permissions'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import { hashPassword, verifyPassword } from '@server/lib/passwords'
import type { CompaniesService } from '../companies/companies.service'
import type { ConnectionsService } from '../connections/connections.service'
import type { MediaService } from '../media/media.service'
import type { QueuesService } from '../queues/queues.service'
import { ticketRoomsOf } from '../tickets/tickets.audience'
import { presentUser, presentUserListItem } from './users.presenter'
import { userPolicy } from './users.policy'
import { usersRepository, type UserChanges } from './users.repository'
import type { UserRow } from './users.table'

type RevocationReason = 'password-changed' | 'deleted'
interface Collaborators {
  companies: CompaniesService
  queues: QueuesService
  connections: ConnectionsService
  media: MediaService
  /** Ends a user's sessions; provided by the auth service (late-bound: auth also needs users). */
  revokeSessions: (
    companyId: number,
    userId: number,
    reason: RevocationReason,
    keepSessionId?: string,
  ) => Promise<void>
}

export function createUsersService(
  deps: CoreDeps,
  { companies, queues, connections, media, revokeSessions }: Collaborators,
) {
  const repo = usersRepository(deps.db)

  const avatarUrl = (row: UserRow) =>
    row.profileImage ? media.signedUrl(row.companyId, row.profileImage) : null

  async function queuesByUser(companyId: number, userIds: number[]) {
    const byUser = new Map<number, QueueSummary[]>()
    for (const link of await repo.queuesOf(companyId, userIds)) {
      const list = byUser.get(link.userId) ?? []
      list.push({ id: link.id, name: link.name, color: link.color })
      byUser.set(link.userId, list)
    }
    return byUser
  }

  async function toDto(row: UserRow): Promise<UserDto> {
    const byUser = await queuesByUser(row.companyId, [row.id])
    return presentUser(row, byUser.get(row.id) ?? [], avatarUrl(row))
  }

  async function load(companyId: number, id: number): Promise<UserRow> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_USER_FOUND')
    return row
  }

  /** Queues and the default connection must be the company's own. */
  async function assertReferencesBelong(
    companyId: number,
    body: { queueIds?: number[]; whatsappId?: number | null },
  ) {
    if (body.queueIds) {
      const found = await queues.existing(companyId, body.queueIds)
      if (found.length !== new Set(body.queueIds).size) throw validationError('queueIds')
    }
    if (body.whatsappId != null && !(await connections.exists(companyId, body.whatsappId))) {
      throw validationError('whatsappId')
    }
  }

  /** Admins and the user himself hear about a user; presence also reaches the real-time panel. */
  function emitUser(companyId: number, userId: number, payload: CompanyEventPayloads['user']) {
    deps.realtime.emit(
      companyId,
      [rooms.admins, rooms.user(userId), rooms.realtime],
      'user',
      payload,
    )
  }

  /** The columns a body sets; a create body is an update body whose required fields are set. */
  function changesFrom(body: UpdateUserBody): UserChanges {
    const {
      password: _password,
      currentPassword: _currentPassword,
      queueIds: _queueIds,
      companyId: _companyId,
      ...fields
    } = body
    const changes: UserChanges = {}
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined)
        (changes as Record<string, unknown>)[key] =
          typeof value === 'string' && key !== 'farewellMessage' ? value.trim() : value
    }
    return changes
  }

  /** Fields the actor may not change must be absent or unchanged (the spec's form resends them). */
  function assertMayChange(
    ctx: RequestContext,
    target: UserRow,
    targetQueueIds: number[],
    body: UpdateUserBody,
  ) {
    for (const field of userPolicy.guardedFields(ctx.user)) {
      const sent = (body as Record<string, unknown>)[field]
      if (sent === undefined) continue
      const current =
        field === 'queueIds' ? targetQueueIds : (target as Record<string, unknown>)[field]
      const same =
        Array.isArray(sent) && Array.isArray(current)
          ? [...(sent as number[])].sort().join(',') === [...(current as number[])].sort().join(',')
          : sent === current
      if (!same) throw new AppError('ERR_NO_PERMISSION')
    }
  }

  /**
   * A stolen access token must not become the account (probe F5): whoever changes his own
   * password or e-mail proves he knows the current password. An admin changing someone else's
   * does not need it; a new password ends that user's sessions (`update`).
   */
  async function assertOwnerConfirmed(ctx: RequestContext, target: UserRow, body: UpdateUserBody) {
    if (target.id !== ctx.user.id) return
    const emailChanged =
      body.email !== undefined && body.email.trim().toLowerCase() !== target.email.toLowerCase()
    if (!body.password && !emailChanged) return
    if (!body.currentPassword)
      throw new AppError('ERR_CURRENT_PASSWORD_REQUIRED', { field: 'currentPassword' })
    if (!(await verifyPassword(target.passwordHash, body.currentPassword)))
      throw new AppError('ERR_WRONG_CURRENT_PASSWORD', { field: 'currentPassword' })
  }

  return {
    async list(ctx: RequestContext, query: ListUsersQuery): Promise<ListUsersResponse> {
      const pageNumber = query.pageNumber ?? 1
      const limit = PAGE_SIZE.users
      const search = query.searchParam?.trim() || undefined
      const page = await repo.page(ctx.companyId, {
        search,
        limit,
        offset: (pageNumber - 1) * limit,
      })
      const byUser = await queuesByUser(
        ctx.companyId,
        page.rows.map((row) => row.id),
      )
      return {
        users: page.rows.map((row) =>
          presentUserListItem(row, byUser.get(row.id) ?? [], avatarUrl(row)),
        ),
        count: page.count,
        hasMore: page.count > (pageNumber - 1) * limit + page.rows.length,
      }
    },

    async listForPicker(ctx: RequestContext): Promise<UserPickerList> {
      const rows = await repo.listAll(ctx.companyId)
      const byUser = await queuesByUser(
        ctx.companyId,
        rows.map((row) => row.id),
      )
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        profile: row.profile,
        online: row.online,
        queues: byUser.get(row.id) ?? [],
      }))
    },

    async get(ctx: RequestContext, id: number): Promise<UserDto> {
      const row = await load(ctx.companyId, id)
      if (!userPolicy.view(ctx.user, id)) throw new AppError('ERR_NO_PERMISSION')
      return toDto(row)
    },

    async create(ctx: RequestContext, body: CreateUserBody): Promise<UserDto> {
      if (await repo.emailTaken(body.email)) throw new AppError('ERR_DUPLICATED_EMAIL')
      const queueIds = body.queueIds ?? []
      await assertReferencesBelong(ctx.companyId, body)
      const passwordHash = await hashPassword(body.password)

      const row = await deps.db
        .transaction(async (tx) => {
          // Counting under the company row lock keeps concurrent creations inside the plan limit.
          const locked = await companies.lockWithPlan(tx, ctx.companyId)
          const txRepo = usersRepository(tx)
          if ((await txRepo.countInCompany(ctx.companyId)) >= locked.plan.users)
            throw new AppError('ERR_USER_LIMIT_REACHED')
          const created = await txRepo.insert({
            ...changesFrom(body),
            companyId: ctx.companyId,
            name: body.name.trim(),
            email: body.email.trim(),
            passwordHash,
            profile: body.profile ?? 'user',
            super: false,
          })
          await txRepo.replaceQueues(ctx.companyId, created.id, queueIds)
          return created
        })
        .catch(rethrowDuplicateEmail)

      const dto = await toDto(row)
      emitUser(ctx.companyId, row.id, { action: 'create', user: dto })
      return dto
    },

    /**
     * `alongside` runs in the same transaction: a company update that renames its admin's
     * e-mail commits both or neither.
     */
    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateUserBody,
      alongside?: (tx: Executor) => Promise<unknown>,
    ): Promise<UserDto> {
      const target = await load(ctx.companyId, id)
      if (!userPolicy.edit(ctx.user, id)) throw new AppError('ERR_NO_PERMISSION')
      const currentQueueIds = (await repo.queuesOf(ctx.companyId, [id])).map((queue) => queue.id)
      assertMayChange(ctx, target, currentQueueIds, body)
      await assertOwnerConfirmed(ctx, target, body)
      if (body.email && (await repo.emailTaken(body.email, id)))
        throw new AppError('ERR_DUPLICATED_EMAIL')
      await assertReferencesBelong(ctx.companyId, body)

      const changes = changesFrom(body)
      const passwordChanged = Boolean(body.password)
      if (body.password) changes.passwordHash = await hashPassword(body.password)

      const row = await deps.db
        .transaction(async (tx) => {
          const txRepo = usersRepository(tx)
          if (target.profile === 'admin' && changes.profile === 'user') {
            await companies.lockWithPlan(tx, ctx.companyId)
            if ((await txRepo.countInCompany(ctx.companyId, 'admin')) <= 1)
              throw new AppError('ERR_LAST_ADMIN')
          }
          const updated = await txRepo.update(ctx.companyId, id, changes)
          if (!updated) throw new AppError('ERR_NO_USER_FOUND')
          if (body.queueIds) await txRepo.replaceQueues(ctx.companyId, id, body.queueIds)
          await alongside?.(tx)
          return updated
        })
        .catch(rethrowDuplicateEmail)

      // A new password ends the user's other sessions; the one making the change stays signed in.
      if (passwordChanged)
        await revokeSessions(
          ctx.companyId,
          id,
          'password-changed',
          id === ctx.user.id ? ctx.sessionId : undefined,
        )
      else await deps.realtime.refreshUserRooms(ctx.companyId, id)

      const dto = await toDto(row)
      emitUser(ctx.companyId, id, { action: 'update', user: dto })
      return dto
    },

    async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
      if (id === ctx.user.id) throw new AppError('ERR_CANNOT_DELETE_SELF')
      const target = await load(ctx.companyId, id)
      await deps.db.transaction(async (tx) => {
        const txRepo = usersRepository(tx)
        if (target.profile === 'admin') {
          await companies.lockWithPlan(tx, ctx.companyId)
          if ((await txRepo.countInCompany(ctx.companyId, 'admin')) <= 1)
            throw new AppError('ERR_LAST_ADMIN')
        }
        if (!(await txRepo.delete(ctx.companyId, id))) throw new AppError('ERR_NO_USER_FOUND')
      })
      await deps.realtime.disconnectUser(ctx.companyId, id)
      if (target.profileImage) await media.remove(ctx.companyId, target.profileImage)
      emitUser(ctx.companyId, id, { action: 'delete', userId: id })
      return { message: 'User deleted' }
    },

    async uploadAvatar(
      ctx: RequestContext,
      id: number,
      readImage: () => Promise<Buffer>,
    ): Promise<{ user: UserDto; message: string }> {
      const target = await load(ctx.companyId, id)
      if (!userPolicy.edit(ctx.user, id)) throw new AppError('ERR_NO_PERMISSION')
      const stored = await media.saveImage(
        ctx.companyId,
        'users',
        await readImage(),
        AVATAR_MAX_BYTES,
      )
      const row = await repo.update(ctx.companyId, id, { profileImage: stored })
      if (!row) throw new AppError('ERR_NO_USER_FOUND')
      if (target.profileImage) await media.remove(ctx.companyId, target.profileImage)
      const dto = await toDto(row)
      emitUser(ctx.companyId, id, { action: 'update', user: dto })
      return { user: dto, message: 'Avatar updated' }
    },

    async setTicketsManagerWidth(ctx: RequestContext, id: number, width: number): Promise<UserDto> {
      await load(ctx.companyId, id)
      if (!userPolicy.edit(ctx.user, id)) throw new AppError('ERR_NO_PERMISSION')
      const row = await repo.update(ctx.companyId, id, { defaultTicketsManagerWidth: width })
      if (!row) throw new AppError('ERR_NO_USER_FOUND')
      const dto = await toDto(row)
      emitUser(ctx.companyId, id, { action: 'update', user: dto })
      return dto
    },

    // The auth layer's needs.

    async findForAuth(companyId: number, userId: number): Promise<AuthUser | undefined> {
      const row = await repo.findById(companyId, userId)
      if (!row) return undefined
      const links = await repo.queuesOf(companyId, [userId])
      return { ...row, queueIds: links.map((link) => link.id) }
    },

    /** Which of `ids` are users of the company (chatbot options that assign an attendant). */
    existing: (companyId: number, ids: number[]) => repo.existing(companyId, ids),
    findByEmailForLogin: (email: string) => repo.findByEmail(email),
    emailTaken: (email: string) => repo.emailTaken(email),
    present: (user: UserRow) => toDto(user),

    async createFirstAdmin(
      tx: Executor,
      input: {
        companyId: number
        name: string
        email: string
        passwordHash: string
        super?: boolean
      },
    ) {
      return usersRepository(tx)
        .insert({ ...input, profile: 'admin', super: input.super ?? false })
        .catch(rethrowDuplicateEmail)
    },

    bumpTokenVersion: (companyId: number, userId: number) =>
      repo.bumpTokenVersion(companyId, userId),

    async setPassword(companyId: number, userId: number, passwordHash: string) {
      await repo.update(companyId, userId, { passwordHash })
    },

    /** Socket rooms the user's current permissions give him; null when he no longer exists. */
    async roomsFor(companyId: number, userId: number): Promise<string[] | null> {
      const user = await this.findForAuth(companyId, userId)
      if (!user) return null
      return [
        rooms.company,
        ...ticketRoomsOf(user),
        ...(isAdmin(user) ? [rooms.admins] : []),
        ...(user.super ? [rooms.super] : []),
        ...(canManageConnections(user) ? [rooms.connections] : []),
        ...(canUseRealTimePanel(user) ? [rooms.realtime] : []),
      ]
    },

    /** Presence: emits `{id, online}` only when the state actually changes. */
    async setPresence(companyId: number, userId: number, online: boolean) {
      if (await repo.setOnline(companyId, userId, online)) {
        emitUser(companyId, userId, { action: 'update', user: { id: userId, online } })
      }
    },

    /** `userStatus` from a connected socket: still here (and online again if the sweep said not). */
    async heartbeat(companyId: number, userId: number) {
      await repo.touch(companyId, userId)
      await this.setPresence(companyId, userId, true)
    },

    async expireStalePresence(cutoff: Date) {
      for (const user of await repo.expireStalePresence(cutoff)) {
        emitUser(user.companyId, user.id, {
          action: 'update',
          user: { id: user.id, online: false },
        })
      }
    },
  }
}

/** The unique index on lower(email) is the last word when two requests race for one address. */
function rethrowDuplicateEmail(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code
  if (code === '23505') throw new AppError('ERR_DUPLICATED_EMAIL')
  throw error
}

export type UsersService = ReturnType<typeof createUsersService>
