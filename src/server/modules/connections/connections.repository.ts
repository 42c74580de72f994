import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import type { Executor } from '@server/db/client'
import { prepared } from '@server/db/prepared'
import { companies } from '../companies/companies.table'
import { queues } from '../queues/queues.table'
import { connectionQueues, connections, type ConnectionRow } from './connections.table'
import type { Channel } from '@shared/contracts/connections'
import type { PageChannel } from './connections.rules'

export interface ConnectionQueueLink {
  connectionId: number
  id: number
  name: string
  color: string
  greetingMessage: string
  orderQueue: number | null
}

export type ConnectionsRepository = ReturnType<typeof connectionsRepository>

/** Connections of a Meta page or Instagram account id on `channel`. */
const ofPageAccount = (channel: Channel, accountId: string) =>
  and(eq(connections.channel, channel), eq(connections.facebookPageUserId, accountId))

export function connectionsRepository(db: Executor) {
  return {
    list(companyId: number, channel?: Channel): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(connections)
        .where(
          and(
            eq(connections.companyId, companyId),
            channel ? eq(connections.channel, channel) : undefined,
          ),
        )
        .orderBy(asc(connections.name), asc(connections.id))
    },

    /** Read by every inbound batch: prepared once. */
    async findById(companyId: number, id: number): Promise<ConnectionRow | undefined> {
      const [row] = await prepared(db, 'connections_find_by_id', (on, name) =>
        on
          .select()
          .from(connections)
          .where(
            and(
              eq(connections.companyId, sql.placeholder('companyId')),
              eq(connections.id, sql.placeholder('id')),
            ),
          )
          .prepare(name),
      ).execute({ companyId, id })
      return row
    },

    /** Every company's connections with the company's name, for the platform operator. */
    listAll(): Promise<Array<{ row: ConnectionRow; companyName: string }>> {
      return db
        .select({ row: connections, companyName: companies.name })
        .from(connections)
        .innerJoin(companies, eq(companies.id, connections.companyId))
        .orderBy(asc(companies.name), asc(connections.companyId), asc(connections.name))
    },

    /** A connection of any company with its company's name and time zone (operator routes). */
    async findWithCompany(
      id: number,
    ): Promise<{ row: ConnectionRow; companyName: string; timeZone: string } | undefined> {
      const [found] = await db
        .select({ row: connections, companyName: companies.name, timeZone: companies.timezone })
        .from(connections)
        .innerJoin(companies, eq(companies.id, connections.companyId))
        .where(eq(connections.id, id))
      return found
    },

    /** The company's connection of `channel` for a Meta page or Instagram account id. */
    async findByPageAccount(
      companyId: number,
      channel: Channel,
      facebookPageUserId: string,
    ): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(connections)
        .where(
          and(eq(connections.companyId, companyId), ofPageAccount(channel, facebookPageUserId)),
        )
        .orderBy(asc(connections.id))
        .limit(1)
      return row
    },

    /** Whether any connection, of any company, still relies on the page's webhook subscription. */
    async pageInUse(facebookPageId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .where(eq(connections.facebookPageId, facebookPageId))
        .limit(1)
      return row !== undefined
    },

    /** The oldest WhatsApp-family connection left: the one promoted when the default goes. */
    async oldestOfChannels(
      companyId: number,
      channels: readonly Channel[],
    ): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(connections)
        .where(and(eq(connections.companyId, companyId), inArray(connections.channel, channels)))
        .orderBy(asc(connections.createdAt), asc(connections.id))
        .limit(1)
      return row
    },

    async remove(companyId: number, id: number): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .delete(connections)
        .where(companyRow(connections, companyId, id))
        .returning()
      return row
    },

    /** Queues of many connections in one query, in queue order. */
    async queuesOf(
      companyId: number | null,
      connectionIds: number[],
    ): Promise<ConnectionQueueLink[]> {
      if (connectionIds.length === 0) return []
      return db
        .select({
          connectionId: connectionQueues.connectionId,
          id: queues.id,
          name: queues.name,
          color: queues.color,
          greetingMessage: queues.greetingMessage,
          orderQueue: queues.orderQueue,
        })
        .from(connectionQueues)
        .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
        .where(
          and(
            // null: the operator's view across companies, by connection ids already chosen.
            companyId === null ? undefined : eq(connectionQueues.companyId, companyId),
            inArray(connectionQueues.connectionId, connectionIds),
          ),
        )
        .orderBy(asc(queues.orderQueue), asc(queues.name))
    },

    async exists(companyId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .where(companyRow(connections, companyId, id))
      return row !== undefined
    },

    /**
     * The verified (CONNECTED) connections of a Facebook page or Instagram account, oldest
     * first, in whichever company: a connection is CONNECTED only once Graph said its token
     * speaks for the account.
     */
    connectedOfPageAccount(channel: PageChannel, accountId: string): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(connections)
        .where(and(ofPageAccount(channel, accountId), eq(connections.status, 'CONNECTED')))
        .orderBy(asc(connections.id))
    },

    /** Whether a company other than `companyId` has a connection of this page or account. */
    async pageAccountInOtherCompany(
      companyId: number,
      channel: PageChannel,
      accountId: string,
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .where(and(ofPageAccount(channel, accountId), ne(connections.companyId, companyId)))
        .limit(1)
      return row !== undefined
    },

    /** Any company's connection: for provider webhooks and the operator's routes. */
    async findByIdInAnyCompany(id: number): Promise<ConnectionRow | undefined> {
      const [row] = await db.select().from(connections).where(eq(connections.id, id))
      return row
    },

    async countInCompany(companyId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(connections)
        .where(eq(connections.companyId, companyId))
      return row?.total ?? 0
    },

    async findDefault(companyId: number): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(connections)
        .where(and(eq(connections.companyId, companyId), eq(connections.isDefault, true)))
      return row
    },

    async nameTaken(
      companyId: number,
      channel: Channel,
      name: string,
      exceptId?: number,
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .where(
          and(
            eq(connections.companyId, companyId),
            eq(connections.channel, channel),
            eq(connections.name, name),
            exceptId === undefined ? undefined : ne(connections.id, exceptId),
          ),
        )
      return row !== undefined
    },

    /** Tokens are API credentials: unique across every company. */
    async tokenTaken(token: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .where(
          and(
            eq(connections.token, token),
            exceptId === undefined ? undefined : ne(connections.id, exceptId),
          ),
        )
      return row !== undefined
    },

    async update(
      companyId: number,
      id: number,
      changes: Partial<typeof connections.$inferInsert>,
    ): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .update(connections)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(companyRow(connections, companyId, id))
        .returning()
      return row
    },

    async insert(values: typeof connections.$inferInsert): Promise<ConnectionRow> {
      const [row] = await db.insert(connections).values(values).returning()
      if (!row) throw new Error('connection insert returned nothing')
      return row
    },

    async replaceQueues(
      companyId: number,
      connectionId: number,
      queueIds: number[],
    ): Promise<void> {
      await db
        .delete(connectionQueues)
        .where(
          and(
            eq(connectionQueues.companyId, companyId),
            eq(connectionQueues.connectionId, connectionId),
          ),
        )
      if (queueIds.length > 0) {
        await db
          .insert(connectionQueues)
          .values(queueIds.map((queueId) => ({ companyId, connectionId, queueId })))
      }
    },
  }
}
