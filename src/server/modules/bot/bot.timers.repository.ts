import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companies } from '../companies/companies.table'
import { connections } from '../connections/connections.table'
import { queues } from '../queues/queues.table'
import { tickets, ticketTrackings } from '../tickets/tickets.table'

/** A ticket one of the bot's timers may be due on. */
export interface TimerCandidate {
  companyId: number
  ticketId: number
}

const minutes = (column: unknown) => sql`make_interval(mins => ${column})`

/** The timers' reads; the changes they make go through the tickets repository. */
export function botTimersRepository(db: Executor) {
  return {
    /**
     * Tickets of active companies' connected connections whose wait passed one of the bot's
     * thresholds at `now` (reference §12): silent open tickets, unanswered rating requests,
     * queue-less and rotating waiting tickets. A coarse filter with the thresholds of
     * `dueTimer`, which decides on each; oldest tickets first.
     */
    async dueCandidates(now: Date, limit: number): Promise<TimerCandidate[]> {
      const at = sql`${now.toISOString()}::timestamptz`
      const warns = sql`(${connections.timeInactiveMessage} > 0 AND btrim(${connections.inactiveMessage}) <> '')`
      const openThreshold = sql`CASE WHEN ${warns} AND NOT ${tickets.sendInactiveMessage}
        THEN ${connections.timeInactiveMessage} ELSE ${connections.expiresTicket} END`
      const waitingSince = sql`GREATEST(${tickets.rotatedAt}, ${ticketTrackings.queuedAt}, ${tickets.createdAt})`
      return db
        .select({ companyId: tickets.companyId, ticketId: tickets.id })
        .from(connections)
        .innerJoin(companies, eq(companies.id, connections.companyId))
        .innerJoin(
          tickets,
          and(eq(tickets.companyId, connections.companyId), eq(tickets.whatsappId, connections.id)),
        )
        .leftJoin(
          queues,
          and(eq(queues.companyId, tickets.companyId), eq(queues.id, tickets.queueId)),
        )
        .leftJoin(
          ticketTrackings,
          and(
            eq(ticketTrackings.companyId, tickets.companyId),
            eq(ticketTrackings.ticketId, tickets.id),
            sql`${ticketTrackings.finishedAt} IS NULL`,
          ),
        )
        .where(
          and(
            eq(companies.status, true),
            eq(connections.status, 'CONNECTED'),
            sql`(
              (${tickets.status} = 'open' AND ${tickets.imported} IS NULL
                AND ${openThreshold} > 0
                AND ${tickets.lastMessageAt} <= ${at} - ${minutes(openThreshold)}
                AND (${connections.whenExpiresTicket} = '0' OR ${tickets.fromMe}))
              OR (${tickets.status} = 'nps' AND ${connections.expiresTicketNPS} > 0
                AND ${tickets.lastMessageAt} <= ${at} - ${minutes(connections.expiresTicketNPS)})
              OR (${tickets.status} = 'pending' AND NOT ${tickets.isGroup}
                AND NOT ${tickets.useIntegration} AND (
                  (${tickets.queueId} IS NULL AND ${connections.timeSendQueue} > 0
                    AND ${connections.sendIdQueue} IS NOT NULL
                    AND ${tickets.createdAt} <= ${at} - ${minutes(connections.timeSendQueue)})
                  OR (${queues.ativarRoteador} AND ${queues.tempoRoteador} > 0
                    AND ${waitingSince} <= ${at} - ${minutes(queues.tempoRoteador)})))
            )`,
          ),
        )
        .orderBy(tickets.id)
        .limit(limit)
    },

    /** The ticket's queue as its rotation reads it. */
    async queue(companyId: number, queueId: number) {
      const [row] = await db
        .select({
          name: queues.name,
          ativarRoteador: queues.ativarRoteador,
          tempoRoteador: queues.tempoRoteador,
          schedules: queues.schedules,
        })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)))
      return row ?? null
    },
  }
}
