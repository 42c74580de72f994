import {
  Browsers,
  isJidGroup,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type AuthenticationState,
  type BaileysEventEmitter,
  type CacheStore,
  type Contact,
  type proto,
  type SocketConfig,
  type UserFacingSocketConfig,
  type WASocket,
} from 'baileys'
import type { FastifyBaseLogger } from 'fastify'
import { isIgnoredChat } from './normalize'

/** Baileys' logger interface (not exported by name from the package root). */
export type ILogger = SocketConfig['logger']

/**
 * The part of a Baileys socket we use. `makeWASocket` returns a superset; tests hand in a fake
 * with the same members and real Baileys event shapes.
 */
export interface BaileysSocket {
  ev: BaileysEventEmitter
  user?: Contact | undefined
  sendMessage: WASocket['sendMessage']
  readMessages: WASocket['readMessages']
  logout: WASocket['logout']
  end: WASocket['end']
  /** Asks the sender's phone to upload expired media again. */
  updateMediaMessage?: WASocket['updateMediaMessage']
  rejectCall?: WASocket['rejectCall']
  profilePictureUrl?: WASocket['profilePictureUrl']
  updateBlockStatus?: WASocket['updateBlockStatus']
  onWhatsApp?: WASocket['onWhatsApp']
  /** Baileys 7's LID ↔ phone-number store, to resolve LIDs the message key left open. */
  signalRepository?: {
    lidMapping: { getPNForLID(lid: string): Promise<string | null> }
  }
}

export type MakeSocket = (config: UserFacingSocketConfig) => BaileysSocket

export const defaultMakeSocket: MakeSocket = (config) => makeWASocket(config)

/** A small TTL cache with Baileys' CacheStore shape (retry counters, recent messages). */
export function createTtlCache(ttlMs: number): CacheStore {
  const entries = new Map<string, { value: unknown; expires: number }>()
  const sweep = () => {
    const now = Date.now()
    for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key)
  }
  return {
    get<T>(key: string): T | undefined {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= Date.now()) {
        entries.delete(key)
        return undefined
      }
      return entry.value as T
    },
    set<T>(key: string, value: T) {
      // Sweeping on write keeps memory bounded without a timer per cache.
      if (entries.size > 0 && entries.size % 1000 === 0) sweep()
      entries.set(key, { value, expires: Date.now() + ttlMs })
    },
    del(key: string) {
      entries.delete(key)
    },
    flushAll() {
      entries.clear()
    },
  }
}

/** Baileys logs a lot at info level; only its warnings reach our log. */
export function baileysLogger(log: FastifyBaseLogger, bindings: Record<string, unknown>): ILogger {
  const child = log.child({ module: 'baileys', ...bindings }, { level: 'warn' })
  const wrap = (target: FastifyBaseLogger): ILogger => ({
    get level() {
      return target.level
    },
    child: (more) => wrap(target.child(more)),
    trace: (obj, msg) => target.trace(obj, msg),
    debug: (obj, msg) => target.debug(obj, msg),
    info: (obj, msg) => target.info(obj, msg),
    warn: (obj, msg) => target.warn(obj, msg),
    error: (obj, msg) => target.error(obj, msg),
  })
  return wrap(child)
}

export interface SocketOptionsInput {
  auth: AuthenticationState
  logger: ILogger
  /** The connection's allowGroup when the socket starts; an edit applies at the next start. */
  allowGroup: boolean
  retryCounter: CacheStore
  /** Recently seen messages, for Baileys' retry requests. */
  recentMessages: CacheStore
  /**
   * The connection has a history-import window: ask the phone for its full history. The phone
   * sends it only while pairing, which is why enabling an import asks for a new QR (001 §4).
   */
  importHistory?: boolean
}

/** Socket options of reference §6 "Socket options". */
export function socketOptions(input: SocketOptionsInput): UserFacingSocketConfig {
  return {
    auth: {
      creds: input.auth.creds,
      keys: makeCacheableSignalKeyStore(input.auth.keys, input.logger),
    },
    logger: input.logger,
    browser: Browsers.appropriate('Desktop'),
    // Agents' phones keep receiving notifications.
    markOnlineOnConnect: false,
    linkPreviewImageThumbnailWidth: 192,
    shouldIgnoreJid: (jid) => isIgnoredChat(jid) || (!input.allowGroup && Boolean(isJidGroup(jid))),
    msgRetryCounterCache: input.retryCounter,
    retryRequestDelayMs: 500,
    maxMsgRetryCount: 5,
    connectTimeoutMs: 25_000,
    emitOwnEvents: true,
    // Without an import window a fresh pairing does not pull the whole history.
    syncFullHistory: input.importHistory === true,
    ...(input.importHistory ? { shouldSyncHistoryMessage: () => true } : {}),
    getMessage: async (key) => {
      if (!key.id) return undefined
      return (await input.recentMessages.get<proto.IMessage>(key.id)) ?? undefined
    },
  }
}
