import {
  DisconnectReason,
  isJidGroup,
  jidDecode,
  jidNormalizedUser,
  proto,
  type CacheStore,
  type ConnectionState,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
} from 'baileys'
import { rooms } from '@shared/realtime/events'
import { localSessionLocks, type SessionLock } from '@server/db/session-locks'
import type { CoreDeps } from '@server/deps'
import type { RealtimeHub } from '@server/realtime/hub'
import { presentConnection } from '@server/modules/connections/connections.presenter'
import { connectionsRepository } from '@server/modules/connections/connections.repository'
import type { ConnectionRow } from '@server/modules/connections/connections.table'
import type { InboundIntake } from '../types'
import { companySecretBox, loadAuthState, wipeAuthState, type StoredAuthState } from './auth-state'
import {
  callEnvelope,
  isRelevantUpsert,
  messageEnvelope,
  timestampSeconds,
  updateEnvelope,
  type BaileysEnvelope,
} from './normalize'
import {
  baileysLogger,
  createTtlCache,
  defaultMakeSocket,
  socketOptions,
  type BaileysSocket,
  type MakeSocket,
} from './socket'
import { createDirectory, type Directory } from './directory'
import { whatsappRepository, type SessionPatch } from './whatsapp.repository'

/**
 * What the session manager needs from the realtime hub: the full session (with qrcode and token)
 * goes to the `connections` room, the reduced one to every other socket of the company.
 */
export type SessionEventsHub = Pick<RealtimeHub, 'emit'>

export type WhatsappSessionDeps = Pick<CoreDeps, 'config' | 'db' | 'log' | 'sessionLocks'> & {
  realtime: SessionEventsHub
}

export interface SessionTiming {
  /** Reference §6: 2 s, 5 s, 15 s, 30 s, then 60 s. */
  reconnectDelaysMs: readonly number[]
  /** Reconnect attempts after a lost socket before giving up (DISCONNECTED). */
  maxReconnects: number
  /** QR codes shown per start; the next one ends the attempt. */
  maxQrCodes: number
  bootStaggerMs: number
  /** Pauses before re-offering events the intake refused. */
  intakeRetryDelaysMs: readonly number[]
  /** How often a booted instance looks for sessions nobody owns (their owner is gone). */
  ownerRetryMs: number
}

export const DEFAULT_SESSION_TIMING: SessionTiming = {
  reconnectDelaysMs: [2_000, 5_000, 15_000, 30_000, 60_000],
  maxReconnects: 10,
  maxQrCodes: 3,
  bootStaggerMs: 1_000,
  intakeRetryDelaysMs: [1_000, 5_000],
  ownerRetryMs: 30_000,
}

/**
 * The owner lock of a connection's Baileys session (reference §6 "One owner per session"):
 * whoever holds it runs the socket, so only that instance can send through it.
 */
export const sessionLockKey = (connectionId: number) => `wa-session:${connectionId}`

/** What one instance may ask of the owner of a session (the session routes' actions). */
const SESSION_ACTIONS = ['start', 'new-qr', 'logout', 'discard', 'suspend'] as const
type SessionAction = (typeof SESSION_ACTIONS)[number]

/** One message of the history the phone sends while pairing, for a history import. */
export interface HistoryMessage {
  providerId: string
  sentAt: Date
  isGroup: boolean
  /** What the inbound intake receives once the import runs. */
  envelope: BaileysEnvelope
}

/** Where the history of a connection with an import window goes (the message-import module). */
export interface HistoryIntake {
  stage(connection: { companyId: number; id: number }, messages: HistoryMessage[]): Promise<void>
  /** The phone reported its full history sent. */
  complete(connection: { companyId: number; id: number }): void
}

export interface WhatsappSessionManagerOptions {
  intake: InboundIntake
  history?: HistoryIntake
  makeSocket?: MakeSocket
  timing?: Partial<SessionTiming>
}

interface Session {
  readonly companyId: number
  readonly connectionId: number
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
  /** Deliveries to the intake, in arrival order. */
  inbox: Promise<void>
  retryCounter: CacheStore
  recentMessages: CacheStore
  /** People the phone shared with this session (address book, chats). */
  directory: Directory
  /** The connection had an import window when the socket started. */
  importing: boolean
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const statusCodeOf = (error: unknown): number | undefined => {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode
  return typeof code === 'number' ? code : undefined
}

const isLidJid = (jid: string | null | undefined): jid is string =>
  !!jid && ['lid', 'hosted.lid'].includes(jidDecode(jid)?.server ?? '')

/** LIDs in a key that its alternate JIDs leave unresolved. */
function unresolvedLids(key: WAMessageKey): string[] {
  const lids: string[] = []
  // On our own messages remoteJidAlt is our own alternate JID, not the contact's.
  if (isLidJid(key.remoteJid) && (key.fromMe || !key.remoteJidAlt)) lids.push(key.remoteJid)
  if (isLidJid(key.participant) && !key.participantAlt) lids.push(key.participant)
  return lids
}

/**
 * One Baileys socket per whatsapp connection (reference §6): the status machine written to the
 * connection row and emitted, auth state in PostgreSQL, reconnects with backoff, and every
 * message, ack and call handed to the inbound intake in arrival order. Of several instances on
 * one database, only the holder of a connection's owner lock (`sessionLockKey`) opens its
 * socket; the others stand by and take the session over, from its stored auth, once the owner
 * is gone.
 */
export function createWhatsappSessionManager(
  deps: WhatsappSessionDeps,
  options: WhatsappSessionManagerOptions,
) {
  const timing: SessionTiming = { ...DEFAULT_SESSION_TIMING, ...options.timing }
  const makeSocket = options.makeSocket ?? defaultMakeSocket
  const repo = whatsappRepository(deps.db)
  const locks = deps.sessionLocks ?? localSessionLocks(new Map())
  const sessions = new Map<number, Session>()
  let shuttingDown = false
  /** Owner locks this instance holds, by connection. */
  const owned = new Map<number, SessionLock>()
  const acquiring = new Map<number, Promise<boolean>>()
  let sweep: ReturnType<typeof setTimeout> | null = null
  /** Logouts, discards and suspensions under way: the lock outlives the socket until their write. */
  const closing = new Map<number, number>()

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

  async function emitSession(row: ConnectionRow) {
    const queues = await connectionsRepository(deps.db).queuesOf(row.companyId, [row.id])
    deps.realtime.emit(row.companyId, [rooms.connections], 'whatsappSession', {
      action: 'update',
      session: presentConnection(row, queues, true),
    })
    // Whoever scans a leaked QR binds his phone to the company: others get no qrcode or token.
    deps.realtime.emit(
      row.companyId,
      [rooms.company],
      'whatsappSession',
      { action: 'update', session: presentConnection(row, queues, false) },
      [rooms.connections],
    )
  }

  async function writeStatus(session: Session, patch: SessionPatch) {
    const row = await repo.updateSession(session.companyId, session.connectionId, patch)
    if (!row) {
      // The connection was deleted (or is not a whatsapp one): nothing left to run.
      endSocket(detach(session))
      await settle(session.connectionId)
      return
    }
    await emitSession(row)
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
      await settle(session.connectionId)
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
        await settle(session.connectionId)
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
    } catch (err) {
      deps.log.error(
        { err, companyId: session.companyId, connectionId: session.connectionId },
        'whatsapp socket failed to start',
      )
      await reconnectLater(session)
    }
  }

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
    socket.ev.on('contacts.upsert', (contacts) => session.directory.addContacts(contacts))
    socket.ev.on('contacts.update', (contacts) => session.directory.addContacts(contacts))
    socket.ev.on('chats.upsert', (chats) => session.directory.addChats(chats))
    socket.ev.on('messaging-history.set', ({ contacts, chats, messages }) => {
      session.directory.addContacts(contacts)
      session.directory.addChats(chats)
      if (session.importing) stageHistory(session, socket, messages)
    })
    socket.ev.on('messaging-history.status', ({ syncType, status }) => {
      if (
        session.importing &&
        status === 'complete' &&
        syncType === proto.HistorySync.HistorySyncType.FULL
      )
        options.history?.complete({ companyId: session.companyId, id: session.connectionId })
    })
    // Messages already received are handed on even if the socket was replaced meanwhile.
    socket.ev.on('messages.upsert', ({ messages, type }) => {
      for (const message of messages) {
        if (message.key.id && message.message)
          void session.recentMessages.set(message.key.id, message.message)
      }
      const relevant = messages.filter(isRelevantUpsert)
      if (relevant.length === 0) return
      deliver(session, () =>
        Promise.all(
          relevant.map(async (message: WAMessage) =>
            messageEnvelope(message, type, await resolveLids(socket, unresolvedLids(message.key))),
          ),
        ),
      )
    })
    socket.ev.on('messages.update', (updates) => {
      // Only delivery reports: edits and revokes also arrive as upserts, which carry them whole.
      const acks = updates.filter(
        (item) =>
          item.key.fromMe && item.update.status !== undefined && item.update.status !== null,
      )
      if (acks.length === 0) return
      deliver(session, () => Promise.resolve(acks.map(updateEnvelope)))
    })
    socket.ev.on('call', (calls) => {
      const offers = calls.filter((call: WACallEvent) => call.status === 'offer' && !call.isGroup)
      if (offers.length === 0) return
      deliver(session, () =>
        Promise.all(
          offers.map(async (call) =>
            callEnvelope(
              call,
              await resolveLids(socket, isLidJid(call.from) && !call.callerPn ? [call.from] : []),
            ),
          ),
        ),
      )
    })
  }

  /** Hands history messages to the import, in arrival order with the live deliveries. */
  function stageHistory(session: Session, socket: BaileysSocket, messages: WAMessage[]) {
    const history = options.history
    const relevant = messages.filter(isRelevantUpsert)
    if (!history || relevant.length === 0) return
    const connection = { companyId: session.companyId, id: session.connectionId }
    session.inbox = session.inbox
      .then(async () => {
        const staged = await Promise.all(
          relevant.map(async (message): Promise<HistoryMessage> => ({
            providerId: message.key.id!,
            sentAt: new Date(timestampSeconds(message.messageTimestamp) * 1000),
            isGroup: Boolean(isJidGroup(message.key.remoteJid ?? '')),
            envelope: messageEnvelope(
              message,
              'append',
              await resolveLids(socket, unresolvedLids(message.key)),
              true,
            ),
          })),
        )
        await history.stage(connection, staged)
      })
      .catch((err: unknown) => {
        deps.log.error({ err, connectionId: session.connectionId }, 'history not staged')
      })
  }

  async function resolveLids(socket: BaileysSocket, lids: string[]) {
    const resolved: Record<string, string> = {}
    const store = socket.signalRepository?.lidMapping
    if (!store) return resolved
    for (const jid of new Set(lids.map(jidNormalizedUser))) {
      try {
        const phone = await store.getPNForLID(jid)
        if (phone) resolved[jid] = jidNormalizedUser(phone)
      } catch (err) {
        deps.log.debug({ err, jid }, 'LID lookup failed')
      }
    }
    return resolved
  }

  function deliver(session: Session, build: () => Promise<BaileysEnvelope[]>) {
    session.inbox = session.inbox
      .then(async () => {
        const payloads = await build()
        let lastError: unknown
        for (const pause of [0, ...timing.intakeRetryDelaysMs]) {
          if (pause > 0) await sleep(pause)
          try {
            await options.intake.receive(
              { companyId: session.companyId, id: session.connectionId },
              'baileys',
              payloads,
            )
            return
          } catch (err) {
            lastError = err
          }
        }
        deps.log.error(
          {
            err: lastError,
            companyId: session.companyId,
            connectionId: session.connectionId,
            count: payloads.length,
          },
          'whatsapp events could not be stored',
        )
      })
      .catch((err: unknown) => {
        deps.log.error({ err, connectionId: session.connectionId }, 'whatsapp intake failed')
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
        await settle(session.connectionId)
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
      await settle(session.connectionId)
      return
    }
    if (code === DisconnectReason.connectionReplaced) {
      // Another client took over these credentials; fighting back would loop forever.
      deps.log.warn({ connectionId: session.connectionId }, 'whatsapp session replaced elsewhere')
      detach(session)
      await writeStatus(session, { status: 'DISCONNECTED', qrcode: '' })
      await settle(session.connectionId)
      return
    }
    if (code === DisconnectReason.restartRequired) {
      // Normal right after a QR scan: the new credentials need a fresh socket.
      schedule(session, 0)
      return
    }
    await reconnectLater(session)
  }

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
        })
        if (!lock) return false
        owned.set(connectionId, lock)
        return true
      })().finally(() => acquiring.delete(connectionId))
      acquiring.set(connectionId, pending)
    }
    return pending
  }

  /**
   * Whether an action on a session runs on this instance: it does when this instance owns the
   * session or nobody does (it takes it); otherwise the action is handed to the owner.
   */
  async function runsHere(
    companyId: number,
    connectionId: number,
    action: SessionAction,
  ): Promise<boolean> {
    if (await takeOwnership(companyId, connectionId)) return true
    if (await locks.tell(sessionLockKey(connectionId), action)) {
      deps.log.info(
        { companyId, connectionId, action },
        'whatsapp session runs on another instance; action handed to it',
      )
      return false
    }
    // The owner let go in between.
    return takeOwnership(companyId, connectionId)
  }

  /** An action another instance handed over, for a session this one owns. */
  function onRequest(companyId: number, connectionId: number, message: string) {
    const action = SESSION_ACTIONS.find((known) => known === message)
    if (!action || shuttingDown) return
    const perform: Record<SessionAction, () => Promise<void>> = {
      start: () => start(companyId, connectionId),
      'new-qr': () => start(companyId, connectionId, true),
      logout: () => logout(companyId, connectionId),
      discard: () => discard(companyId, connectionId),
      suspend: () => suspend(companyId, connectionId),
    }
    perform[action]().catch((err: unknown) => {
      deps.log.error({ err, companyId, connectionId, action }, 'whatsapp session action failed')
    })
  }

  /**
   * The lock went with its database connection: another instance may own the session now, and
   * the sweep takes it back if none does.
   */
  function lost(companyId: number, connectionId: number) {
    owned.delete(connectionId)
    deps.log.warn({ companyId, connectionId }, 'whatsapp session lock lost; socket closed here')
    const session = sessions.get(connectionId)
    // Closed, not logged out: the pairing stays good for whichever instance owns it next.
    if (session) endSocket(detach(session))
  }

  /** Gives the owner lock up once nothing of the connection's session runs here. */
  async function settle(connectionId: number) {
    if (sessions.has(connectionId) || closing.has(connectionId)) return
    const lock = owned.get(connectionId)
    if (!lock) return
    owned.delete(connectionId)
    await lock.release().catch((err: unknown) => {
      deps.log.warn({ err, connectionId }, 'whatsapp session lock not released')
    })
  }

  /** Runs a final action (logout, discard, suspend) with the lock kept until it is done. */
  async function closingDown(connectionId: number, action: () => Promise<void>) {
    closing.set(connectionId, (closing.get(connectionId) ?? 0) + 1)
    try {
      await action()
    } finally {
      const left = (closing.get(connectionId) ?? 1) - 1
      if (left > 0) closing.set(connectionId, left)
      else closing.delete(connectionId)
      await settle(connectionId)
    }
  }

  /**
   * Starts every bootable session that runs nowhere (boot, and later an owner that died or shut
   * down), 1 s apart. Bootability is read again under the lock, because an owner ending a
   * session for good writes DISCONNECTED before it lets go.
   */
  async function adopt(): Promise<void> {
    let adopted = false
    for (const row of await repo.listBootable()) {
      if (adopted) await sleep(timing.bootStaggerMs)
      adopted = false
      const { companyId, id } = row
      if (shuttingDown) return
      if (sessions.has(id) || owned.has(id) || closing.has(id)) continue
      if (!(await takeOwnership(companyId, id))) continue
      if (shuttingDown || sessions.has(id) || !(await repo.isBootable(companyId, id))) {
        await settle(id)
        continue
      }
      adopted = true
      await start(companyId, id)
    }
  }

  function sweepLater() {
    if (shuttingDown) return
    sweep = setTimeout(() => {
      adopt()
        .catch((err: unknown) => deps.log.error({ err }, 'whatsapp session sweep failed'))
        .finally(sweepLater)
    }, timing.ownerRetryMs)
    sweep.unref?.()
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
      if (!(await runsHere(companyId, connectionId, fresh ? 'new-qr' : 'start'))) {
        // A second socket would only get both kicked off, forever.
        detach(session)
        return
      }
      if (fresh && !session.ended) await wipeAuthState(deps.db, companyId, connectionId)
      if (session.ended) {
        await settle(connectionId)
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

  function logout(companyId: number, connectionId: number): Promise<void> {
    return closingDown(connectionId, async () => {
      if (!(await runsHere(companyId, connectionId, 'logout'))) return
      await unlink(companyId, connectionId)
      const row = await repo.updateSession(companyId, connectionId, {
        status: 'DISCONNECTED',
        qrcode: '',
        retries: 0,
        number: '',
      })
      if (row) await emitSession(row)
    })
  }

  function discard(companyId: number, connectionId: number): Promise<void> {
    return closingDown(connectionId, async () => {
      if (await runsHere(companyId, connectionId, 'discard')) await unlink(companyId, connectionId)
    })
  }

  function suspend(companyId: number, connectionId: number): Promise<void> {
    return closingDown(connectionId, async () => {
      if (!(await runsHere(companyId, connectionId, 'suspend'))) return
      const previous = sessions.get(connectionId)
      if (previous) {
        endSocket(detach(previous))
        await previous.work
      }
      const row = await repo.updateSession(companyId, connectionId, {
        status: 'DISCONNECTED',
        qrcode: '',
        retries: 0,
      })
      if (row) await emitSession(row)
    })
  }

  /** The open socket of a connection on this server. */
  function socketFor(connectionId: number): BaileysSocket | undefined {
    const session = sessions.get(connectionId)
    return session?.open && session.socket ? session.socket : undefined
  }

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
      await settle(connectionId)
    },

    /**
     * Starts every bootable connection no other instance owns, 1 s apart, and resolves once all
     * were started; from then on looks every `ownerRetryMs` for sessions left without an owner.
     */
    async boot(): Promise<void> {
      await adopt()
      sweepLater()
    },

    /** Shutdown: closes every socket and waits for pending writes and intake deliveries. */
    async stopAll(): Promise<void> {
      shuttingDown = true
      if (sweep) clearTimeout(sweep)
      const all = [...sessions.values()]
      for (const session of all) endSocket(detach(session))
      await Promise.allSettled(all.flatMap((session) => [session.work, session.inbox]))
      // The sessions' statuses stay as they are: a surviving instance resumes them.
      const held = [...owned.values()]
      owned.clear()
      await Promise.allSettled(held.map((lock) => lock.release()))
    },

    /** Tells the company a connection row changed outside the session (history import). */
    async announce(companyId: number, connectionId: number): Promise<void> {
      const row = await repo.findConnection(companyId, connectionId)
      if (row) await emitSession(row)
    },

    /** The open socket of a connection on this server, for the driver. */
    socketFor,

    /** What the open session of a connection knows about people; undefined when closed. */
    directoryOf(connectionId: number): Directory | undefined {
      const session = sessions.get(connectionId)
      return session?.open ? session.directory : undefined
    },

    /** Refuses a ringing call (acceptCallWhatsapp disabled); false without an open socket. */
    async rejectCall(connectionId: number, callId: string, callFrom: string): Promise<boolean> {
      const socket = socketFor(connectionId)
      if (!socket?.rejectCall) return false
      await socket.rejectCall(callId, callFrom)
      return true
    },
  }
}

export type WhatsappSessionManager = ReturnType<typeof createWhatsappSessionManager>
