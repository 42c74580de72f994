import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Database } from '@server/db/client'
import { socketEvents, socketSessions } from './realtime.table'

export interface StoredSocketEvent {
  id: number
  rooms: string[]
  exceptRooms: string[]
  data: string
}

export interface StoredSocketSession {
  sid: string
  rooms: string[]
  data: string
  updatedAt: Date
  /** Null while its socket was connected when last written (or its instance died). */
  disconnectedAt: Date | null
}

/** An event kept for recovery: its namespace, audience and packet arguments (JSON). */
export interface SocketEventRecord {
  namespace: string
  rooms: string[]
  exceptRooms: string[]
  data: string
}

/** One NOTIFY of a batch; with `event`, the event is stored and its id goes in `payload`. */
export interface BatchedNotice {
  channel: string
  /** The payload's JSON without its closing brace, so that the offset can be added. */
  openPayload: string
  event: SocketEventRecord | null
}

/**
 * Stores the batch's events and sends its notifications in one statement, in order: a reader
 * that hears of an event finds it stored. Answers each event's id (its clients' offset), in the
 * batch's order, null for plain notices. The batch travels as one JSON array: as text arrays,
 * every event and payload was escaped again character by character, and the ids took a round
 * trip of their own.
 */
export async function publishBatch(
  pool: pg.Pool,
  notices: readonly BatchedNotice[],
): Promise<(string | null)[]> {
  const { rows } = await pool.query<{ id: string | null }>({
    name: 'socket_events_publish',
    text: `WITH notice AS (
             SELECT n.position, n.value->>'channel' AS channel, n.value->>'open' AS open,
                    n.value->'event' AS event,
                    CASE WHEN n.value ? 'event'
                      THEN nextval(pg_get_serial_sequence('socket_events', 'id')) END AS id
             FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS n(value, position)
           ), stored AS (
             INSERT INTO socket_events (id, namespace, rooms, "exceptRooms", data)
             SELECT id, event->>'namespace',
                    ARRAY(SELECT jsonb_array_elements_text(event->'rooms')),
                    ARRAY(SELECT jsonb_array_elements_text(event->'exceptRooms')),
                    event->>'data'
             FROM notice WHERE id IS NOT NULL
           )
           SELECT id::text AS id,
                  pg_notify(channel, CASE WHEN id IS NULL THEN open || '}'
                                     ELSE open || ',"offset":"' || id || '"}' END)
           FROM notice ORDER BY position`,
    values: [
      JSON.stringify(
        notices.map((notice) => ({
          channel: notice.channel,
          open: notice.openPayload,
          ...(notice.event ? { event: notice.event } : {}),
        })),
      ),
    ],
  })
  return rows.map((row) => row.id)
}

/** What connection-state recovery keeps in PostgreSQL for every instance to read. */
export function socketRecoveryRepository(db: Database) {
  return {
    async storeEvent(event: SocketEventRecord): Promise<number> {
      const [row] = await db.insert(socketEvents).values(event).returning({ id: socketEvents.id })
      return row!.id
    },

    /** Whether the event is still kept (an older offset cannot be recovered from). */
    async eventKept(namespace: string, id: number, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: socketEvents.id })
        .from(socketEvents)
        .where(
          and(
            eq(socketEvents.namespace, namespace),
            eq(socketEvents.id, id),
            gt(socketEvents.emittedAt, since),
          ),
        )
      return rows.length > 0
    },

    eventsAfter(namespace: string, id: number): Promise<StoredSocketEvent[]> {
      return db
        .select({
          id: socketEvents.id,
          rooms: socketEvents.rooms,
          exceptRooms: socketEvents.exceptRooms,
          data: socketEvents.data,
        })
        .from(socketEvents)
        .where(and(eq(socketEvents.namespace, namespace), gt(socketEvents.id, id)))
        .orderBy(asc(socketEvents.id))
    },

    async saveSession(
      pid: string,
      session: { sid: string; namespace: string; rooms: string[]; data: string },
      disconnected: boolean,
    ): Promise<void> {
      const values = {
        ...session,
        updatedAt: sql`now()`,
        disconnectedAt: disconnected ? sql`now()` : null,
      }
      await db
        .insert(socketSessions)
        .values({ pid, ...values })
        .onConflictDoUpdate({ target: socketSessions.pid, set: values })
    },

    async findSession(namespace: string, pid: string): Promise<StoredSocketSession | null> {
      const [row] = await db
        .select({
          sid: socketSessions.sid,
          rooms: socketSessions.rooms,
          data: socketSessions.data,
          updatedAt: socketSessions.updatedAt,
          disconnectedAt: socketSessions.disconnectedAt,
        })
        .from(socketSessions)
        .where(and(eq(socketSessions.pid, pid), eq(socketSessions.namespace, namespace)))
      return row ?? null
    },

    /** Marks the sessions of sockets still connected as alive (their instance may die). */
    async touchSessions(pids: string[]): Promise<void> {
      if (pids.length === 0) return
      await db
        .update(socketSessions)
        .set({ updatedAt: sql`now()` })
        .where(inArray(socketSessions.pid, pids))
    },

    /** Drops events and sessions older than the recovery window. */
    async prune(before: Date): Promise<void> {
      await db.delete(socketEvents).where(lt(socketEvents.emittedAt, before))
      await db
        .delete(socketSessions)
        .where(
          or(
            lt(socketSessions.disconnectedAt, before),
            and(
              sql`${socketSessions.disconnectedAt} IS NULL`,
              lt(socketSessions.updatedAt, before),
            ),
          ),
        )
    },
  }
}

export type SocketRecoveryRepository = ReturnType<typeof socketRecoveryRepository>
