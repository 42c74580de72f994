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
 * batch's order, null for plain notices.
 */
export async function publishBatch(
  pool: pg.Pool,
  notices: readonly BatchedNotice[],
): Promise<(string | null)[]> {
  const events = notices.filter((notice) => notice.event)
  const { rows } = events.length
    ? await pool.query<{ id: string }>(
        `SELECT nextval(pg_get_serial_sequence('socket_events', 'id'))::text AS id
         FROM generate_series(1, $1)`,
        [events.length],
      )
    : { rows: [] }
  const ids = rows.map((row) => row.id).sort((a, b) => Number(a) - Number(b))
  let next = 0
  const offsets = notices.map((notice) => (notice.event ? ids[next++]! : null))
  const stored = notices.flatMap((notice, index) =>
    notice.event ? [{ id: offsets[index]!, ...notice.event }] : [],
  )
  await pool.query(
    `WITH stored AS (
       INSERT INTO socket_events (id, namespace, rooms, "exceptRooms", data)
       SELECT e.id, e.namespace,
              ARRAY(SELECT json_array_elements_text(e.rooms::json)),
              ARRAY(SELECT json_array_elements_text(e.except_rooms::json)),
              e.data
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])
         AS e(id, namespace, rooms, except_rooms, data)
     )
     SELECT pg_notify(n.channel, n.payload)
     FROM unnest($6::text[], $7::text[]) WITH ORDINALITY AS n(channel, payload, position)
     ORDER BY n.position`,
    [
      stored.map((event) => event.id),
      stored.map((event) => event.namespace),
      stored.map((event) => JSON.stringify(event.rooms)),
      stored.map((event) => JSON.stringify(event.exceptRooms)),
      stored.map((event) => event.data),
      notices.map((notice) => notice.channel),
      notices.map((notice, index) =>
        offsets[index] === null
          ? `${notice.openPayload}}`
          : `${notice.openPayload},"offset":"${offsets[index]}"}`,
      ),
    ],
  )
  return offsets
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
