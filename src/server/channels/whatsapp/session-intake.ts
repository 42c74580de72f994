import {
  isJidGroup,
  jidDecode,
  jidNormalizedUser,
  proto,
  type CacheStore,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
} from 'baileys'
import type { CoreDeps } from '@server/deps'
import type { InboundIntake } from '../types'
import type { Directory } from './directory'
import {
  callEnvelope,
  isRelevantUpsert,
  messageEnvelope,
  timestampSeconds,
  updateEnvelope,
  type BaileysEnvelope,
} from './normalize'
import type { BaileysSocket } from './socket'

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

/** What the intake needs of a session: whose it is, what it learnt, and its delivery chain. */
export interface IntakeSession {
  readonly companyId: number
  readonly connectionId: number
  /** Deliveries to the intake, in arrival order. */
  inbox: Promise<void>
  recentMessages: CacheStore
  /** People the phone shared with this session (address book, chats). */
  directory: Directory
  /** The connection had an import window when the socket started. */
  importing: boolean
}

export interface SessionIntakeOptions {
  intake: InboundIntake
  history?: HistoryIntake
  /** Pauses before re-offering events the intake refused. */
  retryDelaysMs: readonly number[]
  /** Whether the company refuses calls (acceptCallWhatsapp disabled): its ringing calls end. */
  refusesCalls?: (companyId: number) => Promise<boolean>
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

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
 * What a Baileys socket hands on (reference §6): messages, delivery reports and calls go to the
 * inbound intake in arrival order, with the LIDs their keys leave open resolved at arrival;
 * history for an import window goes to staging; contacts and chats fill the directory.
 */
export function createSessionIntake(deps: Pick<CoreDeps, 'log'>, options: SessionIntakeOptions) {
  /** Hands history messages to the import, in arrival order with the live deliveries. */
  function stageHistory(session: IntakeSession, socket: BaileysSocket, messages: WAMessage[]) {
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

  /** Ends calls the company does not take while they ring; the intake stores them either way. */
  async function refuse(session: IntakeSession, socket: BaileysSocket, calls: WACallEvent[]) {
    try {
      if (!socket.rejectCall || !(await options.refusesCalls?.(session.companyId))) return
      for (const call of calls) await socket.rejectCall(call.id, call.from)
    } catch (err) {
      deps.log.warn({ err, connectionId: session.connectionId }, 'a call could not be refused')
    }
  }

  function deliver(session: IntakeSession, build: () => Promise<BaileysEnvelope[]>) {
    session.inbox = session.inbox
      .then(async () => {
        const payloads = await build()
        let lastError: unknown
        for (const pause of [0, ...options.retryDelaysMs]) {
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

  return {
    /**
     * Listens to what the socket receives. Messages already received are handed on even if
     * the socket was replaced meanwhile.
     */
    attach(session: IntakeSession, socket: BaileysSocket): void {
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
              messageEnvelope(
                message,
                type,
                await resolveLids(socket, unresolvedLids(message.key)),
              ),
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
        void refuse(session, socket, offers)
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
    },
  }
}

export type SessionIntake = ReturnType<typeof createSessionIntake>
