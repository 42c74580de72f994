import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { createNoteAssembler, splitIntoNotes, type AssembledMessage } from './chunked-notify'

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
  /** Another instance asks the holder for something and waits for the answer (`ask`). */
  onAsk?(request: string): Promise<string>
}

/** What became of a request handed to the holder of a key (`ask`). */
export type AskOutcome =
  | { status: 'answered'; reply: string }
  /** Nobody holds the key, or its holder let go (or takes no requests) before running it. */
  | { status: 'unheld' }
  /** The holder's handler threw: `message` is its error's. */
  | { status: 'failed'; message: string }
  /** No answer in time, or the way back was cut: the holder may have run it all the same. */
  | { status: 'timeout' }

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
  /**
   * Hands `request` to the holder of `key`, wherever it runs (this instance included), and
   * waits at most `timeoutMs` for its `onAsk` answer.
   */
  ask(key: string, request: string, timeoutMs: number): Promise<AskOutcome>
  /** Releases every lock (shutdown); later acquisitions fail. */
  close(): Promise<void>
}

const unheld: AskOutcome = { status: 'unheld' }

/** Runs a request with the holder's handler. */
function runAsk(handlers: SessionLockHandlers, request: string): Promise<AskOutcome> {
  if (!handlers.onAsk) return Promise.resolve(unheld)
  return handlers.onAsk(request).then(
    (reply): AskOutcome => ({ status: 'answered', reply }),
    (error: unknown): AskOutcome => ({
      status: 'failed',
      message: error instanceof Error ? error.message : String(error),
    }),
  )
}

/** `outcome`, unless `timeoutMs` pass first. */
function within(timeoutMs: number, outcome: Promise<AskOutcome>): Promise<AskOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<AskOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'timeout' }), timeoutMs)
  })
  return Promise.race([outcome, expired]).finally(() => clearTimeout(timer))
}

/** Resolves on a later turn of the event loop, as a notification would arrive. */
const laterTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

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
    ask(key, request, timeoutMs) {
      const holder = table.get(key)
      if (!holder) return Promise.resolve(unheld)
      const answered = laterTurn().then(() =>
        table.get(key) === holder ? runAsk(holder.handlers, request) : unheld,
      )
      return within(timeoutMs, answered)
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
/**
 * The channel of `ask`'s requests to, and answers for, the lock connection with backend `pid`:
 * addressed, so a large answer does not reach every instance.
 */
const callsChannel = (pid: number) => `atende_session_calls_${pid}`
const NOTIFY_ALL = 'SELECT pg_notify($1, note) FROM unnest($2::text[]) AS note'
const ACQUIRE = 'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS acquired'
const RELEASE = 'SELECT pg_advisory_unlock(hashtextextended($1, 0))'
// A bigint advisory key shows in pg_locks split in two: its high half as classid, its low half
// as objid, with objsubid 1.
const HOLDER_ELSEWHERE = `SELECT pid FROM pg_locks
  WHERE locktype = 'advisory' AND granted AND objsubid = 1
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND ((classid::int8 << 32) | objid::int8) = hashtextextended($1, 0)
    AND pid <> pg_backend_pid()
  LIMIT 1`
const ASK_STATUSES = new Set(['answered', 'unheld', 'failed'])

/** The backend pid of the lock connection holding `key`, unless it is `connection` or none. */
async function holderElsewhere(connection: pg.Client, key: string): Promise<number | undefined> {
  const { rows } = await connection.query<{ pid: number }>(HOLDER_ELSEWHERE, [key])
  return rows[0]?.pid
}

/**
 * Session-level advisory locks on one dedicated connection (not a pool client: the pool
 * recycles its clients, and a session lock lives exactly as long as the connection that took
 * it). When that connection drops, the server has let go of every lock on it, so every holder
 * is told; the next acquisition opens a new connection. `ask` sends its request to the
 * holder's lock connection, found by its backend pid in pg_locks, and gets the answer on its
 * own (`chunked-notify.ts`: NOTIFY payloads are small, answers such as an address book are not).
 */
export function postgresSessionLocks(config: pg.ClientConfig): SessionLocks {
  let client: pg.Client | null = null
  /** The backend pid of `client`: where answers to this instance's requests are addressed. */
  let clientPid = 0
  let connecting: Promise<pg.Client> | null = null
  let closed = false
  const held = new Map<string, SessionLockHandlers>()
  const acquiring = new Set<string>()
  /** This instance's requests waiting for their answer, by id. */
  const waiting = new Map<string, (outcome: AskOutcome) => void>()
  const assembler = createNoteAssembler()

  /** Answers can no longer arrive: those waiting hear a timeout now rather than later. */
  function abandonWaiting() {
    for (const settle of waiting.values()) settle({ status: 'timeout' })
    waiting.clear()
    assembler.clear()
  }

  function lose(dropped: pg.Client) {
    if (client !== dropped) return
    client = null
    connecting = null
    const lost = [...held.values()]
    held.clear()
    abandonWaiting()
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

  /** A whole request or answer on this connection's calls channel. */
  function received({ header, body }: AssembledMessage) {
    const { kind, id } = header as { kind: string; id: string }
    if (kind === 'reply') {
      const settle = waiting.get(id)
      const { status } = header
      if (!settle || typeof status !== 'string' || !ASK_STATUSES.has(status)) return
      waiting.delete(id)
      if (status === 'answered') settle({ status, reply: body })
      else if (status === 'failed') settle({ status, message: body })
      else settle(unheld)
      return
    }
    const { key, from } = header
    if (kind !== 'ask' || typeof key !== 'string' || !Number.isInteger(from)) return
    void answer(key, from as number, id, body)
  }

  /** Runs a request another instance sent, and sends the outcome back to its connection. */
  async function answer(key: string, from: number, id: string, request: string) {
    const holder = held.get(key)
    const outcome = holder ? await runAsk(holder, request) : unheld
    const body =
      outcome.status === 'answered'
        ? outcome.reply
        : outcome.status === 'failed'
          ? outcome.message
          : ''
    try {
      const notes = splitIntoNotes({ kind: 'reply', id, status: outcome.status }, body)
      await (await connection()).query(NOTIFY_ALL, [callsChannel(from), notes])
    } catch {
      // This connection or the asker's is gone: the asker hears a timeout.
    }
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
      let pid = 0
      next.on('notification', (note) => {
        if (note.channel === CHANNEL) deliver(note.payload)
        else if (note.channel === callsChannel(pid)) {
          const message = assembler.add(note.payload ?? '')
          if (message) received(message)
        }
      })
      try {
        await next.connect()
        const { rows } = await next.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
        pid = rows[0]?.pid ?? 0
        await next.query(`LISTEN ${CHANNEL}`)
        await next.query(`LISTEN ${callsChannel(pid)}`)
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
      clientPid = pid
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
      return (await holderElsewhere(await connection(), key)) !== undefined
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
      if ((await holderElsewhere(owner, key)) === undefined) return false
      await owner.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ key, message })])
      return true
    },

    async ask(key, request, timeoutMs) {
      const local = held.get(key)
      if (local) {
        const answered = laterTurn().then(() =>
          held.get(key) === local ? runAsk(local, request) : unheld,
        )
        return within(timeoutMs, answered)
      }
      const id = randomUUID()
      let over = false
      const asked = (async (): Promise<AskOutcome> => {
        const asker = await connection()
        const pid = await holderElsewhere(asker, key)
        if (pid === undefined) return unheld
        if (over) return { status: 'timeout' }
        const answered = new Promise<AskOutcome>((resolve) => waiting.set(id, resolve))
        const notes = splitIntoNotes({ kind: 'ask', id, key, from: clientPid }, request)
        await asker.query(NOTIFY_ALL, [callsChannel(pid), notes])
        return answered
      })()
      return within(timeoutMs, asked).finally(() => {
        over = true
        waiting.delete(id)
      })
    },

    async close() {
      closed = true
      held.clear()
      abandonWaiting()
      const open = client ?? (connecting ? await connecting.catch(() => null) : null)
      client = null
      connecting = null
      // Ending the connection releases every lock it holds.
      await open?.end()
    },
  }
}
