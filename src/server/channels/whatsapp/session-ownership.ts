import {
  localSessionLocks,
  type AskOutcome,
  type SessionLock,
  type SessionLocks,
} from '@server/db/session-locks'
import type { CoreDeps } from '@server/deps'
import { createPoller } from '@server/lib/poller'
import { whatsappRepository } from './whatsapp.repository'

/**
 * The owner lock of a connection's Baileys session (reference §6 "One owner per session"):
 * whoever holds it runs the socket, so only that instance can send through it.
 */
export const sessionLockKey = (connectionId: number) => `wa-session:${connectionId}`

/** What one instance may ask of the owner of a session (the session routes' actions). */
const OWNER_REQUESTS = ['start', 'new-qr', 'logout', 'discard', 'suspend'] as const
export type OwnerRequest = (typeof OWNER_REQUESTS)[number]

/** What the ownership asks of the session manager that uses it. */
export interface OwnedSessions {
  /** A session of the connection runs (or is starting) on this instance. */
  runs(connectionId: number): boolean
  /** Starts the connection's session here: the adopt sweep took it over. */
  start(companyId: number, connectionId: number): Promise<void>
  /** Does what another instance handed over. */
  perform(companyId: number, connectionId: number, request: OwnerRequest): Promise<void>
  /** Answers a driver call another instance handed over (`owner-calls.ts`). */
  answer(connectionId: number, request: string): Promise<string>
  /** The lock went with its database connection: close the socket here, without logging out. */
  lost(companyId: number, connectionId: number): void
}

export interface SessionOwnershipOptions {
  /** Pause between two sessions the sweep starts, so a boot does not open them all at once. */
  bootStaggerMs: number
  /** How often the sweep looks for sessions nobody owns (their owner is gone). */
  ownerRetryMs: number
}

/** Waits `ms`, or less when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
}

/**
 * Which instance runs each WhatsApp session (ARCHITECTURE.md, "One owner per WhatsApp
 * session"): the owner locks this instance holds, actions handed to the owner by NOTIFY, and
 * the sweep that adopts sessions nobody owns. A lock outlives its socket while a final action
 * (logout, discard, suspend) still has to write.
 */
export function createSessionOwnership(
  deps: Pick<CoreDeps, 'db' | 'log' | 'sessionLocks'>,
  options: SessionOwnershipOptions,
  sessions: OwnedSessions,
) {
  const repo = whatsappRepository(deps.db)
  const locks: SessionLocks = deps.sessionLocks ?? localSessionLocks(new Map())
  /** Owner locks this instance holds, by connection. */
  const owned = new Map<number, SessionLock>()
  const acquiring = new Map<number, Promise<boolean>>()
  /** Logouts, discards and suspensions under way: the lock outlives the socket until their write. */
  const closing = new Map<number, number>()
  /** Actions handed over by other instances, still running. */
  const performing = new Set<Promise<void>>()
  const stopping = new AbortController()
  let round: Promise<void> = Promise.resolve()

  /** Takes the connection's owner lock, unless this instance holds it already. */
  function takeOwnership(companyId: number, connectionId: number): Promise<boolean> {
    if (owned.has(connectionId)) return Promise.resolve(true)
    let pending = acquiring.get(connectionId)
    if (!pending) {
      pending = (async () => {
        let lock: SessionLock | null = null
        lock = await locks.tryAcquire(sessionLockKey(connectionId), {
          onLost: () => {
            if (lock && owned.get(connectionId) === lock) lost(companyId, connectionId)
          },
          onMessage: (message) => onRequest(companyId, connectionId, message),
          onAsk: (request) => sessions.answer(connectionId, request),
        })
        if (!lock) return false
        owned.set(connectionId, lock)
        return true
      })().finally(() => acquiring.delete(connectionId))
      acquiring.set(connectionId, pending)
    }
    return pending
  }

  /** An action another instance handed over, for a session this one owns. */
  function onRequest(companyId: number, connectionId: number, message: string) {
    const request = OWNER_REQUESTS.find((known) => known === message)
    if (!request || stopping.signal.aborted) return
    const running = sessions
      .perform(companyId, connectionId, request)
      .catch((err: unknown) => {
        deps.log.error(
          { err, companyId, connectionId, action: request },
          'whatsapp session action failed',
        )
      })
      .finally(() => performing.delete(running))
    performing.add(running)
  }

  function lost(companyId: number, connectionId: number) {
    owned.delete(connectionId)
    deps.log.warn({ companyId, connectionId }, 'whatsapp session lock lost; socket closed here')
    sessions.lost(companyId, connectionId)
  }

  /** Gives the owner lock up once nothing of the connection's session runs here. */
  async function settle(connectionId: number): Promise<void> {
    if (sessions.runs(connectionId) || closing.has(connectionId)) return
    const lock = owned.get(connectionId)
    if (!lock) return
    owned.delete(connectionId)
    await lock.release().catch((err: unknown) => {
      deps.log.warn({ err, connectionId }, 'whatsapp session lock not released')
    })
  }

  /**
   * Starts every bootable session that runs nowhere (boot, and later an owner that died or shut
   * down), `bootStaggerMs` apart. Bootability is read again under the lock, because an owner
   * ending a session for good writes DISCONNECTED before it lets go.
   */
  async function adopt(): Promise<void> {
    let adopted = false
    for (const { companyId, id } of await repo.listBootable()) {
      if (adopted && options.bootStaggerMs > 0) await pause(options.bootStaggerMs, stopping.signal)
      adopted = false
      if (stopping.signal.aborted) return
      if (sessions.runs(id) || owned.has(id) || closing.has(id)) continue
      if (!(await takeOwnership(companyId, id))) continue
      const bootable = !sessions.runs(id) && (await repo.isBootable(companyId, id))
      if (stopping.signal.aborted || !bootable) {
        await settle(id)
        continue
      }
      adopted = true
      await sessions.start(companyId, id)
    }
  }

  const sweep = createPoller({
    name: 'whatsapp-adopt',
    intervalMs: options.ownerRetryMs,
    log: deps.log,
    run: () => (round = adopt()),
  })

  return {
    takeOwnership,

    /**
     * Whether an action on a session runs on this instance: it does when this instance owns the
     * session or nobody does (it takes it); otherwise the action is handed to the owner.
     */
    async runsHere(companyId: number, connectionId: number, request: OwnerRequest) {
      if (await takeOwnership(companyId, connectionId)) return true
      if (await locks.tell(sessionLockKey(connectionId), request)) {
        deps.log.info(
          { companyId, connectionId, action: request },
          'whatsapp session runs on another instance; action handed to it',
        )
        return false
      }
      // The owner let go in between.
      return takeOwnership(companyId, connectionId)
    },

    settle,

    /**
     * Hands a driver call to the instance owning the session (this one included) and waits at
     * most `timeoutMs` for its answer.
     */
    ask(connectionId: number, request: string, timeoutMs: number): Promise<AskOutcome> {
      return locks.ask(sessionLockKey(connectionId), request, timeoutMs)
    },

    /** Runs a final action (logout, discard, suspend) with the lock kept until it is done. */
    async closingDown(connectionId: number, action: () => Promise<void>): Promise<void> {
      closing.set(connectionId, (closing.get(connectionId) ?? 0) + 1)
      try {
        await action()
      } finally {
        const left = (closing.get(connectionId) ?? 1) - 1
        if (left > 0) closing.set(connectionId, left)
        else closing.delete(connectionId)
        await settle(connectionId)
      }
    },

    /** Adopts the sessions nobody owns now, then every `ownerRetryMs`; resolves after the first round. */
    async boot(): Promise<void> {
      // The poller's first round starts within start(), which sets `round`.
      sweep.start()
      await round
    },

    /** Owner work in flight: lock takes, handed-over actions, an adopt round. */
    inFlight: (): Promise<unknown>[] => [...acquiring.values(), ...performing, round],

    /** No more adoption or handed-over actions; resolves once a running sweep round is over. */
    async stop(): Promise<void> {
      stopping.abort()
      await sweep.stop()
    },

    /** Lets every owner lock go (shutdown: a surviving instance resumes the sessions). */
    async releaseAll(): Promise<void> {
      const held = [...owned.values()]
      owned.clear()
      await Promise.allSettled(held.map((lock) => lock.release()))
    },
  }
}

export type SessionOwnership = ReturnType<typeof createSessionOwnership>
