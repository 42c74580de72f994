import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { connections, type ConnectionRow } from '../connections/connections.table'
import { messageImportItems } from './message-import.table'

/** A numeric statusImportMessages: the phone is still sending, since that many ms. */
const STAGING = sql`${connections.statusImportMessages} ~ '^[0-9]+$'`

/**
 * The staged history, and the import columns of the connection row (importOldMessages …
 * statusImportMessages), which only this module writes once the connection is saved.
 */
export function messageImportRepository(db: Executor) {
  const own = (companyId: number, connectionId: number) =>
    and(eq(connections.companyId, companyId), eq(connections.id, connectionId))

  return {
    async connection(companyId: number, connectionId: number): Promise<ConnectionRow | undefined> {
      const [row] = await db.select().from(connections).where(own(companyId, connectionId))
      return row
    },

    /** Stores history once per provider id; answers how many were new. */
    async stage(
      rows: {
        companyId: number
        connectionId: number
        providerId: string
        sentAt: Date
        envelope: unknown
      }[],
    ): Promise<number> {
      if (rows.length === 0) return 0
      const inserted = await db
        .insert(messageImportItems)
        .values(rows.map((row) => ({ ...row, envelope: row.envelope as object })))
        .onConflictDoNothing()
        .returning({ id: messageImportItems.id })
      return inserted.length
    },

    /** Marks the connection as receiving history now, unless its import already runs. */
    async markStaging(companyId: number, connectionId: number): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .update(connections)
        .set({ statusImportMessages: String(Date.now()) })
        .where(
          and(
            own(companyId, connectionId),
            sql`${connections.statusImportMessages} IS DISTINCT FROM 'Running'`,
          ),
        )
        .returning()
      return row
    },

    /** Connections whose phone went quiet before `quietSince` (ms), or that finished sending. */
    async due(
      quietSince: number,
      finished: number[],
    ): Promise<Array<{ companyId: number; id: number }>> {
      return db
        .select({ companyId: connections.companyId, id: connections.id })
        .from(connections)
        .where(
          sql`${STAGING} AND (${connections.statusImportMessages}::bigint <= ${quietSince}${
            finished.length > 0 ? sql` OR ${inArray(connections.id, finished)}` : sql``
          })`,
        )
    },

    /** Imports a crash interrupted. */
    running(): Promise<Array<{ companyId: number; id: number }>> {
      return db
        .select({ companyId: connections.companyId, id: connections.id })
        .from(connections)
        .where(eq(connections.statusImportMessages, 'Running'))
    },

    /** Takes a staged import for this process: false when someone else already did. */
    async claim(companyId: number, connectionId: number): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .update(connections)
        .set({ statusImportMessages: 'Running' })
        .where(and(own(companyId, connectionId), STAGING))
        .returning()
      return row
    },

    async countStaged(companyId: number, connectionId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(messageImportItems)
        .where(
          and(
            eq(messageImportItems.companyId, companyId),
            eq(messageImportItems.connectionId, connectionId),
          ),
        )
      return row?.count ?? 0
    },

    /** The oldest staged messages first, so each ticket's last message ends up the newest. */
    nextChunk(companyId: number, connectionId: number, limit: number) {
      return db
        .select({
          id: messageImportItems.id,
          sentAt: messageImportItems.sentAt,
          envelope: messageImportItems.envelope,
        })
        .from(messageImportItems)
        .where(
          and(
            eq(messageImportItems.companyId, companyId),
            eq(messageImportItems.connectionId, connectionId),
          ),
        )
        .orderBy(asc(messageImportItems.sentAt), asc(messageImportItems.id))
        .limit(limit)
    },

    async remove(ids: number[]) {
      if (ids.length > 0)
        await db.delete(messageImportItems).where(inArray(messageImportItems.id, ids))
    },

    /** The import is over: its window is cleared and the status left for the client. */
    async finish(
      companyId: number,
      connectionId: number,
      status: 'renderButtonCloseTickets' | null,
    ): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .update(connections)
        .set({ statusImportMessages: status, importOldMessages: null, importRecentMessages: null })
        .where(own(companyId, connectionId))
        .returning()
      return row
    },

    /** After the imported tickets were closed by hand. */
    async clearCloseButton(companyId: number, connectionId: number) {
      await db
        .update(connections)
        .set({ statusImportMessages: null })
        .where(
          and(
            own(companyId, connectionId),
            eq(connections.statusImportMessages, 'renderButtonCloseTickets'),
          ),
        )
    },
  }
}
