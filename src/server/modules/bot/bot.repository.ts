import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import type { ServiceHours } from '@shared/contracts/service-hours'
import { companies } from '../companies/companies.table'
import { connectionQueues, connections } from '../connections/connections.table'
import { contacts, type ContactRow } from '../contacts/contacts.table'
import { flowCampaigns } from '../flow-campaigns/flow-campaigns.table'
import { queueIntegrations } from '../integrations/integrations.table'
import { messages } from '../messages/messages.table'
import { prompts } from '../prompts/prompts.table'
import { chatbotsRepository, type TreeRow } from '../queues/chatbots.repository'
import { queues, type QueueRow } from '../queues/queues.table'
import type { TrackingRow } from '../tickets/tickets.repository'
import { ticketTrackings, tickets, userRatings, type TicketRow } from '../tickets/tickets.table'
import { userQueues, users } from '../users/users.table'

/** A contact's message the bot has yet to read. */
export interface PendingMessage {
  id: number
  body: string
  /** As stored: an audio and a call notice are read for what they are, not their words. */
  mediaType: string
}

/** The bot's reads and its own writes; ticket changes go through the tickets repository. */
export function botRepository(db: Executor) {
  return {
    /** Tickets with messages left for the bot, e.g. by a crash between storing and answering. */
    async ticketsWithPending(
      limit: number,
    ): Promise<{ companyId: number; ticketId: number; whatsappId: number | null }[]> {
      return (
        db
          .selectDistinct({
            companyId: messages.companyId,
            ticketId: messages.ticketId,
            whatsappId: messages.whatsappId,
          })
          .from(messages)
          .where(eq(messages.botPending, true))
          // Oldest conversations first, whatever the plan.
          .orderBy(asc(messages.ticketId))
          .limit(limit)
      )
    },

    /**
     * Takes the ticket's messages left for the bot, oldest first: their flag is cleared in the
     * caller's transaction, which holds the ticket.
     */
    async takePending(companyId: number, ticketId: number): Promise<PendingMessage[]> {
      const taken = await db
        .update(messages)
        .set({ botPending: false })
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.ticketId, ticketId),
            eq(messages.botPending, true),
          ),
        )
        .returning({ id: messages.id, body: messages.body, mediaType: messages.mediaType })
      return taken.sort((a, b) => a.id - b.id)
    },

    /**
     * Locks those of the tickets nobody else holds, in id order: the bot's look at a set of
     * tickets never waits for the pipeline or an attendant.
     */
    lockFree(companyId: number, ids: number[]): Promise<TicketRow[]> {
      return db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids)))
        .orderBy(asc(tickets.id))
        .for('update', { skipLocked: true })
    },

    /** The tickets' messages left for the bot, oldest first. */
    pendingOf(
      companyId: number,
      ticketIds: number[],
    ): Promise<(PendingMessage & { ticketId: number })[]> {
      return db
        .select({
          id: messages.id,
          ticketId: messages.ticketId,
          body: messages.body,
          mediaType: messages.mediaType,
        })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            inArray(messages.ticketId, ticketIds),
            eq(messages.botPending, true),
          ),
        )
        .orderBy(asc(messages.id))
    },

    async clearPending(companyId: number, ids: number[]) {
      if (ids.length === 0) return
      await db
        .update(messages)
        .set({ botPending: false })
        .where(and(eq(messages.companyId, companyId), inArray(messages.id, ids)))
    },

    /** Each ticket's contact, with its open attendance cycle when it has one, by ticket. */
    async contactsAndTrackings(
      companyId: number,
      ticketIds: number[],
    ): Promise<Map<number, { contact: ContactRow; tracking: TrackingRow | null }>> {
      const rows = await db
        .select({ ticketId: tickets.id, contact: contacts, tracking: ticketTrackings })
        .from(tickets)
        .innerJoin(
          contacts,
          and(eq(contacts.companyId, tickets.companyId), eq(contacts.id, tickets.contactId)),
        )
        .leftJoin(
          ticketTrackings,
          and(
            eq(ticketTrackings.companyId, tickets.companyId),
            eq(ticketTrackings.ticketId, tickets.id),
            sql`${ticketTrackings.finishedAt} IS NULL`,
          ),
        )
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds)))
      return new Map(rows.map(({ ticketId, ...found }) => [ticketId, found]))
    },

    async acceptTerms(companyId: number, contactId: number, at: Date) {
      await db
        .update(contacts)
        .set({ lgpdAcceptedAt: at })
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
    },

    async company(companyId: number) {
      const [row] = await db
        .select({
          name: companies.name,
          timezone: companies.timezone,
          schedules: companies.schedules,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
      return row ? { ...row, schedules: row.schedules as ServiceHours } : null
    },

    /** The connection's queues in menu order, with every option of their trees. */
    async queuesOf(
      companyId: number,
      connectionId: number,
    ): Promise<{
      queues: QueueRow[]
      options: TreeRow[]
      queuePrompts: Map<number, number>
      queueFlows: Map<number, number>
    }> {
      const rows = await db
        .select({
          queue: queues,
          integrationType: queueIntegrations.type,
          flowId: queueIntegrations.flowId,
        })
        .from(connectionQueues)
        .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
        .leftJoin(queueIntegrations, eq(queueIntegrations.id, queues.integrationId))
        .where(
          and(
            eq(connectionQueues.companyId, companyId),
            eq(connectionQueues.connectionId, connectionId),
          ),
        )
        .orderBy(sql`${queues.orderQueue} NULLS LAST`, asc(queues.name))
      const found = rows.map((row) => row.queue)
      // A queue whose integration is a flow runs that flow instead of conversing with a bot.
      const queueFlows = new Map(
        rows.flatMap((row) =>
          row.integrationType === 'flowbuilder' && row.flowId !== null
            ? [[row.queue.id, row.flowId] as const]
            : [],
        ),
      )
      const options = await chatbotsRepository(db).treesOfQueues(
        companyId,
        found.map((queue) => queue.id),
      )
      const queuePrompts = new Map<number, number>()
      if (found.length > 0)
        for (const row of await db
          .select({ queueId: prompts.queueId, id: prompts.id })
          .from(prompts)
          .where(
            and(
              eq(prompts.companyId, companyId),
              inArray(
                prompts.queueId,
                found.map((queue) => queue.id),
              ),
            ),
          )
          .orderBy(desc(prompts.id)))
          // The oldest prompt of a queue answers it: later rows are overwritten by earlier ones.
          if (row.queueId !== null) queuePrompts.set(row.queueId, row.id)
      return { queues: found, options, queuePrompts, queueFlows }
    },

    /** Whether the integration is a flow, which the bot does not converse through. */
    async isFlow(companyId: number, integrationId: number): Promise<boolean> {
      const [row] = await db
        .select({ type: queueIntegrations.type })
        .from(queueIntegrations)
        .where(
          and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, integrationId)),
        )
      return row?.type === 'flowbuilder'
    },

    /** The connections that offer the queue, oldest first. */
    connectionsOfQueue(companyId: number, queueId: number) {
      return db
        .select({ id: connections.id, name: connections.name })
        .from(connectionQueues)
        .innerJoin(connections, eq(connections.id, connectionQueues.connectionId))
        .where(
          and(eq(connectionQueues.companyId, companyId), eq(connectionQueues.queueId, queueId)),
        )
        .orderBy(asc(connections.id))
    },

    /** The company's queue or null; with every queue's name, which options may point to. */
    async queueAndNames(companyId: number, queueId: number) {
      const rows = await db.select().from(queues).where(eq(queues.companyId, companyId))
      return {
        queue: rows.find((row) => row.id === queueId) ?? null,
        names: new Map(rows.map((row) => [row.id, row.name])),
      }
    },

    async userNames(companyId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, ids)))
      return new Map(rows.map((row) => [row.id, row.name]))
    },

    async userName(companyId: number, userId: number): Promise<string> {
      const [row] = await db
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      return row?.name ?? ''
    },

    /** Where the ticket stands in its queue's line: waiting tickets opened before it, and it. */
    async placeInLine(
      companyId: number,
      ticket: { id: number; whatsappId: number | null; createdAt: Date },
      queueId: number,
    ): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.status, 'pending'),
            eq(tickets.queueId, queueId),
            sql`${tickets.userId} IS NULL`,
            eq(tickets.isGroup, false),
            ticket.whatsappId === null ? sql`true` : eq(tickets.whatsappId, ticket.whatsappId),
            lte(tickets.createdAt, ticket.createdAt),
          ),
        )
      return Math.max(row?.count ?? 1, 1)
    },

    /**
     * An online attendant (profile user) of the queue other than `except`, picked at random;
     * null when none is.
     */
    async randomOnlineMember(
      companyId: number,
      queueId: number,
      except: number | null = null,
    ): Promise<number | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(userQueues)
        .innerJoin(users, eq(users.id, userQueues.userId))
        .where(
          and(
            eq(userQueues.companyId, companyId),
            eq(userQueues.queueId, queueId),
            eq(users.online, true),
            eq(users.profile, 'user'),
            except === null ? undefined : ne(users.id, except),
          ),
        )
        .orderBy(sql`random()`)
        .limit(1)
      return row?.id ?? null
    },

    /** Whether the connection has any queue (a menu to show). */
    /** Whether the connection offers queues, and whether it has active phrase campaigns. */
    async offers(
      companyId: number,
      connectionId: number,
    ): Promise<{ queues: boolean; phrases: boolean }> {
      const [row] = await db
        .select({
          queues: sql<boolean>`EXISTS (SELECT 1 FROM ${connectionQueues}
            WHERE ${connectionQueues.companyId} = ${companyId}
              AND ${connectionQueues.connectionId} = ${connectionId})`,
          phrases: sql<boolean>`EXISTS (SELECT 1 FROM ${flowCampaigns}
            WHERE ${flowCampaigns.companyId} = ${companyId}
              AND ${flowCampaigns.whatsappId} = ${connectionId}
              AND ${flowCampaigns.status})`,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
      return { queues: row?.queues ?? false, phrases: row?.phrases ?? false }
    },

    async storeRating(values: typeof userRatings.$inferInsert) {
      await db.insert(userRatings).values(values)
    },
  }
}

export type BotRepository = ReturnType<typeof botRepository>
