import type { CompanySettingValues } from '@shared/contracts/settings'
import { formatCallTime } from '@shared/dates'
import { rooms } from '@shared/realtime/events'
import type { ChannelRegistry } from '@server/channels/registry'
import type {
  ChannelDriver,
  ChatRef,
  DriverConnection,
  InboundEdit,
  InboundEvent,
  InboundIntake,
  InboundMessage,
  InboundRevoke,
  InboundStatus,
} from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError } from '@server/lib/app-error'
import { groupCommit } from '@server/lib/group-commit'
import type { CompaniesService } from '../companies/companies.service'
import { connectionsRepository } from '../connections/connections.repository'
import type { ConnectionRow } from '../connections/connections.table'
import { presentContact } from '../contacts/contacts.presenter'
import { contactsRepository } from '../contacts/contacts.repository'
import type { ContactRow } from '../contacts/contacts.table'
import type { MessageReaction } from '../messages/messages.table'
import type { SettingsService } from '../settings/settings.service'
import {
  companyMasksNumbers,
  type TicketCore,
  type TicketPresentation,
} from '../tickets/tickets.core'
import { describeContent, type ReceivedMedia, type StoredMedia } from './inbound.content'
import {
  contactIdentity,
  createInboundBatch,
  fitsBatch,
  newMessageValues,
  type BatchRow,
} from './inbound.batch'
import { inboundRepository } from './inbound.repository'
import type { InboundEventRow } from './inbound.table'

/**
 * What the pipeline needs from the messages module: one message shape on every socket, and one
 * owner of delivery reports.
 */
export interface MessageEvents {
  emitCreated(companyId: number, messageIds: number[]): Promise<TicketPresentation | null>
  emitCreatedMany(companyId: number, messageIds: number[]): Promise<Map<number, TicketPresentation>>
  emitUpdated(companyId: number, messageIds: number[]): Promise<void>
  /** Answers whether the message is known. */
  applyDeliveryStatus(
    connectionId: number,
    providerId: string,
    ack: InboundStatus['ack'],
    errorCode?: string,
  ): Promise<boolean>
}

/** Where received files go: company storage with sniffed types (media module). */
export interface InboundMediaStore {
  saveFile(
    companyId: number,
    folder: string,
    data: Buffer,
    options: { maxBytes: number; originalName?: string },
  ): Promise<StoredMedia>
  remove(companyId: number, relative: string): Promise<void>
}

/**
 * An event that cannot be applied yet, e.g. the delivery report of a message whose send has not
 * recorded its provider id: the raw event is tried again shortly.
 */
class NotYet extends Error {}

const BATCH_SIZE = 100
const MEDIA_RETRY_BATCH = 20
const GATHER_MS = 25
const SWEEP_INTERVAL_MS = 5_000
/** Our own sends may be echoed before the sender records their id: wait this many tries. */
const ECHO_WAIT_ATTEMPTS = 3
const STATUS_WAIT_ATTEMPTS = 6
const MAX_ATTEMPTS = 10
const retryDelaySeconds = (attempts: number) => [2, 5, 15, 60, 300, 900][Math.min(attempts - 1, 5)]!
const DELETED_BODY = '🚫 _Mensagem Apagada_'

/**
 * The inbound pipeline (ARCHITECTURE §3): raw provider events are stored before anyone is told
 * "received", then normalised by their driver and applied — idempotent by provider id, one
 * active ticket per contact and connection, one chat at a time.
 */
export function createInboundService(
  deps: CoreDeps,
  collaborators: {
    channels: ChannelRegistry
    ticketCore: TicketCore
    settings: SettingsService
    companies: CompaniesService
    media: InboundMediaStore
    messageEvents: MessageEvents
  },
) {
  const { channels, ticketCore, settings, companies, media, messageEvents } = collaborators
  const repo = inboundRepository(deps.db)
  let draining: Promise<void> | null = null
  let again = false
  let sweep: NodeJS.Timeout | null = null

  interface Context {
    connection: ConnectionRow
    driverConnection: DriverConnection
    driver: ChannelDriver
    attempts: number
  }

  async function upsertContact(
    tx: Executor,
    connection: ConnectionRow,
    ref: ChatRef,
    company: CompanySettingValues,
  ) {
    const contacts = contactsRepository(tx)
    // A WhatsApp LID the driver could not map to a phone number: reuse the contact it was seen on.
    const known =
      ref.lid && ref.id === ref.lid ? await contacts.findByLid(connection.companyId, ref.lid) : null
    if (known) return { row: known, created: false }
    return contacts.upsert(connection.companyId, contactIdentity(connection, ref, company))
  }

  async function emitContactCreated(contact: ContactRow) {
    const company = await settings.companyValues(contact.companyId)
    const present = (maskNumber: boolean) =>
      presentContact(contact, { tags: [], pictureUrl: '', maskNumber })
    if (!companyMasksNumbers(company)) {
      deps.realtime.emit(contact.companyId, [rooms.company], 'contact', {
        action: 'create',
        contact: present(false),
      })
      return
    }
    deps.realtime.emit(
      contact.companyId,
      [rooms.company],
      'contact',
      { action: 'create', contact: present(true) },
      [rooms.admins],
    )
    deps.realtime.emit(contact.companyId, [rooms.admins], 'contact', {
      action: 'create',
      contact: present(false),
    })
  }

  /**
   * Downloads and stores a received file. One above downloadLimit is not downloaded; one whose
   * download fails leaves its message with a note and is tried again later (`retryDueMedia`).
   */
  async function receiveMedia(
    context: Pick<Context, 'connection' | 'driver' | 'driverConnection'>,
    content: InboundMessage['content'],
  ): Promise<ReceivedMedia> {
    if (content.kind !== 'media') return { stored: null }
    const limitMb = Number(await settings.globalValue('downloadLimit'))
    const maxBytes = limitMb * 1024 * 1024
    const tooLarge = { stored: null, missing: { reason: 'tooLarge', limitMb } } as const
    if (content.size !== undefined && content.size > maxBytes) return tooLarge
    try {
      const file = await context.driver.downloadMedia(context.driverConnection, content.ref)
      const stored = await media.saveFile(context.connection.companyId, 'messages', file.data, {
        maxBytes,
        originalName: content.fileName ?? file.fileName,
      })
      return { stored }
    } catch (error) {
      if (error instanceof AppError && error.code === 'ERR_FILE_TOO_LARGE') return tooLarge
      deps.log.warn({ err: error, connectionId: context.connection.id }, 'inbound media not stored')
      return { stored: null, missing: { reason: 'failed' } }
    }
  }

  /** The second and last try of downloads that failed: the message gets its file, or keeps its note. */
  async function retryDueMedia() {
    for (const retry of await repo.takeDueMediaRetries(MEDIA_RETRY_BATCH)) {
      const connection = await connectionsRepository(deps.db).findById(
        retry.companyId,
        retry.connectionId,
      )
      const driver = connection && channels.driverFor(connection.channel)
      if (!connection || !driver) continue
      const received = await receiveMedia(
        { connection, driver, driverConnection: channels.connectionFor(connection) },
        retry.content,
      )
      if (!received.stored) continue
      const { body, mediaType } = describeContent(retry.content, received.stored, '')
      const updated = await repo.updateMessage(retry.messageId, {
        body,
        mediaType,
        mediaPath: received.stored.path,
        mediaName: received.stored.name,
        mediaMime: received.stored.mime,
      })
      if (!updated) {
        await media.remove(retry.companyId, received.stored.path)
        continue
      }
      await messageEvents.emitUpdated(retry.companyId, [retry.messageId])
      if (await repo.refreshLastMessage(retry.companyId, updated.ticketId, updated.id, body))
        await ticketCore.emitUpdated(retry.companyId, updated.ticketId)
    }
  }

  async function handleMessage(context: Context, event: InboundMessage) {
    const { connection } = context
    const companyId = connection.companyId
    if (event.content.kind === 'unsupported') {
      deps.log.info(
        { type: event.content.type, connectionId: connection.id },
        'unsupported message type',
      )
      return
    }
    if (event.chat.isGroup && !connection.allowGroup) return
    if (event.content.kind === 'reaction') return handleReaction(context, event)

    const existing = await repo.findMessageByWid(connection.id, event.providerId)
    if (existing) {
      // The echo of one of our sends: it reached the provider.
      if (event.fromMe) await messageEvents.applyDeliveryStatus(connection.id, event.providerId, 1)
      return
    }
    // Typed on the phone long ago (history import): no send of ours can be racing it.
    if (event.fromMe && !event.imported && context.attempts < ECHO_WAIT_ATTEMPTS)
      throw new NotYet('echo before send')

    const received = await receiveMedia(context, event.content)
    const company = await settings.companyValues(companyId)
    const timezone = (await companies.context(companyId))?.timezone ?? deps.defaultTimeZone
    const callTime = formatCallTime(event.timestamp, timezone)

    const result = await deps.db.transaction(async (tx) => {
      const txRepo = inboundRepository(tx)
      await txRepo.lockChat(companyId, connection.id, event.chat.id)
      const created: ContactRow[] = []
      const chat = await upsertContact(tx, connection, event.chat, company)
      if (chat.created) created.push(chat.row)
      let sender = chat.row
      if (event.chat.isGroup && event.sender && !event.fromMe) {
        const participant = await upsertContact(tx, connection, event.sender, company)
        if (participant.created) created.push(participant.row)
        sender = participant.row
      }
      const found = await ticketCore.findOrCreateActive(tx, {
        companyId,
        contact: chat.row,
        connection,
        origin: { kind: 'inbound', imported: event.imported },
      })
      const quoted = event.quotedProviderId
        ? await txRepo.findMessageByWid(connection.id, event.quotedProviderId)
        : null
      const values = newMessageValues({
        connection,
        event,
        media: received,
        callTime,
        ticketId: found.ticket.id,
        senderId: sender.id,
        quotedMsgId: quoted?.id ?? null,
      })
      const message = await txRepo.insertMessage(values)
      if (!message) return null
      if (received.missing?.reason === 'failed')
        await txRepo.scheduleMediaRetries([
          { connection, messageId: message.id, content: event.content },
        ])
      await txRepo.touchTicket(companyId, found.ticket.id, {
        body: values.body ?? '',
        fromMe: event.fromMe,
        at: event.timestamp,
        countsAsUnread: !event.fromMe && event.content.kind !== 'call',
      })
      return { message, found, created }
    })

    if (!result) {
      if (received.stored) await media.remove(companyId, received.stored.path)
      return
    }
    for (const contact of result.created) await emitContactCreated(contact)
    if (event.imported) return
    const presented = await messageEvents.emitCreated(companyId, [result.message.id])
    await ticketCore.emitUpdated(
      companyId,
      result.found.ticket.id,
      result.found.before,
      presented ?? undefined,
    )
  }

  /** A contact's reaction: kept on the reacted message and stored as a reactionMessage row. */
  async function handleReaction(context: Context, event: InboundMessage) {
    if (event.content.kind !== 'reaction') return
    const { connection } = context
    const { targetProviderId, emoji } = event.content
    const target = await repo.findMessageByWid(connection.id, targetProviderId)
    if (!target) return
    const company = await settings.companyValues(connection.companyId)
    const stored = await deps.db.transaction(async (tx) => {
      const txRepo = inboundRepository(tx)
      const contact = await upsertContact(tx, connection, event.sender ?? event.chat, company)
      const others = target.reactions.filter((reaction) => reaction.contactId !== contact.row.id)
      const reactions: MessageReaction[] = emoji
        ? [...others, { type: emoji, userId: null, contactId: contact.row.id }]
        : others
      await txRepo.updateMessage(target.id, { reactions })
      return txRepo.insertMessage({
        companyId: connection.companyId,
        ticketId: target.ticketId,
        whatsappId: connection.id,
        contactId: contact.row.id,
        wid: event.providerId,
        body: emoji,
        mediaType: 'reactionMessage',
        fromMe: event.fromMe,
        read: true,
        quotedMsgId: target.id,
        dataJson: event.raw,
        createdAt: event.timestamp,
      })
    })
    await messageEvents.emitUpdated(connection.companyId, [target.id])
    if (stored) await messageEvents.emitCreated(connection.companyId, [stored.id])
  }

  async function handleStatus(context: Context, event: InboundStatus) {
    const known = await messageEvents.applyDeliveryStatus(
      context.connection.id,
      event.providerId,
      event.ack,
      event.error,
    )
    if (!known && context.attempts < STATUS_WAIT_ATTEMPTS) throw new NotYet('status before send')
  }

  async function handleEdit(context: Context, event: InboundEdit) {
    const { connection } = context
    const message = await repo.findMessageByWid(connection.id, event.providerId)
    if (!message || message.body === event.body) return
    await repo.updateMessage(message.id, { body: event.body, isEdited: true })
    await messageEvents.emitUpdated(connection.companyId, [message.id])
  }

  async function handleRevoke(context: Context, event: InboundRevoke) {
    const { connection } = context
    const message = await repo.findMessageByWid(connection.id, event.providerId)
    if (!message || message.isDeleted) return
    const company = await settings.companyValues(connection.companyId)
    const eraseBody = company.enableLGPD === 'enabled' && company.lgpdDeleteMessage === 'enabled'
    await repo.updateMessage(message.id, {
      isDeleted: true,
      ...(eraseBody ? { body: DELETED_BODY } : {}),
    })
    await repo.setTicketLastMessage(connection.companyId, message.ticketId, DELETED_BODY)
    await messageEvents.emitUpdated(connection.companyId, [message.id])
    await ticketCore.emitUpdated(connection.companyId, message.ticketId)
  }

  function handle(context: Context, event: InboundEvent): Promise<void> {
    switch (event.type) {
      case 'message':
        return handleMessage(context, event)
      case 'status':
        return handleStatus(context, event)
      case 'edit':
        return handleEdit(context, event)
      case 'revoke':
        return handleRevoke(context, event)
    }
  }

  const chatKey = (row: InboundEventRow, events: InboundEvent[]) => {
    const first = events.find((event) => event.type === 'message')
    return `${row.connectionId}:${first?.type === 'message' ? first.chat.id : 'status'}`
  }

  const batch = createInboundBatch(deps, {
    ticketCore,
    settings,
    companies,
    messageEvents,
    receiveMedia: ({ connection }, event) =>
      receiveMedia(
        {
          connection,
          driver: channels.driverFor(connection.channel)!,
          driverConnection: channels.connectionFor(connection),
        },
        event.content,
      ),
    removeMedia: (companyId, relative) => media.remove(companyId, relative),
    emitContactCreated,
  })

  interface ChatEntry {
    row: InboundEventRow
    connection: ConnectionRow | undefined
    events: InboundEvent[]
  }
  const batchable = (entry: ChatEntry): entry is BatchRow =>
    entry.connection !== undefined &&
    channels.driverFor(entry.connection.channel) !== undefined &&
    fitsBatch(entry.events)

  async function processRow(
    row: InboundEventRow,
    connection: ConnectionRow | undefined,
    events: InboundEvent[],
  ) {
    try {
      if (!connection) return await repo.markProcessed(row.id)
      const driver = channels.driverFor(connection.channel)
      if (!driver) throw new Error(`no driver for ${connection.channel}`)
      const context: Context = {
        connection,
        driver,
        driverConnection: channels.connectionFor(connection),
        attempts: row.attempts,
      }
      for (const event of events) await handle(context, event)
      await repo.markProcessed(row.id)
    } catch (error) {
      const retry = row.attempts < MAX_ATTEMPTS
      if (!(error instanceof NotYet))
        deps.log.error({ err: error, eventId: row.id }, 'inbound event failed')
      await repo.markFailed(
        row.id,
        error instanceof Error ? error.message : String(error),
        retry ? new Date(Date.now() + retryDelaySeconds(row.attempts) * 1000) : null,
      )
    }
  }

  /**
   * Applies claimed events, each chat's in arrival order. Chats made only of new messages go
   * through the set-based batch; the others, and a batch that failed, event by event with the
   * chats in parallel.
   */
  async function processBatch(rows: InboundEventRow[]) {
    const connectionsById = new Map<number, ConnectionRow | undefined>()
    const chats = new Map<string, ChatEntry[]>()
    for (const row of rows) {
      if (!connectionsById.has(row.connectionId))
        connectionsById.set(
          row.connectionId,
          await connectionsRepository(deps.db).findById(row.companyId, row.connectionId),
        )
      const connection = connectionsById.get(row.connectionId)
      let events: InboundEvent[] = []
      try {
        const driver = connection && channels.driverFor(connection.channel)
        if (connection && driver)
          events = driver.normalize(channels.connectionFor(connection), row.payload)
      } catch (error) {
        deps.log.error({ err: error, eventId: row.id }, 'inbound event could not be read')
        await repo.markFailed(row.id, 'unreadable event', null)
        continue
      }
      const key = chatKey(row, events)
      const chat = chats.get(key)
      if (chat) chat.push({ row, connection, events })
      else chats.set(key, [{ row, connection, events }])
    }

    const fastChats: BatchRow[][] = []
    const slow: ChatEntry[][] = []
    for (const chat of chats.values()) {
      if (chat.every(batchable)) fastChats.push(chat)
      else slow.push(chat)
    }
    if (fastChats.length > 0) {
      try {
        await batch.apply(fastChats.flat())
      } catch (error) {
        deps.log.warn({ err: error }, 'inbound batch failed: applying its events one by one')
        slow.push(...fastChats)
      }
    }
    await Promise.all(
      slow.map(async (chat) => {
        for (const { row, connection, events } of chat) await processRow(row, connection, events)
      }),
    )
  }

  async function drain() {
    do {
      again = false
      for (;;) {
        const claimedAt = performance.now()
        const rows = await repo.claim(BATCH_SIZE)
        if (rows.length === 0) break
        await settings.snapshot(() => processBatch(rows))
        // Under a steady stream, claims at least GATHER_MS apart let the next batch gather: a
        // batch costs about the same few statements whatever its size, so many small ones cost
        // far more. Counted from the claim, so a batch that took that long waits no more.
        const gathering = GATHER_MS - (performance.now() - claimedAt)
        if (rows.length < BATCH_SIZE && gathering > 0)
          await new Promise((resolve) => setTimeout(resolve, gathering))
      }
    } while (again)
  }

  /** Starts a drain unless one runs; a running drain goes round once more. */
  function kick(): Promise<void> {
    if (draining) {
      again = true
      return draining
    }
    draining = drain()
      .catch((error: unknown) => deps.log.error({ err: error }, 'inbound drain failed'))
      .finally(() => {
        draining = null
      })
    return draining
  }

  // Webhooks arriving together are stored in one statement; each is answered once it is stored.
  const store = groupCommit<Parameters<typeof repo.store>[0][number]>(async (rows) => {
    await repo.store(rows)
  })

  const intake: InboundIntake = {
    async receive(connection, source, payloads) {
      await store(
        payloads.map((payload) => ({
          companyId: connection.companyId,
          connectionId: connection.id,
          source,
          payload: payload as object,
        })),
      )
      void kick()
    },
  }

  return {
    ...intake,
    /** Processes whatever is due now (tests await it; the sweep calls it too). */
    drain: kick,
    /** Tries again the due downloads that failed (the sweep calls it; tests await it). */
    retryDueMedia,
    /** How many stored events of the connection are not applied yet. */
    pendingFor: (connectionId: number) => repo.pendingCount(connectionId),
    /** Resumes events left by a crash and sweeps for due retries. */
    start() {
      sweep ??= setInterval(() => {
        void kick()
        retryDueMedia().catch((error: unknown) =>
          deps.log.error({ err: error }, 'inbound media retry failed'),
        )
      }, SWEEP_INTERVAL_MS)
      sweep.unref()
      void kick()
    },
    async stop() {
      if (sweep) clearInterval(sweep)
      sweep = null
      await draining
    },
  }
}

export type InboundService = ReturnType<typeof createInboundService>
