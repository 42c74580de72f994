import { and, count, eq } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { messages } from '../messages/messages.table'
import { campaignPaces } from './campaigns.table'

export function campaignPacesRepository(db: Executor) {
  return {
    /**
     * The connection's pace, locked until the transaction ends: every campaign dispatch on the
     * connection takes it, on any instance, so they go one at a time.
     */
    async lock(companyId: number, whatsappId: number) {
      await db.insert(campaignPaces).values({ companyId, whatsappId }).onConflictDoNothing()
      const [row] = await db
        .select()
        .from(campaignPaces)
        .where(eq(campaignPaces.whatsappId, whatsappId))
        .for('update')
      if (!row) throw new Error('campaign pace row vanished')
      return row
    },

    /**
     * What became of a message: still queued (tried and refused already, and when it is due
     * again), sent (and when it last changed), or failed.
     */
    async messageFate(id: number) {
      const [row] = await db
        .select({
          sendStatus: messages.sendStatus,
          sendAttempts: messages.sendAttempts,
          nextAttemptAt: messages.nextAttemptAt,
          updatedAt: messages.updatedAt,
        })
        .from(messages)
        .where(eq(messages.id, id))
      return row ?? null
    },

    /** Messages of the connection waiting in its sender's queue (the queue's partial index). */
    async queued(whatsappId: number): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(messages)
        .where(and(eq(messages.whatsappId, whatsappId), eq(messages.sendStatus, 'queued')))
      return row?.count ?? 0
    },

    async record(whatsappId: number, lastMessageId: number, at: Date) {
      await db
        .update(campaignPaces)
        .set({ lastMessageId, lastDispatchAt: at })
        .where(eq(campaignPaces.whatsappId, whatsappId))
    },
  }
}
