import { basename } from 'node:path'
import type { ChannelRegistry } from '@server/channels/registry'
import { ChannelError, type ChatRef, type OutgoingMessage } from '@server/channels/types'
import { sessionLockKey } from '@server/channels/whatsapp'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { createPoller, type Poller } from '@server/lib/poller'
import type { ConnectionRow } from '../connections/connections.table'
import type { ContactRow } from '../contacts/contacts.table'
import type { MediaService } from '../media/media.service'
import type { MessageEvents } from './messages.events'
import { messagesRepository } from './messages.repository'
import type { MessageRow } from './messages.table'
import { outboundRepository } from './outbound.repository'
import { parseVCard } from './messages.vcard'
import { outboundReference } from './outbound.reference'

/** Waits before the 2nd, 3rd, … attempt; after the last one the message is failed. */
export const SEND_BACKOFF_MS = [2_000, 10_000, 60_000, 300_000, 300_000] as const
export const MAX_SEND_ATTEMPTS = SEND_BACKOFF_MS.length + 1
/**
 * A campaign's or a scheduled message is retried three times (reference §1, §3): nobody is
 * watching it, and its campaign or schedule records the failure so it can be sent again.
 */
export const MAX_UNATTENDED_ATTEMPTS = 4

const attemptsAllowed = (message: MessageRow) =>
  message.campaignId !== null || message.scheduleId !== null
    ? MAX_UNATTENDED_ATTEMPTS
    : MAX_SEND_ATTEMPTS
/** A claimed message is left alone this long; a crash mid-send lets another instance retry it. */
const SEND_LEASE_MS = 120_000
const TICK_MS = 2_000
/** Conversations of a connection sent side by side, one message each. */
const SEND_BATCH = 8

/** Where a message to this contact goes. */
export const chatOf = (contact: ContactRow): ChatRef => ({
  id: contact.number,
  isGroup: contact.isGroup,
  name: contact.name,
  ...(contact.remoteJid ? { jid: contact.remoteJid } : {}),
})

const sendKind = (mediaType: string): 'image' | 'audio' | 'video' | 'application' =>
  mediaType === 'image' || mediaType === 'audio' || mediaType === 'video'
    ? mediaType
    : 'application'

/** A stored file that is gone fails its message at once, as a driver's missing file does. */
const missingFile = (error: unknown): never => {
  if (error instanceof AppError && error.code === 'ERR_MEDIA_UNAVAILABLE')
    throw new ChannelError('ERR_SENDING_WAPP_MSG', false, 'media file missing')
  throw error
}

/**
 * The ordered sender (ARCHITECTURE §3 "Outbound"): messages are stored first (queued, ack 0) and
 * sent from here, per connection in id order, one conversation never overtaking itself (several
 * conversations' next messages go side by side). The queue
 * is the messages table, so a restart or a second instance loses and doubles nothing: rows are
 * claimed with a lease under `FOR UPDATE SKIP LOCKED`. A WhatsApp (Baileys) connection is sent
 * by the instance that owns its session; the tick of that instance sends what others queued.
 * Backoffs, leases and due times are all read on this process's clock (`Date`), so a retry is
 * due exactly its backoff after the failure. Every failed try is announced with its attempt
 * count and error, so the attendant sees the retries, not only the final failure.
 */
export function createOutboundSender(
  deps: CoreDeps,
  collaborators: { channels: ChannelRegistry; media: MediaService; events: MessageEvents },
) {
  const { channels, media, events } = collaborators
  const repo = messagesRepository(deps.db)
  const queue = outboundRepository(deps.db)
  const running = new Map<number, Promise<void>>()
  const kickedWhileRunning = new Set<number>()
  let started = false
  let sweep: Poller | null = null

  /** The message for the driver; `mediaFile` is its stored file as a path of this machine. */
  async function outgoingOf(
    message: MessageRow,
    contact: ContactRow,
    mediaFile: string | null,
  ): Promise<OutgoingMessage> {
    const outgoing: OutgoingMessage = {
      to: chatOf(contact),
      body: message.body,
      reference: outboundReference(message.id),
    }
    if (message.mediaPath && mediaFile) {
      outgoing.media = {
        path: mediaFile,
        mime: message.mediaMime ?? 'application/octet-stream',
        fileName: message.mediaName ?? basename(message.mediaPath),
        kind: sendKind(message.mediaType),
      }
    }
    if (message.mediaType === 'contactMessage') {
      const card = parseVCard(message.body)
      if (card) outgoing.vcard = card
    }
    if (message.quotedMsgId !== null) {
      const quoted = await repo.findById(message.companyId, message.quotedMsgId)
      if (quoted?.wid)
        outgoing.quoted = { providerId: quoted.wid, fromMe: quoted.fromMe, raw: quoted.dataJson }
    }
    if (message.isForwarded) outgoing.isForwarded = true
    if (message.template) outgoing.template = message.template
    return outgoing
  }

  async function fail(message: MessageRow, error: unknown) {
    const known = error instanceof ChannelError
    const code = known ? error.code : 'ERR_SENDING_WAPP_MSG'
    const retryable = known ? error.retryable : true
    const attempts = message.sendAttempts + 1
    if (known) deps.log.warn({ messageId: message.id, code, attempts }, 'message send failed')
    else deps.log.error({ err: error, messageId: message.id, attempts }, 'message send failed')
    const row =
      retryable && attempts < attemptsAllowed(message)
        ? await queue.scheduleRetry(
            message.id,
            attempts,
            new Date(Date.now() + SEND_BACKOFF_MS[attempts - 1]!),
            code,
          )
        : await queue.markFailed(message.id, attempts, code)
    if (row) await events.emitUpdated(row.companyId, [row.id])
  }

  /** Hands one message to the driver; answers what the provider said, or null once failed. */
  async function deliver(
    message: MessageRow,
    context: { contact: ContactRow; connection: ConnectionRow } | undefined,
  ) {
    if (!context) {
      await fail(message, new ChannelError('ERR_NO_WAPP_FOUND', false))
      return null
    }
    const driver = channels.driverFor(context.connection.channel)
    try {
      // The session may come up (or the driver be registered) later: worth retrying.
      if (!driver) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true)
      const send = async (mediaFile: string | null) =>
        driver.send(
          channels.connectionFor(context.connection),
          await outgoingOf(message, context.contact, mediaFile),
        )
      const sent = message.mediaPath
        ? await media.withLocalFile(message.companyId, message.mediaPath, send).catch(missingFile)
        : await send(null)
      return { id: message.id, providerId: sent.providerId, raw: sent.raw }
    } catch (error) {
      await fail(message, error)
      return null
    }
  }

  async function drain(connectionId: number) {
    // A Baileys socket lives on the one instance holding its owner lock: only that instance can
    // send through it, so the others leave its messages alone (its own tick picks them up)
    // instead of claiming them and spending their retries. Nobody holding it means no socket
    // anywhere, and the messages fail here as they would on a single instance.
    if (await deps.sessionLocks?.heldElsewhere(sessionLockKey(connectionId))) return
    while (started) {
      const claimed = await queue.claimDue(connectionId, new Date(), SEND_LEASE_MS, SEND_BATCH)
      if (claimed.length === 0) return
      const { companyId } = claimed[0]!
      const contexts = await queue.sendContexts(
        companyId,
        connectionId,
        claimed.map((message) => message.ticketId),
      )
      // One message per conversation: sent side by side, each conversation still in order.
      const sent = await Promise.all(
        claimed.map((message) => deliver(message, contexts.get(message.ticketId))),
      )
      // Past this point the provider has the messages: a failure to record them must not
      // resend them now (the lease expiring is the only, last-resort retry).
      const { rows, echoes } = await queue.markSent(
        connectionId,
        sent.filter((send) => send !== null),
      )
      for (const echo of echoes) {
        const ticket = await repo.findTicket(companyId, { id: echo.ticketId })
        if (ticket) events.emitDeleted(companyId, ticket, echo.id)
      }
      if (rows.length > 0)
        await events.emitUpdated(
          companyId,
          rows.map((row) => row.id),
        )
    }
  }

  /** Sends the connection's due messages now (after an insert); a no-op until `start()`. */
  function kick(connectionId: number) {
    if (!started) return
    if (running.has(connectionId)) {
      kickedWhileRunning.add(connectionId)
      return
    }
    const run = drain(connectionId)
      .catch((error: unknown) =>
        deps.log.error({ err: error, connectionId }, 'outbound sender failed'),
      )
      .finally(() => {
        running.delete(connectionId)
        if (kickedWhileRunning.delete(connectionId)) kick(connectionId)
      })
    running.set(connectionId, run)
  }

  /** Kicks every connection with due messages: retries whose time came, rows left by a restart. */
  async function tick() {
    for (const connectionId of await queue.dueConnections(new Date())) kick(connectionId)
  }

  return {
    kick,
    tick,

    /**
     * Resumes the queued messages and checks for due retries `tickMs` after each check; resolves
     * once the first check has kicked what was due.
     */
    async start(options: { tickMs?: number } = {}) {
      if (started) return
      started = true
      let firstChecked!: () => void
      const checked = new Promise<void>((resolve) => (firstChecked = resolve))
      sweep = createPoller({
        name: 'outbound sweep',
        intervalMs: options.tickMs ?? TICK_MS,
        run: () => tick().finally(firstChecked),
        log: deps.log,
      })
      sweep.start()
      await checked
    },

    /** Stops claiming; resolves once the messages being sent are recorded. */
    async stop() {
      started = false
      await sweep?.stop()
      sweep = null
      await this.idle()
    },

    /** Resolves when no connection is being drained (tests, shutdown). */
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()])
    },
  }
}

export type OutboundSender = ReturnType<typeof createOutboundSender>
