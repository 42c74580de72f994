import { and, asc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companies } from '@server/modules/companies/companies.table'
import { connections, type ConnectionRow } from '@server/modules/connections/connections.table'
import {
  whatsappSessionCreds,
  whatsappSessionKeys,
} from '@server/modules/connections/connections.sessions.table'

export interface KeyChange {
  type: string
  keyId: string
  /** null deletes the key. */
  valueSealed: string | null
}

export type SessionPatch = Partial<Pick<ConnectionRow, 'status' | 'qrcode' | 'number' | 'retries'>>

/** Rows per statement when Baileys stores hundreds of pre-keys at once. */
const CHUNK = 500

/** Sessions a boot starts: not left DISCONNECTED, of an active company not blocked (§14). */
const bootable = and(
  eq(connections.channel, 'whatsapp'),
  ne(connections.status, 'DISCONNECTED'),
  eq(companies.status, true),
  or(eq(companies.id, 1), gte(companies.dueDate, sql`CURRENT_DATE - 3`)),
)

/** The WhatsApp (Baileys) session's SQL: sealed auth state and the connection's session columns. */
export function whatsappRepository(db: Executor) {
  return {
    async readCreds(companyId: number, connectionId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ credsSealed: whatsappSessionCreds.credsSealed })
        .from(whatsappSessionCreds)
        .where(
          and(
            eq(whatsappSessionCreds.companyId, companyId),
            eq(whatsappSessionCreds.connectionId, connectionId),
          ),
        )
      return row?.credsSealed
    },

    async writeCreds(companyId: number, connectionId: number, credsSealed: string): Promise<void> {
      await db
        .insert(whatsappSessionCreds)
        .values({ companyId, connectionId, credsSealed })
        .onConflictDoUpdate({
          target: whatsappSessionCreds.connectionId,
          set: { credsSealed, updatedAt: new Date() },
          setWhere: eq(whatsappSessionCreds.companyId, companyId),
        })
    },

    readKeys(
      companyId: number,
      connectionId: number,
      type: string,
      keyIds: string[],
    ): Promise<{ keyId: string; valueSealed: string }[]> {
      if (keyIds.length === 0) return Promise.resolve([])
      return db
        .select({ keyId: whatsappSessionKeys.keyId, valueSealed: whatsappSessionKeys.valueSealed })
        .from(whatsappSessionKeys)
        .where(
          and(
            eq(whatsappSessionKeys.connectionId, connectionId),
            eq(whatsappSessionKeys.companyId, companyId),
            eq(whatsappSessionKeys.type, type),
            inArray(whatsappSessionKeys.keyId, keyIds),
          ),
        )
    },

    /** Upserts and deletes keys; run it inside a transaction so a batch lands whole or not at all. */
    async applyKeyChanges(
      companyId: number,
      connectionId: number,
      changes: KeyChange[],
    ): Promise<void> {
      const upserts = changes.flatMap((change) =>
        change.valueSealed === null
          ? []
          : [{ companyId, connectionId, ...change, valueSealed: change.valueSealed }],
      )
      for (let i = 0; i < upserts.length; i += CHUNK) {
        await db
          .insert(whatsappSessionKeys)
          .values(upserts.slice(i, i + CHUNK))
          .onConflictDoUpdate({
            target: [
              whatsappSessionKeys.connectionId,
              whatsappSessionKeys.type,
              whatsappSessionKeys.keyId,
            ],
            set: { valueSealed: sql.raw(`excluded."valueSealed"`) },
          })
      }
      const deletions = new Map<string, string[]>()
      for (const change of changes) {
        if (change.valueSealed !== null) continue
        deletions.set(change.type, [...(deletions.get(change.type) ?? []), change.keyId])
      }
      for (const [type, keyIds] of deletions) {
        for (let i = 0; i < keyIds.length; i += CHUNK) {
          await db
            .delete(whatsappSessionKeys)
            .where(
              and(
                eq(whatsappSessionKeys.connectionId, connectionId),
                eq(whatsappSessionKeys.companyId, companyId),
                eq(whatsappSessionKeys.type, type),
                inArray(whatsappSessionKeys.keyId, keyIds.slice(i, i + CHUNK)),
              ),
            )
        }
      }
    },

    /** Forgets the pairing: credentials and every signal key. */
    async wipe(companyId: number, connectionId: number): Promise<void> {
      await db
        .delete(whatsappSessionKeys)
        .where(
          and(
            eq(whatsappSessionKeys.connectionId, connectionId),
            eq(whatsappSessionKeys.companyId, companyId),
          ),
        )
      await db
        .delete(whatsappSessionCreds)
        .where(
          and(
            eq(whatsappSessionCreds.companyId, companyId),
            eq(whatsappSessionCreds.connectionId, connectionId),
          ),
        )
    },

    async countKeys(companyId: number, connectionId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(whatsappSessionKeys)
        .where(
          and(
            eq(whatsappSessionKeys.connectionId, connectionId),
            eq(whatsappSessionKeys.companyId, companyId),
          ),
        )
      return row?.count ?? 0
    },

    async findConnection(
      companyId: number,
      connectionId: number,
    ): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(connections)
        .where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)))
      return row
    },

    /** Writes session columns of a whatsapp connection; undefined when it no longer exists. */
    async updateSession(
      companyId: number,
      connectionId: number,
      patch: SessionPatch,
    ): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .update(connections)
        .set({ ...patch, updatedAt: new Date() })
        .where(
          and(
            eq(connections.companyId, companyId),
            eq(connections.id, connectionId),
            eq(connections.channel, 'whatsapp'),
          ),
        )
        .returning()
      return row
    },

    /**
     * Whatsapp connections to start at boot: of active companies whose subscription is not past
     * the 3-day grace of reference §14 (company 1 never expires), and not DISCONNECTED.
     */
    listBootable(): Promise<{ companyId: number; id: number }[]> {
      return db
        .select({ companyId: connections.companyId, id: connections.id })
        .from(connections)
        .innerJoin(companies, eq(companies.id, connections.companyId))
        .where(bootable)
        .orderBy(asc(connections.companyId), asc(connections.id))
    },

    /** Whether a boot would start this connection (a survivor taking a session over asks). */
    async isBootable(companyId: number, connectionId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .innerJoin(companies, eq(companies.id, connections.companyId))
        .where(
          and(eq(connections.companyId, companyId), eq(connections.id, connectionId), bootable),
        )
      return row !== undefined
    },
  }
}

export type WhatsappRepository = ReturnType<typeof whatsappRepository>
