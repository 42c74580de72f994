import pg from 'pg'

/** A lock this server instance holds until it releases it or loses it. */
export interface SessionLock {
  /** Gives the lock up; a no-op once released or lost. */
  release(): Promise<void>
}

export interface SessionLockHandlers {
  /**
   * The lock went away without `release()`: the connection that held it dropped, and another
   * instance may take the key from then on.
   */
  onLost?(): void
  /** Another instance asked the holder for something (`tell`). */
  onMessage?(message: string): void
}

/**
 * Owner locks of one server instance: a key (`wa-session:12`) is held by at most one holder on
 * the whole database, so exactly one instance runs what the key names, for as long as it lives;
 * the others can hand it requests.
 */
export interface SessionLocks {
  /** Takes `key` unless anyone holds it (another instance, or another holder of this one). */
  tryAcquire(key: string, handlers?: SessionLockHandlers): Promise<SessionLock | null>
  /** Whether another instance holds `key`; false when this one does or nobody does. */
  heldElsewhere(key: string): Promise<boolean>
  /**
   * Hands `message` to the holder of `key`, wherever it runs; false when nobody holds it.
   * Best effort: a holder that lets go meanwhile never sees it.
   */
  tell(key: string, message: string): Promise<boolean>
  /** Releases every lock (shutdown); later acquisitions fail. */
  close(): Promise<void>
}

/** The holders of one embedded database, shared by every instance built on it. */
export type LocalLockTable = Map<string, LocalHolder>

interface LocalHolder {
  key: string
  handlers: SessionLockHandlers
}

/**
 * PGlite lives in one process with one connection, so its owner locks are an in-process table;
 * several apps built on one PGlite (tests) still exclude each other through it.
 */
export function localSessionLocks(table: LocalLockTable): SessionLocks {
  const mine = new Set<LocalHolder>()
  let closed = false
  const drop = (holder: LocalHolder) => {
    mine.delete(holder)
    if (table.get(holder.key) === holder) table.delete(holder.key)
  }
  return {
    tryAcquire(key, handlers = {}) {
      if (closed || table.has(key)) return Promise.resolve(null)
      const holder = { key, handlers }
      table.set(key, holder)
      mine.add(holder)
      return Promise.resolve({
        release: () => {
          drop(holder)
          return Promise.resolve()
        },
      })
    },
    heldElsewhere(key) {
      const holder = table.get(key)
      return Promise.resolve(holder !== undefined && !mine.has(holder))
    },
    tell(key, message) {
      const holder = table.get(key)
      if (!holder) return Promise.resolve(false)
      // Delivered later, as a notification would be, never inside the caller's own step.
      setImmediate(() => {
        if (table.get(key) === holder) holder.handlers.onMessage?.(message)
      })
      return Promise.resolve(true)
    },
    close() {
      closed = true
      for (const holder of [...mine]) drop(holder)
      return Promise.resolve()
    },
  }
}

/** The notification channel of `tell`; each instance's lock connection listens to it. */
const CHANNEL = 'atende_session_locks'
const ACQUIRE = 'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS acquired'
const RELEASE = 'SELECT pg_advisory_unlock(hashtextextended($1, 0))'
// A bigint advisory key shows in pg_locks split in two: its high half as classid, its low half
// as objid, with objsubid 1.
const HELD_ELSEWHERE = `SELECT EXISTS (
  SELECT 1 FROM pg_locks
  WHERE locktype = 'advisory' AND granted AND objsubid = 1
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND ((classid::int8 << 32) | objid::int8) = hashtextextended($1, 0)
    AND pid <> pg_backend_pid()
) AS held`

/**
 * Session-level advisory locks on one dedicated connection (not a pool client: the pool
 * recycles its clients, and a session lock lives exactly as long as the connection that took
 * it). When that connection drops, the server has let go of every lock on it, so every holder
 * is told; the next acquisition opens a new connection.
 */
export function postgresSessionLocks(config: pg.ClientConfig): SessionLocks {
  let client: pg.Client | null = null
  let connecting: Promise<pg.Client> | null = null
  let closed = false
  const held = new Map<string, SessionLockHandlers>()
  const acquiring = new Set<string>()

  function lose(dropped: pg.Client) {
    if (client !== dropped) return
    client = null
    connecting = null
    const lost = [...held.values()]
    held.clear()
    dropped.end().catch(() => undefined)
    for (const holder of lost) holder.onLost?.()
  }

  function deliver(payload: string | undefined) {
    let note: unknown
    try {
      note = JSON.parse(payload ?? '')
    } catch {
      return
    }
    const { key, message } = (note ?? {}) as { key?: unknown; message?: unknown }
    if (typeof key !== 'string' || typeof message !== 'string') return
    held.get(key)?.onMessage?.(message)
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client)
    connecting ??= (async () => {
      const next = new pg.Client({
        ...config,
        application_name: 'atende-session-locks',
        // A peer that vanished without closing the TCP connection is noticed.
        keepAlive: true,
      })
      next.on('error', () => lose(next))
      next.on('end', () => lose(next))
      next.on('notification', (note) => {
        if (note.channel === CHANNEL) deliver(note.payload)
      })
      try {
        await next.connect()
        await next.query(`LISTEN ${CHANNEL}`)
      } catch (error) {
        next.end().catch(() => undefined)
        connecting = null
        throw error
      }
      if (closed) {
        await next.end()
        throw new Error('session locks closed')
      }
      client = next
      return next
    })()
    return connecting
  }

  return {
    async tryAcquire(key, handlers = {}) {
      // Session locks are re-entrant on their connection: a second holder here must be refused.
      if (closed || held.has(key) || acquiring.has(key)) return null
      acquiring.add(key)
      try {
        const owner = await connection()
        const { rows } = await owner.query<{ acquired: boolean }>(ACQUIRE, [key])
        if (!rows[0]?.acquired) return null
        // The connection dropped meanwhile: that lock is gone already.
        if (client !== owner) return null
        const holder = { ...handlers }
        held.set(key, holder)
        return {
          async release() {
            if (held.get(key) !== holder) return
            held.delete(key)
            try {
              await owner.query(RELEASE, [key])
            } catch (error) {
              // On a dead connection the lock died with it; anything else is worth knowing.
              if (client === owner) throw error
            }
          },
        }
      } finally {
        acquiring.delete(key)
      }
    },

    async heldElsewhere(key) {
      if (held.has(key)) return false
      const { rows } = await (await connection()).query<{ held: boolean }>(HELD_ELSEWHERE, [key])
      return rows[0]?.held === true
    },

    async tell(key, message) {
      const local = held.get(key)
      if (local) {
        setImmediate(() => {
          if (held.get(key) === local) local.onMessage?.(message)
        })
        return true
      }
      const owner = await connection()
      const { rows } = await owner.query<{ held: boolean }>(HELD_ELSEWHERE, [key])
      if (rows[0]?.held !== true) return false
      await owner.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ key, message })])
      return true
    },

    async close() {
      closed = true
      held.clear()
      const open = client ?? (connecting ? await connecting.catch(() => null) : null)
      client = null
      connecting = null
      // Ending the connection releases every lock it holds.
      await open?.end()
    },
  }
}
