import { DisconnectReason, jidDecode, type CacheStore, type ConnectionState } from 'baileys'
import type { CoreDeps } from '@server/deps'
import type { ConnectionRow } from '@server/modules/connections/connections.table'
import type { InboundIntake } from '../types'
import { companySecretBox, loadAuthState, wipeAuthState, type StoredAuthState } from './auth-state'
import { createDirectory, type Directory } from './directory'
import type { OwnerLine } from './owner-calls'
import {
  createSessionIntake,
  type HistoryIntake,
  type IntakeSession,
  type SessionIntakeOptions,
} from './session-intake'
import { createSessionOwnership, type OwnerRequest } from './session-ownership'
import {
  baileysLogger,
  createTtlCache,
  defaultMakeSocket,
  socketOptions,
  type BaileysSocket,
  type MakeSocket,
} from './socket'
import { whatsappRepository, type SessionPatch } from './whatsapp.repository'

export type WhatsappSessionDeps = Pick<CoreDeps, 'config' | 'db' | 'log' | 'sessionLocks'>

/**
 * Where a session's status changes are told: the connections module's events, which send the
 * whole record to those who manage connections and a reduced one to everyone else.
 */
export interface SessionEvents {
  sessionChanged(row: ConnectionRow): Promise<void>
}

export interface SessionTiming {
  /** Reference §6: 2 s, 5 s, 15 s, 30 s, then 60 s. */
  reconnectDelaysMs: readonly number[]
  /** Reconnect attempts after a lost socket before giving up (DISCONNECTED). */
  maxReconnects: number
  /** QR codes shown per start; the next one ends the attempt. */
  maxQrCodes: number
  /** Pause between two sessions a boot (or the adopt sweep) starts. */
  bootStaggerMs: number
  /** Pauses before re-offering events the intake refused. */
  intakeRetryDelaysMs: readonly number[]
  /** How often a booted instance looks for sessions nobody owns (their owner is gone). */
  ownerRetryMs: number
  /** How long a driver call handed to the session's owner may take before it is given up. */
  ownerCallTimeoutMs: number
}

export const DEFAULT_SESSION_TIMING: SessionTiming = {
  reconnectDelaysMs: [2_000, 5_000, 15_000, 30_000, 60_000],
  maxReconnects: 10,
  maxQrCodes: 3,
  bootStaggerMs: 1_000,
  intakeRetryDelaysMs: [1_000, 5_000],
  ownerRetryMs: 30_000,
  // Above the socket's own answers in all but their worst case, within an attendant's patience.
  ownerCallTimeoutMs: 30_000,
}

export interface WhatsappSessionManagerOptions {
  intake: InboundIntake
  history?: HistoryIntake
  refusesCalls?: SessionIntakeOptions['refusesCalls']
  events: SessionEvents
  makeSocket?: MakeSocket
  timing?: Partial<SessionTiming>
}

interface Session extends IntakeSession {
  socket: BaileysSocket | null
  auth: StoredAuthState | null
  /** Bumped per socket: events of a replaced or ended socket are ignored. */
  generation: number
  ended: boolean
  open: boolean
  pairing: boolean
  qrCount: number
  /** Reconnects since the socket was last open. */
  attempts: number
  timer: ReturnType<typeof setTimeout> | null
  /** Status writes and credential saves, in event order. */
  work: Promise<void>
  retryCounter: CacheStore
}

const statusCodeOf = (error: unknown): number | undefined => {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode
  return typeof code === 'number' ? code : undefined
}

/**
 * One Baileys socket per whatsapp connection (reference §6): the status machine written to the
 * connection row and told through the session events, auth state in PostgreSQL, reconnects with
 * backoff. What the socket receives goes on through `session-intake.ts`. Of several instances
 * on one database, only the holder of a connection's owner lock opens its socket
 * (`session-ownership.ts`); the others stand by and take the session over, from its stored
 * auth, once the owner is gone.
 */
export function createWhatsappSessionManager(
  deps: WhatsappSessionDeps,
  options: WhatsappSessionManagerOptions,
) {
  const timing: SessionTiming = { ...DEFAULT_SESSION_TIMING, ...options.timing }
  const makeSocket = options.makeSocket ?? defaultMakeSocket
  const repo = whatsappRepository(deps.db)
  const sessions = new Map<number, Session>()
  const intake = createSessionIntake(deps, {
    intake: options.intake,
    history: options.history,
    retryDelaysMs: timing.intakeRetryDelaysMs,
    refusesCalls: options.refusesCalls,
  })
  /** The driver's answer to calls other instances hand over; set once a driver serves them. */
  let answerOwnerCall: ((connectionId: number, request: string) => Promise<string>) | undefined
  const ownership = createSessionOwnership(deps, timing, {
    runs: (connectionId) => sessions.has(connectionId),
    start: (companyId, connectionId) => start(companyId, connectionId),
    perform: (companyId, connectionId, request) => perform[request](companyId, connectionId),
    answer: (connectionId, request) =>
      answerOwnerCall
        ? answerOwnerCall(connectionId, request)
        : Promise.reject(new Error('no whatsapp driver serves owner calls here')),
    lost(_companyId, connectionId) {
      const session = sessions.get(connectionId)
      // Closed, not logged out: the pairing stays good for whichever instance owns it next.
      if (session) endSocket(detach(session))
    },
  })

  const boxes = new Map<number, ReturnType<typeof companySecretBox>>()
  const boxFor = (companyId: number) => {
    let box = boxes.get(companyId)
    if (!box) {
      box = companySecretBox(deps.config.encryptionKey, companyId)
      boxes.set(companyId, box)
    }
    return box
  }

  function newSession(companyId: number, connectionId: number): Session {
    return {
      companyId,
      connectionId,
      socket: null,
      auth: null,
      generation: 0,
      ended: false,
      open: false,
      pairing: false,
      qrCount: 0,
      attempts: 0,
      timer: null,
      work: Promise.resolve(),
      inbox: Promise.resolve(),
      retryCounter: createTtlCache(600_000),
      recentMessages: createTtlCache(60_000),
      directory: createDirectory(),
      importing: false,
    }
  }

  function queue(session: Session, task: () => Promise<void>): Promise<void> {
    session.work = session.work.then(task).catch((err: unknown) => {
      deps.log.error(
        { err, companyId: session.companyId, connectionId: session.connectionId },
        'whatsapp session step failed',
      )
    })
    return session.work
  }

  /** Stops a session without touching its status: no more events, timers or reconnects. */
  function detach(session: Session): BaileysSocket | null {
    session.ended = true
    session.generation += 1
    if (session.timer) clearTimeout(session.timer)
    session.timer = null
    const socket = session.socket
    session.socket = null
    session.open = false
    if (sessions.get(session.connectionId) === session) sessions.delete(session.connectionId)
    return socket
  }

  function endSocket(socket: BaileysSocket | null) {
    if (!socket) return
    socket.end(undefined).catch((err: unknown) => {
      deps.log.debug({ err }, 'whatsapp socket end failed')
    })
  }

  async function writeStatus(session: Session, patch: SessionPatch) {
    const row = await repo.updateSession(session.companyId, session.connectionId, patch)
    if (!row) {
      // The connection was deleted (or is not a whatsapp one): nothing left to run.
      endSocket(detach(session))
      await ownership.settle(session.connectionId)
      return
    }
    await options.events.sessionChanged(row)
  }

  function schedule(session: Session, delayMs: number) {
    if (session.timer) clearTimeout(session.timer)
    session.timer = setTimeout(() => {
      session.timer = null
      void queue(session, () => connect(session))
    }, delayMs)
    session.timer.unref?.()
  }

  /** A lost socket: TIMEOUT (or OPENING before the first pairing) and a later reconnect. */
  async function reconnectLater(session: Session) {
    session.attempts += 1
    if (session.attempts > timing.maxReconnects) {
      endSocket(detach(session))
      await writeStatus(session, {
        status: 'DISCONNECTED',
        qrcode: '',
        retries: timing.maxReconnects,
      })
      await ownership.settle(session.connectionId)
      return
    }
    const paired = Boolean(session.auth?.state.creds.me)
    await writeStatus(session, {
      status: paired ? 'TIMEOUT' : 'OPENING',
      qrcode: '',
      retries: session.attempts,
    })
    if (session.ended) return
    const delays = timing.reconnectDelaysMs
    schedule(session, delays[Math.min(session.attempts, delays.length) - 1] ?? 0)
  }

  async function connect(session: Session): Promise<void> {
    if (session.ended) return
    try {
      const auth = await loadAuthState(
        deps.db,
        boxFor(session.companyId),
        session.companyId,
        session.connectionId,
      )
      const row = await repo.findConnection(session.companyId, session.connectionId)
      if (session.ended) return
      if (!row || row.channel !== 'whatsapp') {
        detach(session)
        await ownership.settle(session.connectionId)
        return
      }
      const generation = (session.generation += 1)
      const live = () => session.generation === generation && !session.ended
      session.importing = Boolean(row.importOldMessages) && options.history !== undefined
      const socket = makeSocket(
        socketOptions({
          auth: auth.state,
          logger: baileysLogger(deps.log, {
            companyId: session.companyId,
            connectionId: session.connectionId,
          }),
          allowGroup: row.allowGroup,
          retryCounter: session.retryCounter,
          recentMessages: session.recentMessages,
          importHistory: session.importing,
        }),
      )
      session.socket = socket
      session.auth = auth
      session.open = false
      listen(session, socket, auth, live)
      intake.attach(session, socket)
    } catch (err) {
      deps.log.error(
        { err, companyId: session.companyId, connectionId: session.connectionId },
        'whatsapp socket failed to start',
      )
      await reconnectLater(session)
    }
  }

  /** The socket's own state: connection updates and credentials, for the live socket only. */
  function listen(
    session: Session,
    socket: BaileysSocket,
    auth: StoredAuthState,
    live: () => boolean,
  ) {
    socket.ev.on('connection.update', (update) => {
      if (!live()) return
      void queue(session, async () => {
        if (live()) await onConnectionUpdate(session, socket, update)
      })
    })
    socket.ev.on('creds.update', (partial) => {
      if (!live()) return
      void queue(session, async () => {
        // A wiped session must not get its credentials back from a late event.
        if (!live()) return
        await auth.saveCreds()
        if (partial.me && !session.open && session.qrCount > 0) await enterPairing(session)
      })
    })
  }

  async function enterPairing(session: Session) {
    if (session.pairing) return
    session.pairing = true
    await writeStatus(session, { status: 'PAIRING', qrcode: '' })
  }

  async function onConnectionUpdate(
    session: Session,
    socket: BaileysSocket,
    update: Partial<ConnectionState>,
  ) {
    if (update.qr) {
      session.qrCount += 1
      if (session.qrCount > timing.maxQrCodes) {
        endSocket(detach(session))
        await wipeAuthState(deps.db, session.companyId, session.connectionId)
        await writeStatus(session, { status: 'DISCONNECTED', qrcode: '', retries: 0 })
        await ownership.settle(session.connectionId)
        return
      }
      await writeStatus(session, { status: 'qrcode', qrcode: update.qr, number: '', retries: 0 })
    }
    if (update.isNewLogin && !session.open) await enterPairing(session)
    if (update.connection === 'open') {
      session.open = true
      session.attempts = 0
      session.qrCount = 0
      session.pairing = false
      const number = jidDecode(socket.user?.id)?.user ?? ''
      await writeStatus(session, { status: 'CONNECTED', qrcode: '', retries: 0, number })
    } else if (update.connection === 'close') {
      await onClose(session, update.lastDisconnect?.error)
    }
  }

  async function onClose(session: Session, error: unknown) {
    // Whatever that socket still emits about its state is stale from here on.
    session.generation += 1
    session.open = false
    session.socket = null
    const code = statusCodeOf(error)
    if (code === DisconnectReason.loggedOut || code === DisconnectReason.forbidden) {
      // Unlinked on the phone, or banned: the pairing is gone for good.
      detach(session)
      await wipeAuthState(deps.db, session.companyId, session.connectionId)
      await writeStatus(session, { status: 'DISCONNECTED', qrcode: '', retries: 0, number: '' })
      await ownership.settle(session.connectionId)
      return
    }
    if (code === DisconnectReason.connectionReplaced) {
      // Another client took over these credentials; fighting back would loop forever.
      deps.log.warn({ connectionId: session.connectionId }, 'whatsapp session replaced elsewhere')
      detach(session)
      // No reconnect gave up: a count left here would read as "no answer after n attempts".
      await writeStatus(session, { status: 'DISCONNECTED', qrcode: '', retries: 0 })
      await ownership.settle(session.connectionId)
      return
    }
    if (code === DisconnectReason.restartRequired) {
      // Normal right after a QR scan: the new credentials need a fresh socket.
      schedule(session, 0)
      return
    }
    await reconnectLater(session)
  }

  /** Starts (or restarts) a connection's socket; `fresh` forgets the pairing first (new QR). */
  async function start(companyId: number, connectionId: number, fresh = false): Promise<void> {
    const previous = sessions.get(connectionId)
    const session = newSession(companyId, connectionId)
    sessions.set(connectionId, session)
    if (previous) endSocket(detach(previous))
    await queue(session, async () => {
      // Wait for the old socket's last writes, so none lands after ours.
      if (previous) await previous.work
      if (session.ended) return
      if (!(await ownership.runsHere(companyId, connectionId, fresh ? 'new-qr' : 'start'))) {
        // A second socket would only get both kicked off, forever.
        detach(session)
        return
      }
      if (fresh && !session.ended) await wipeAuthState(deps.db, companyId, connectionId)
      if (session.ended) {
        await ownership.settle(connectionId)
        return
      }
      await writeStatus(session, { status: 'OPENING', qrcode: '', retries: 0 })
      await connect(session)
    })
  }

  /** Ends the session (unlinking the phone when open) and forgets its pairing; no status write. */
  async function unlink(companyId: number, connectionId: number): Promise<void> {
    const previous = sessions.get(connectionId)
    if (previous) {
      const wasOpen = previous.open
      const socket = detach(previous)
      if (socket && wasOpen) {
        // Baileys' logout ends the socket itself.
        await socket.logout().catch((err: unknown) => {
          deps.log.warn({ err, connectionId }, 'whatsapp logout failed')
          endSocket(socket)
        })
      } else endSocket(socket)
      await previous.work
    }
    await wipeAuthState(deps.db, companyId, connectionId)
  }

  /** Writes DISCONNECTED (keeping the number unless `patch` says otherwise) and tells it. */
  async function disconnected(companyId: number, connectionId: number, patch: SessionPatch = {}) {
    const row = await repo.updateSession(companyId, connectionId, {
      status: 'DISCONNECTED',
      qrcode: '',
      retries: 0,
      ...patch,
    })
    if (row) await options.events.sessionChanged(row)
  }

  function logout(companyId: number, connectionId: number): Promise<void> {
    return ownership.closingDown(connectionId, async () => {
      if (!(await ownership.runsHere(companyId, connectionId, 'logout'))) return
      await unlink(companyId, connectionId)
      await disconnected(companyId, connectionId, { number: '' })
    })
  }

  function discard(companyId: number, connectionId: number): Promise<void> {
    return ownership.closingDown(connectionId, async () => {
      if (await ownership.runsHere(companyId, connectionId, 'discard'))
        await unlink(companyId, connectionId)
    })
  }

  function suspend(companyId: number, connectionId: number): Promise<void> {
    return ownership.closingDown(connectionId, async () => {
      if (!(await ownership.runsHere(companyId, connectionId, 'suspend'))) return
      const previous = sessions.get(connectionId)
      if (previous) {
        endSocket(detach(previous))
        await previous.work
      }
      await disconnected(companyId, connectionId)
    })
  }

  /** What each request handed over by another instance does here. */
  const perform: Record<OwnerRequest, (companyId: number, connectionId: number) => Promise<void>> =
    {
      start: (companyId, connectionId) => start(companyId, connectionId),
      'new-qr': (companyId, connectionId) => start(companyId, connectionId, true),
      logout,
      discard,
      suspend,
    }

  /** The open socket of a connection on this server. */
  function socketFor(connectionId: number): BaileysSocket | undefined {
    const session = sessions.get(connectionId)
    return session?.open && session.socket ? session.socket : undefined
  }

  /** Everything running now: sessions' status writes and deliveries, and the owner work. */
  const inFlight = (): Promise<unknown>[] => [
    ...[...sessions.values()].flatMap((session) => [session.work, session.inbox]),
    ...ownership.inFlight(),
  ]

  return {
    /** POST /whatsappsession/{id}: start with the stored auth (a QR only when there is none). */
    start: (companyId: number, connectionId: number) => start(companyId, connectionId),

    /** PUT /whatsappsession/{id}: forget the pairing, then start (fresh QR). */
    requestNewQr: (companyId: number, connectionId: number) => start(companyId, connectionId, true),

    /** Restart with stored auth (POST /whatsapp-restart, per connection). */
    restart: (companyId: number, connectionId: number) => start(companyId, connectionId),

    /** DELETE /whatsappsession/{id}: unlink on the phone, forget the pairing, DISCONNECTED. */
    logout,

    /** The connection is being deleted: the phone is unlinked and the pairing forgotten. */
    discard,

    /**
     * Company blocked after the billing grace (reference §14): socket closed and DISCONNECTED,
     * but the pairing is kept, so a start after payment reconnects without a QR.
     */
    suspend,

    /**
     * Closes the socket without a status change (connection deleted, shutdown of one) and lets
     * another instance take the session over.
     */
    async stop(connectionId: number): Promise<void> {
      const session = sessions.get(connectionId)
      if (session) {
        endSocket(detach(session))
        await session.work
      }
      await ownership.settle(connectionId)
    },

    /**
     * Starts every bootable connection no other instance owns, `bootStaggerMs` apart, and
     * resolves once all were started; from then on looks every `ownerRetryMs` for sessions
     * left without an owner.
     */
    boot: () => ownership.boot(),

    /** Shutdown: closes every socket and waits for pending writes and intake deliveries. */
    async stopAll(): Promise<void> {
      await ownership.stop()
      const all = [...sessions.values()]
      for (const session of all) endSocket(detach(session))
      await Promise.allSettled(all.flatMap((session) => [session.work, session.inbox]))
      // The sessions' statuses stay as they are: a surviving instance resumes them.
      await ownership.releaseAll()
    },

    /**
     * Resolves once nothing runs: status writes, deliveries (with their retries), lock takes,
     * actions handed over and a sweep round. A timer still to fire (a reconnect, the next
     * sweep) is not waited for: that is what lets a test assert on it.
     */
    async settled(): Promise<void> {
      let pending = inFlight()
      for (;;) {
        await Promise.allSettled(pending)
        const now = inFlight()
        if (now.length === pending.length && now.every((item, index) => item === pending[index]))
          return
        pending = now
      }
    },

    /** Tells the company a connection row changed outside the session (history import). */
    async announce(companyId: number, connectionId: number): Promise<void> {
      const row = await repo.findConnection(companyId, connectionId)
      if (row) await options.events.sessionChanged(row)
    },

    /** The open socket of a connection on this server, for the driver. */
    socketFor,

    /** The way to the owners of sessions running elsewhere, for the driver (`owner-calls.ts`). */
    ownerCalls: {
      ask: (connectionId, request) =>
        ownership.ask(connectionId, request, timing.ownerCallTimeoutMs),
      serve(answer) {
        answerOwnerCall = answer
      },
    } satisfies OwnerLine,

    /** What the open session of a connection knows about people; undefined when closed. */
    directoryOf(connectionId: number): Directory | undefined {
      const session = sessions.get(connectionId)
      return session?.open ? session.directory : undefined
    },
  }
}

export type WhatsappSessionManager = ReturnType<typeof createWhatsappSessionManager>
