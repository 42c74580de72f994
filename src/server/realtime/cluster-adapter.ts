import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'
import { PostgresAdapter, type PostgresAdapterOptions } from '@socket.io/postgres-adapter'
// The package's own factory builds its adapter class only; this one extends it, so it builds the
// adapter itself on the package's pub/sub client (the version is pinned exactly for that).
import { hasBinary, PubSubClient } from '@socket.io/postgres-adapter/dist/util.js'
import {
  MessageType,
  type ClusterMessage,
  type Offset,
  type PrivateSessionId,
  type Room,
  type Session,
  type SocketId,
} from 'socket.io-adapter'
import type { Namespace, Socket } from 'socket.io'
import type { Database } from '@server/db/client'
import { groupCommit } from '@server/lib/group-commit'
import {
  publishBatch,
  socketRecoveryRepository,
  type SocketEventRecord,
  type StoredSocketEvent,
} from './socket-recovery.repository'

export interface ClusterAdapterOptions {
  /** How long a disconnected client may come back and get what it missed (Socket.IO's option). */
  maxDisconnectionMs: number
  /** What of a socket's `data` is kept for its recovery (the rest is rebuilt at the handshake). */
  sessionData(data: unknown): unknown
  /** How often connected sockets' sessions are marked alive and old rows are dropped. */
  sweepIntervalMs?: number
  log: FastifyBaseLogger
}

/** A broadcast's options as they travel between instances. */
interface EncodedOptions {
  rooms: Room[]
  except: Room[]
  flags?: { volatile?: boolean }
}

interface BroadcastMessage {
  type: MessageType.BROADCAST
  nsp: string
  data: {
    packet: { type: number; id?: number; data: unknown[] }
    opts: EncodedOptions
    requestId?: string
  }
  /** The stored event's id, added here so that receiving instances append the same offset. */
  offset?: Offset
}

const EVENT_PACKET = 2

/** Socket.IO's adapter declares a session always found; its own answers null when none is. */
const NO_SESSION = null as unknown as Session

/** The private session id a recovering client presents (Socket.IO keeps it private). */
const pidOf = (socket: Socket): PrivateSessionId => (socket as unknown as { pid: string }).pid

/** A plain event (no acknowledgement, not volatile): the only kind a reconnecting client gets. */
function recoverable(message: ClusterMessage): message is ClusterMessage & BroadcastMessage {
  if (message.type !== MessageType.BROADCAST) return false
  const { packet, opts, requestId } = (message as unknown as BroadcastMessage).data
  return (
    packet.type === EVENT_PACKET &&
    packet.id === undefined &&
    requestId === undefined &&
    opts.flags?.volatile === undefined
  )
}

/** The event a recoverable broadcast leaves for clients that reconnect. */
const eventOf = (message: BroadcastMessage): SocketEventRecord => ({
  namespace: message.nsp,
  rooms: message.data.opts.rooms,
  exceptRooms: message.data.opts.except,
  data: JSON.stringify(message.data.packet.data),
})

/** Under NOTIFY's 8,000-byte payload, with room for the offset. */
const NOTIFY_LIMIT = 7_900

/** A message on its way to the other instances; `offset` is its event's id once published. */
interface Outgoing {
  message: ClusterMessage
  offset: Offset
  /** Published: a batch that failed further on is tried again without it. */
  sent: boolean
  /** The message as JSON, once it is known to fit a notification (written once per message). */
  json?: string
}

/**
 * The sending adapter's id in a notification's payload, read without parsing it: Socket.IO adds
 * `uid` and `nsp` after a message's data, and the data's own keys are inside it, so the last
 * `"uid":"` is the sender's. Null when there is none.
 */
export function senderOf(payload: string): string | null {
  const key = '"uid":"'
  const at = payload.lastIndexOf(key)
  if (at < 0) return null
  const end = payload.indexOf('"', at + key.length)
  return end < 0 ? null : payload.slice(at + key.length, end)
}

/**
 * The pool the package's pub/sub client listens through, with its own notifications dropped
 * before the package parses them: alone, an instance hears every event it sends, and parsing
 * each only to find it its own cost more than handling it.
 */
function listeningPool(pool: pg.Pool, fromSelf: (payload: string) => boolean): pg.Pool {
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver) as unknown
      // The pool's own query() connects with a callback: only the listener's connect() is wrapped.
      return async (...callback: unknown[]) => {
        if (callback.length > 0)
          return (target.connect as (...args: unknown[]) => unknown)(...callback)
        const listening = await target.connect()
        const on = listening.on.bind(listening)
        listening.on = ((event: string, listener: (...args: unknown[]) => void) =>
          event === 'notification'
            ? on(event, (notification: pg.Notification) => {
                if (!fromSelf(notification.payload ?? '')) listener(notification)
              })
            : on(event as 'end', listener)) as typeof listening.on
        return listening
      }
    },
  })
}

/** Socket.IO's own rule: sent to one of the session's rooms (or to all) and to none it excludes. */
function reaches(sessionRooms: readonly Room[], event: StoredSocketEvent): boolean {
  const included =
    event.rooms.length === 0 || sessionRooms.some((room) => event.rooms.includes(room))
  return included && sessionRooms.every((room) => !event.exceptRooms.includes(room))
}

/**
 * Socket.IO across server instances on one PostgreSQL (@socket.io/postgres-adapter: broadcasts,
 * rooms, fetchSockets and disconnectSockets reach every instance through LISTEN/NOTIFY), with
 * connection-state recovery kept in PostgreSQL too. Socket.IO's own recovery lives in one
 * process's memory, so a client that reconnects to another instance, or after its instance was
 * killed, would lose what was sent meanwhile. Here every event is stored with its id as the
 * client's offset, and each socket's session is written while it is connected (not only when it
 * closes, which a killed instance never reaches).
 */
export function createClusterAdapter(pool: pg.Pool, db: Database, options: ClusterAdapterOptions) {
  const repo = socketRecoveryRepository(db)
  const { log } = options
  const windowMs = options.maxDisconnectionMs
  const sweepIntervalMs = options.sweepIntervalMs ?? 30_000
  const adapters = new Map<string, RecoverableAdapter>()
  /** This instance's adapters' ids: notifications they sent come back to this instance too. */
  const ownUids = new Set<string>()
  /** Session writes and event stores in flight: shutdown waits for them. */
  const pending = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>, what: string) => {
    const running = work
      .catch((err: unknown) => log.warn({ err }, `socket recovery: ${what} failed`))
      .finally(() => pending.delete(running))
    pending.add(running)
  }

  const adapterOptions: Required<PostgresAdapterOptions> = {
    channelPrefix: 'socket.io',
    tableName: 'socket_io_attachments',
    payloadThreshold: 8_000,
    cleanupInterval: 30_000,
    errorHandler: (err) => log.warn({ err }, 'socket.io postgres adapter'),
  }
  const client = new PubSubClient(
    listeningPool(pool, (payload) => {
      const uid = senderOf(payload)
      return uid !== null && ownUids.has(uid)
    }),
    adapterOptions,
    (message) => adapters.get(message.nsp)?.serverUid === message.uid,
    (message) => adapters.get(message.nsp)?.onMessage(message),
  )

  /**
   * Every message this instance sends to the others goes through one queue, in call order: the
   * adapter applies an operation here only once its publish is done, so a broadcast must not be
   * overtaken by a disconnect or a room change asked for after it (a kick's notice, then the
   * kick). Messages queued while a batch is in flight go together in the next one: one
   * statement stores their events and sends their notifications.
   */
  const publish = groupCommit<Outgoing>(async (batch) => {
    let small: Outgoing[] = []
    for (const outgoing of batch.filter((item) => !item.sent)) {
      const json = JSON.stringify(outgoing.message)
      if (Buffer.byteLength(json) < NOTIFY_LIMIT && !hasBinary(outgoing.message)) {
        outgoing.json = json
        small.push(outgoing)
        continue
      }
      await publishSmall(small)
      small = []
      await publishLarge(outgoing)
    }
    await publishSmall(small)
  })

  let lastPublish: Promise<unknown> = Promise.resolve()

  async function publishSmall(batch: Outgoing[]) {
    if (batch.length === 0) return
    const offsets = await publishBatch(
      pool,
      batch.map(({ message, json }) => ({
        channel: `${adapterOptions.channelPrefix}#${message.nsp}`,
        openPayload: (json ?? JSON.stringify(message)).slice(0, -1),
        event: recoverable(message) ? eventOf(message) : null,
      })),
    )
    batch.forEach((outgoing, index) => {
      outgoing.offset = offsets[index] ?? ''
      outgoing.sent = true
    })
  }

  async function publishLarge(outgoing: Outgoing) {
    const { message } = outgoing
    const adapter = adapters.get(message.nsp)
    if (!adapter) return
    if (recoverable(message)) {
      outgoing.offset = String(await repo.storeEvent(eventOf(message)))
      await adapter.publishAlone({ ...message, offset: outgoing.offset } as ClusterMessage)
    } else await adapter.publishAlone(message)
    outgoing.sent = true
  }

  class RecoverableAdapter extends PostgresAdapter {
    /** Sockets whose rooms changed since their session was last written. */
    private readonly dirty = new Set<SocketId>()
    /** Each session's last write still in flight, by private session id. */
    private readonly writing = new Map<PrivateSessionId, Promise<unknown>>()
    private flushTimer: ReturnType<typeof setTimeout> | null = null

    constructor(private readonly namespace: Namespace) {
      super(namespace, {}, client)
    }

    /** This instance's id in the cluster (messages from it are its own). */
    get serverUid(): string {
      return this.uid
    }

    protected override async doPublish(message: ClusterMessage): Promise<Offset> {
      const outgoing: Outgoing = { message, offset: '', sent: false }
      const published = publish([outgoing])
      lastPublish = published.catch(() => undefined)
      await published
      return outgoing.offset
    }

    /** The package's own publish: NOTIFY, or its attachments table for a large message. */
    publishAlone(message: ClusterMessage): Promise<Offset> {
      return super.doPublish(message)
    }

    override onMessage(message: ClusterMessage, offset?: Offset): void {
      super.onMessage(message, offset ?? (message as Partial<BroadcastMessage>).offset)
    }

    override addAll(id: SocketId, rooms: Set<Room>) {
      const done = super.addAll(id, rooms)
      this.changed(id)
      return done
    }

    override del(id: SocketId, room: Room) {
      const done = super.del(id, room)
      this.changed(id)
      return done
    }

    /** Room changes come in bursts (the rooms of a handshake): written once, a moment later. */
    private changed(id: SocketId) {
      this.dirty.add(id)
      this.flushTimer ??= setTimeout(() => this.flush(), 50)
    }

    private flush() {
      this.flushTimer = null
      for (const id of this.dirty) {
        const socket = this.namespace.sockets.get(id)
        if (socket?.connected)
          this.write(
            { pid: pidOf(socket), sid: id, rooms: [...socket.rooms], data: socket.data },
            false,
          )
      }
      this.dirty.clear()
    }

    private write(session: Omit<Session, 'missedPackets'>, disconnected: boolean) {
      const { pid, sid, rooms, data } = session
      const stored = {
        sid,
        namespace: this.namespace.name,
        rooms,
        data: JSON.stringify(options.sessionData(data)),
      }
      const saved = repo.saveSession(pid, stored, disconnected).finally(() => {
        if (this.writing.get(pid) === saved) this.writing.delete(pid)
      })
      this.writing.set(pid, saved)
      track(saved, 'session write')
    }

    /** Socket.IO's call when a socket closes for a reason its client recovers from. */
    override persistSession(session: Omit<Session, 'missedPackets'>): void {
      this.dirty.delete(session.sid)
      this.write(session, true)
    }

    override async restoreSession(pid: PrivateSessionId, offset: Offset): Promise<Session> {
      const since = new Date(Date.now() - windowMs)
      const offsetId = Number(offset)
      if (!Number.isSafeInteger(offsetId) || offsetId < 1) return NO_SESSION
      // A client back within moments of its disconnect must not read before its session's write.
      await this.writing.get(pid)?.catch(() => undefined)
      const session = await repo.findSession(this.namespace.name, pid)
      // A session written while connected whose instance died counts from its last sweep.
      if (!session || (session.disconnectedAt ?? session.updatedAt) < since) return NO_SESSION
      if (!(await repo.eventKept(this.namespace.name, offsetId, since))) return NO_SESSION
      const missed = await repo.eventsAfter(this.namespace.name, offsetId)
      return {
        sid: session.sid,
        pid,
        rooms: session.rooms,
        data: JSON.parse(session.data) as unknown,
        missedPackets: missed
          .filter((event) => reaches(session.rooms, event))
          .map((event) => [...(JSON.parse(event.data) as unknown[]), String(event.id)]),
      }
    }

    /** The private session ids of this namespace's connected sockets. */
    livePids(): PrivateSessionId[] {
      return [...this.namespace.sockets.values()].map(pidOf)
    }

    override close() {
      adapters.delete(this.namespace.name)
      ownUids.delete(this.serverUid)
      if (this.flushTimer) clearTimeout(this.flushTimer)
      this.flush()
      return super.close()
    }
  }

  const sweep = setInterval(() => {
    const live = [...adapters.values()].flatMap((adapter) => adapter.livePids())
    track(repo.touchSessions(live), 'session sweep')
    track(repo.prune(new Date(Date.now() - windowMs - sweepIntervalMs)), 'prune')
  }, sweepIntervalMs)
  sweep.unref()

  return {
    /**
     * Socket.IO's `adapter` option, which it calls with `new`: a plain function returning the
     * adapter serves as that constructor.
     */
    adapter: function (this: void, namespace: Namespace): RecoverableAdapter {
      const adapter = new RecoverableAdapter(namespace)
      adapters.set(namespace.name, adapter)
      ownUids.add(adapter.serverUid)
      client.addNamespace(namespace.name)
      return adapter
    },

    /** After the sockets closed: their sessions are written, then the listening client goes. */
    async close() {
      clearInterval(sweep)
      for (const adapter of [...adapters.values()]) adapter.close()
      // The queue publishes in order: once its last message is out, all before it are.
      await Promise.allSettled([...pending, lastPublish])
      client.close()
    },
  }
}

export type ClusterAdapter = ReturnType<typeof createClusterAdapter>
