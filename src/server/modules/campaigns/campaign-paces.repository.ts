import { eq } from 'drizzle-orm'
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

    /** What became of a message: still queued, sent (and when it last changed), or failed. */
    async messageFate(id: number) {
      const [row] = await db
        .select({ sendStatus: messages.sendStatus, updatedAt: messages.updatedAt })
        .from(messages)
        .where(eq(messages.id, id))
      return row ?? null
    },

    async record(whatsappId: number, lastMessageId: number, at: Date) {
      await db
        .update(campaignPaces)
        .set({ lastMessageId, lastDispatchAt: at })
        .where(eq(campaignPaces.whatsappId, whatsappId))
    },
  }
}
