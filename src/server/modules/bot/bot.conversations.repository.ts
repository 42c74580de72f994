import { and, asc, count, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import {
  integrationErrors,
  integrationSessions,
  integrationTurns,
  type IntegrationSessionRow,
  type IntegrationTurnRow,
} from './bot.conversations.table'
import { queueIntegrations } from '../integrations/integrations.table'

/** The turns, sessions and health of the conversations bots have with contacts. */
export function conversationsRepository(db: Executor) {
  return {
    async addTurn(companyId: number, ticketId: number, messageId: number | null) {
      await db.insert(integrationTurns).values({ companyId, ticketId, messageId })
    },

    async nextTurn(companyId: number, ticketId: number): Promise<IntegrationTurnRow | null> {
      const [row] = await db
        .select()
        .from(integrationTurns)
        .where(
          and(eq(integrationTurns.companyId, companyId), eq(integrationTurns.ticketId, ticketId)),
        )
        .orderBy(asc(integrationTurns.id))
        .limit(1)
      return row ?? null
    },

    /** Takes the turn away; false when another instance already answered it. */
    async takeTurn(companyId: number, id: number): Promise<boolean> {
      const gone = await db
        .delete(integrationTurns)
        .where(companyRow(integrationTurns, companyId, id))
        .returning({ id: integrationTurns.id })
      return gone.length > 0
    },

    /** Forgets the ticket's turns: its bot handed off or was detached. */
    async dropTurns(companyId: number, ticketId: number) {
      await db
        .delete(integrationTurns)
        .where(
          and(eq(integrationTurns.companyId, companyId), eq(integrationTurns.ticketId, ticketId)),
        )
    },

    async session(companyId: number, ticketId: number): Promise<IntegrationSessionRow | null> {
      const [row] = await db
        .select()
        .from(integrationSessions)
        .where(
          and(
            eq(integrationSessions.companyId, companyId),
            eq(integrationSessions.ticketId, ticketId),
          ),
        )
      return row ?? null
    },

    /** Records a turn that worked: the session, the time, no failures in a row. */
    async saveSession(
      companyId: number,
      ticketId: number,
      values: { sessionId: string | null; lastActivityAt: Date; choices: string[] | null },
    ) {
      await db
        .insert(integrationSessions)
        .values({ companyId, ticketId, ...values, failures: 0 })
        .onConflictDoUpdate({
          target: integrationSessions.ticketId,
          set: { ...values, failures: 0 },
        })
    },

    /** Counts a failed turn; answers the failures in a row. */
    async countFailure(companyId: number, ticketId: number, now: Date): Promise<number> {
      const [row] = await db
        .insert(integrationSessions)
        .values({ companyId, ticketId, sessionId: null, lastActivityAt: now, failures: 1 })
        .onConflictDoUpdate({
          target: integrationSessions.ticketId,
          set: { failures: sql`${integrationSessions.failures} + 1` },
        })
        .returning({ failures: integrationSessions.failures })
      return row?.failures ?? 1
    },

    async endSession(companyId: number, ticketId: number) {
      await db
        .delete(integrationSessions)
        .where(
          and(
            eq(integrationSessions.companyId, companyId),
            eq(integrationSessions.ticketId, ticketId),
          ),
        )
    },

    async markSuccess(companyId: number, integrationId: number, at: Date) {
      await db
        .update(queueIntegrations)
        .set({ lastSuccessAt: at })
        .where(companyRow(queueIntegrations, companyId, integrationId))
    },

    async recordError(
      companyId: number,
      integrationId: number,
      error: { message: string; final: boolean; at: Date },
    ) {
      await db.insert(integrationErrors).values({
        companyId,
        integrationId,
        message: error.message,
        final: error.final,
        createdAt: error.at,
      })
      await db
        .update(queueIntegrations)
        .set({ lastErrorAt: error.at, lastError: error.message })
        .where(companyRow(queueIntegrations, companyId, integrationId))
    },

    /** Errors of the integration since `since`. */
    async errorsSince(companyId: number, integrationId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(integrationErrors)
        .where(
          and(
            eq(integrationErrors.companyId, companyId),
            eq(integrationErrors.integrationId, integrationId),
            gt(integrationErrors.createdAt, since),
          ),
        )
      return row?.value ?? 0
    },
  }
}
