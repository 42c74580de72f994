import { and, asc, count, eq, ilike, inArray, lt, ne, sql } from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import type { Executor } from '@server/db/client'
import { prepared } from '@server/db/prepared'
import { queues } from '../queues/queues.table'
import { userQueues, users, type UserRow } from './users.table'
import { escapeLike } from '@server/db/like'

export type UserInsert = typeof users.$inferInsert
export type UserChanges = Partial<Omit<UserInsert, 'id' | 'companyId' | 'createdAt'>>
export interface QueueLink {
  userId: number
  id: number
  name: string
  color: string
}

/** The only SQL of the users domain. Every lookup is scoped by company. */
export function usersRepository(db: Executor) {
  return {
    /** Every authenticated request loads its user: prepared once. */
    async findById(companyId: number, id: number): Promise<UserRow | undefined> {
      const [row] = await prepared(db, 'users_find_by_id', (on, name) =>
        on
          .select()
          .from(users)
          .where(
            and(
              eq(users.companyId, sql.placeholder('companyId')),
              eq(users.id, sql.placeholder('id')),
            ),
          )
          .prepare(name),
      ).execute({ companyId, id })
      return row
    },

    /** Login is by e-mail across the platform: the one lookup without a company. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      return row
    },

    async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
            exceptUserId ? ne(users.id, exceptUserId) : undefined,
          ),
        )
      return row !== undefined
    },

    /** A page ordered by name then id; `search` matches name or e-mail. */
    async page(companyId: number, options: { search?: string; limit: number; offset: number }) {
      const where = and(
        eq(users.companyId, companyId),
        options.search
          ? ilike(sql`${users.name} || ' ' || ${users.email}`, `%${escapeLike(options.search)}%`)
          : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ value: count() }).from(users).where(where),
      ])
      return { rows, count: total?.value ?? 0 }
    },

    listAll(companyId: number): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(asc(users.name), asc(users.id))
    },

    /** Queues of many users in one query (no N+1). */
    async queuesOf(companyId: number, userIds: number[]): Promise<QueueLink[]> {
      if (userIds.length === 0) return []
      return prepared(db, 'users_queues_of', (on, name) =>
        on
          .select({
            userId: userQueues.userId,
            id: queues.id,
            name: queues.name,
            color: queues.color,
          })
          .from(userQueues)
          .innerJoin(queues, eq(queues.id, userQueues.queueId))
          .where(
            and(
              eq(userQueues.companyId, sql.placeholder('companyId')),
              sql`${userQueues.userId} = ANY(${sql.placeholder('userIds')})`,
            ),
          )
          .orderBy(asc(queues.orderQueue), asc(queues.name))
          .prepare(name),
      ).execute({ companyId, userIds })
    },

    async insert(values: UserInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning()
      if (!row) throw new Error('user insert returned nothing')
      return row
    },

    async update(
      companyId: number,
      id: number,
      changes: UserChanges,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(companyRow(users, companyId, id))
        .returning()
      return row
    },

    /** Which of `ids` are users of the company. */
    async existing(companyId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, ids)))
      return rows.map((row) => row.id)
    },

    async delete(companyId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(companyRow(users, companyId, id))
        .returning({ id: users.id })
      return rows.length > 0
    },

    async replaceQueues(companyId: number, userId: number, queueIds: number[]): Promise<void> {
      await db
        .delete(userQueues)
        .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)))
      if (queueIds.length > 0) {
        await db
          .insert(userQueues)
          .values(queueIds.map((queueId) => ({ companyId, userId, queueId })))
      }
    },

    async countInCompany(companyId: number, profile?: 'admin'): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(users)
        .where(
          and(eq(users.companyId, companyId), profile ? eq(users.profile, profile) : undefined),
        )
      return row?.value ?? 0
    },

    async bumpTokenVersion(companyId: number, id: number): Promise<number | undefined> {
      const [row] = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(companyRow(users, companyId, id))
        .returning({ tokenVersion: users.tokenVersion })
      return row?.tokenVersion
    },

    /** Sets presence; answers true only when it actually changed (so callers emit once). */
    async setOnline(companyId: number, id: number, online: boolean): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ online, lastSeenAt: new Date() })
        .where(and(eq(users.companyId, companyId), eq(users.id, id), ne(users.online, online)))
        .returning({ id: users.id })
      return rows.length > 0
    },

    async touch(companyId: number, id: number): Promise<void> {
      await db
        .update(users)
        .set({ lastSeenAt: new Date() })
        .where(companyRow(users, companyId, id))
    },

    /** Users still marked online whose last heartbeat is older than `cutoff`; marks them offline. */
    expireStalePresence(cutoff: Date): Promise<Array<{ id: number; companyId: number }>> {
      return db
        .update(users)
        .set({ online: false })
        .where(and(eq(users.online, true), lt(users.lastSeenAt, cutoff)))
        .returning({ id: users.id, companyId: users.companyId })
    },
  }
}

export type UsersRepository = ReturnType<typeof usersRepository>
