import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Channel } from '@shared/contracts/connections'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import { connections } from '../connections/connections.table'
import { contacts, type ContactRow } from '../contacts/contacts.table'
import { tickets } from '../tickets/tickets.table'
import { users } from '../users/users.table'
import { schedules, type ScheduleRow } from './schedules.table'

/** A schedule with its contact, creator and connection, as screens show it. */
export type ScheduleWithNames = ScheduleRow & {
  contactName: string
  contactNumber: string
  userName: string | null
  whatsappName: string | null
  whatsappChannel: Channel | null
}

export type ScheduleValues = Omit<
  typeof schedules.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>

export function schedulesRepository(db: Executor) {
  const creator = aliasedTable(users, 'schedule_creator')
  const withNames = () =>
    db
      .select({
        schedule: schedules,
        contactName: contacts.name,
        contactNumber: contacts.number,
        userName: creator.name,
        whatsappName: connections.name,
        whatsappChannel: connections.channel,
      })
      .from(schedules)
      .innerJoin(contacts, eq(contacts.id, schedules.contactId))
      .leftJoin(creator, eq(creator.id, schedules.userId))
      .leftJoin(connections, eq(connections.id, schedules.whatsappId))
  type Joined = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number]
  const flatten = ({ schedule, ...names }: Joined): ScheduleWithNames => ({
    ...schedule,
    ...names,
  })

  return {
    /** A page, newest first; searched in the text and the contact's name. */
    async page(
      companyId: number,
      options: {
        search?: string
        contactId?: number
        userId?: number
        limit: number
        offset: number
      },
    ) {
      const pattern = options.search ? `%${escapeLike(options.search)}%` : null
      const where = and(
        eq(schedules.companyId, companyId),
        options.contactId ? eq(schedules.contactId, options.contactId) : undefined,
        options.userId ? eq(schedules.userId, options.userId) : undefined,
        pattern ? or(ilike(schedules.body, pattern), ilike(contacts.name, pattern)) : undefined,
      )
      const rows = await withNames()
        .where(where)
        .orderBy(desc(schedules.createdAt), desc(schedules.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db
        .select({ value: count() })
        .from(schedules)
        .innerJoin(contacts, eq(contacts.id, schedules.contactId))
        .where(where)
      return { rows: rows.map(flatten), count: total?.value ?? 0 }
    },

    /** The schedules sending within [start, end), by send time (the calendar's range). */
    async range(
      companyId: number,
      options: { start: Date; end: Date; contactId?: number; userId?: number; limit: number },
    ) {
      const where: SQL = and(
        eq(schedules.companyId, companyId),
        gte(schedules.sendAt, options.start),
        lt(schedules.sendAt, options.end),
        options.contactId ? eq(schedules.contactId, options.contactId) : undefined,
        options.userId ? eq(schedules.userId, options.userId) : undefined,
      )!
      const rows = await withNames()
        .where(where)
        .orderBy(asc(schedules.sendAt), asc(schedules.id))
        .limit(options.limit + 1)
      return rows.map(flatten)
    },

    async findById(companyId: number, id: number): Promise<ScheduleWithNames | null> {
      const [row] = await withNames().where(companyRow(schedules, companyId, id))
      return row ? flatten(row) : null
    },

    /** Several schedules of one company with their names (the picker's events). */
    async findByIds(companyId: number, ids: number[]): Promise<ScheduleWithNames[]> {
      if (ids.length === 0) return []
      const rows = await withNames().where(
        and(eq(schedules.companyId, companyId), inArray(schedules.id, ids)),
      )
      return rows.map(flatten)
    },

    async lock(companyId: number, id: number): Promise<ScheduleRow | null> {
      const [row] = await db
        .select()
        .from(schedules)
        .where(companyRow(schedules, companyId, id))
        .for('update')
      return row ?? null
    },

    async insert(companyId: number, values: ScheduleValues): Promise<number> {
      const [row] = await db
        .insert(schedules)
        .values({ ...values, companyId })
        .returning({ id: schedules.id })
      if (!row) throw new Error('schedule insert returned nothing')
      return row.id
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<ScheduleValues>,
    ): Promise<ScheduleRow | null> {
      const [row] = await db
        .update(schedules)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(schedules, companyId, id))
        .returning()
      return row ?? null
    },

    async remove(companyId: number, id: number): Promise<ScheduleRow | null> {
      const [row] = await db
        .delete(schedules)
        .where(companyRow(schedules, companyId, id))
        .returning()
      return row ?? null
    },

    /**
     * Takes every waiting schedule due by `horizon`, overdue ones included, of every company:
     * they become AGENDADA in this statement, so two pickers never take the same one.
     */
    async takeDue(horizon: Date) {
      return db
        .update(schedules)
        .set({ status: 'AGENDADA', updatedAt: new Date() })
        .where(and(eq(schedules.status, 'PENDENTE'), lte(schedules.sendAt, horizon)))
        .returning({ id: schedules.id, companyId: schedules.companyId, sendAt: schedules.sendAt })
    },

    /**
     * The next `limit` schedules of a company taken for `sendAt` and not waiting for a retry,
     * by id after `afterId`, locked; those another transaction holds are skipped. Read along
     * the (companyId, sendAt, id) index.
     */
    async lockTaken(companyId: number, sendAt: Date, afterId: number, limit: number) {
      return db
        .select()
        .from(schedules)
        .where(
          and(
            eq(schedules.companyId, companyId),
            eq(schedules.sendAt, sendAt),
            gt(schedules.id, afterId),
            eq(schedules.status, 'AGENDADA'),
            eq(schedules.attempts, 0),
          ),
        )
        .orderBy(asc(schedules.id))
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    /**
     * Schedules sent for the last time: ENVIADA, one more send counted, in one statement (a
     * recurring one's next time is its own `update`).
     */
    async markSent(companyId: number, ids: number[], now: Date) {
      if (ids.length === 0) return
      await db
        .update(schedules)
        .set({
          status: 'ENVIADA',
          contadorEnvio: sql`${schedules.contadorEnvio} + 1`,
          sentAt: now,
          attempts: 0,
          lastError: null,
          updatedAt: new Date(),
        })
        .where(and(eq(schedules.companyId, companyId), inArray(schedules.id, ids)))
    },

    /** Whether a schedule is taken and waits for a retry of its connection (not locked). */
    async waitsForRetry(companyId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: schedules.id })
        .from(schedules)
        .where(
          and(
            companyRow(schedules, companyId, id),
            eq(schedules.status, 'AGENDADA'),
            gt(schedules.attempts, 0),
          ),
        )
      return row !== undefined
    },

    /** One schedule `lockTaken` would find (after `afterId`, other than `except`), unlocked. */
    async anotherTaken(companyId: number, sendAt: Date, afterId: number, except: number) {
      const [row] = await db
        .select({ id: schedules.id, companyId: schedules.companyId, sendAt: schedules.sendAt })
        .from(schedules)
        .where(
          and(
            eq(schedules.companyId, companyId),
            eq(schedules.sendAt, sendAt),
            gt(schedules.id, afterId),
            ne(schedules.id, except),
            eq(schedules.status, 'AGENDADA'),
            eq(schedules.attempts, 0),
          ),
        )
        .orderBy(asc(schedules.id))
        .limit(1)
      return row ?? null
    },

    /** The company's contacts of these ids. */
    async contacts(companyId: number, ids: number[]): Promise<ContactRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, [...new Set(ids)])))
    },

    /** The company's contact a schedule writes to; null when it is not the company's. */
    async contact(companyId: number, id: number): Promise<ContactRow | null> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(companyRow(contacts, companyId, id))
      return row ?? null
    },

    /** `takeDue` for one schedule: null when it waits for later (or is not waiting). */
    async takeOneIfDue(companyId: number, id: number, horizon: Date) {
      const [row] = await db
        .update(schedules)
        .set({ status: 'AGENDADA', updatedAt: new Date() })
        .where(
          and(
            companyRow(schedules, companyId, id),
            eq(schedules.status, 'PENDENTE'),
            lte(schedules.sendAt, horizon),
          ),
        )
        .returning({ id: schedules.id, companyId: schedules.companyId, sendAt: schedules.sendAt })
      return row ?? null
    },

    /** The connection of the contact's latest ticket, a schedule's default connection. */
    async lastConnectionOf(companyId: number, contactId: number): Promise<number | null> {
      const [row] = await db
        .select({ whatsappId: tickets.whatsappId })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)))
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .limit(1)
      return row?.whatsappId ?? null
    },
  }
}
