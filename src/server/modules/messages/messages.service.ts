import type { RequestContext } from '@server/context'
import { randomUUID } from 'node:crypto'
import { posix } from 'node:path'
import { Type } from '@sinclair/typebox'
import {
  ACK,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGE_PAGE_SIZE,
  type MessageDto,
  type MessageList,
} from '@shared/contracts/messages'
import type { TicketConflict } from '@shared/contracts/tickets'
import { isErrorCode } from '@shared/errors'
import { canViewDashboard, isAdmin } from '@shared/permissions'
import type { ChannelRegistry } from '@server/channels/registry'
import { ChannelError } from '@server/channels/types'
import { DEFAULT_OPENAI_API_URL } from '@server/config'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import { parseIdList } from '@server/lib/id-list'
import { CursorId, keysetCursor, type KeysetCursor } from '@server/lib/keyset-cursor'
import { webmOpusToOgg, WebmToOggError } from '@server/lib/webm-to-ogg'
import type { CompaniesService } from '../companies/companies.service'
import type { MediaService, StoredFile } from '../media/media.service'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore } from '../tickets/tickets.core'
import type { TicketRow } from '../tickets/tickets.table'
import { createMessageEvents } from './messages.events'
import {
  messagesRepository,
  type HistoryCursor,
  type MessageInsert,
  type ReadReceipt,
  type TicketContext,
} from './messages.repository'
import type { MessageRow } from './messages.table'
import type { AutomaticMessages } from './outbound.types'
import { chatOf, createOutboundSender } from './outbound.sender'
import { renderTemplate } from './template'
import { transcribeAudio } from './transcription'
import { buildVCard, parseVCard, type ContactCard } from './vcard'
import {
  canActOnTicket,
  canSeeTicket,
  historyScope,
  readsOnView,
  type TicketViewer,
} from './visibility'

/** POST /messages/{ticketId}, once read from JSON or multipart. */
export interface SendInput {
  body: string
  /** One caption per file when the client sent several bodies; else `body` captions them all. */
  captions: string[]
  isPrivate: boolean
  quotedMsgId: number | null
  vCard: ContactCard | null
  idempotencyKey: string | null
  /** Already stored in the company's media; removed again if the message is refused. */
  files: StoredFile[]
}

/** An active ticket of the forward's target contact is held by someone else (000 §4). */
export class TicketConflictError extends Error {
  override name = 'TicketConflictError'
  constructor(readonly conflict: TicketConflict) {
    super('ERR_OTHER_OPEN_TICKET')
  }
}

export const MAX_UPLOAD_FILES = 10
const DEFAULT_UPLOAD_MB = 20
/** Facebook and Instagram accept replies for 24 hours after the contact's last message. */
const META_WINDOW_MS = 24 * 60 * 60 * 1000
const TEXT_TYPES = new Set(['conversation', 'extendedTextMessage'])
const FILE_TYPES = new Set(['image', 'audio', 'video', 'application', 'text'])
const TICKET_REF = /^(?:(\d{1,10})|([0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}))$/
/** file-type names every WebM `video/webm`, voice notes included; the remux tells them apart. */
const WEBM_TYPES = new Set(['audio/webm', 'video/webm'])

interface Collaborators {
  channels: ChannelRegistry
  settings: SettingsService
  media: MediaService
  ticketCore: TicketCore
  companies: CompaniesService
}

/** The position after a page of a conversation's history. */
const historyCursor: KeysetCursor<HistoryCursor> = keysetCursor({
  /** `createdAt` in UTC with microseconds, without a zone (see `cursorAt` in the repository). */
  at: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}$' }),
  id: CursorId,
})

/** What a ticket list shows for an outgoing message. */
function summaryOf(row: Pick<MessageRow, 'body' | 'mediaType' | 'mediaName'>): string {
  if (row.mediaType === 'contactMessage') return parseVCard(row.body)?.name ?? row.body
  return row.body || row.mediaName || ''
}

/** The contact channel each connection channel talks to. */
const contactChannelOf = (channel: TicketRow['channel']) =>
  channel === 'whatsappapi' ? 'whatsapp' : channel

/**
 * Messages (reference §9): the history across a contact's tickets, sending (stored first, then
 * queued for the ordered sender), edits, deletes, reactions, forwards, read marks, counts,
 * transcription, and the server's own automatic texts and private notes.
 */
export function createMessagesService(deps: CoreDeps, collaborators: Collaborators) {
  const { channels, settings, media, ticketCore, companies } = collaborators
  const repo = messagesRepository(deps.db)
  const events = createMessageEvents(deps, { media, ticketCore })
  const sender = createOutboundSender(deps, { channels, media, events })

  const viewerOf = (ctx: RequestContext): TicketViewer => ctx.user

  function parseTicketRef(ref: string): { id: number } | { uuid: string } | null {
    const match = TICKET_REF.exec(ref)
    if (!match) return null
    if (match[2]) return { uuid: match[2].toLowerCase() }
    const id = Number(match[1])
    return id >= 1 && id <= 2_147_483_647 ? { id } : null
  }

  /** The ticket by id or uuid, if the caller may see it; otherwise it does not exist for him. */
  async function visibleTicket(ctx: RequestContext, ref: string): Promise<TicketRow> {
    const parsed = parseTicketRef(ref)
    const ticket = parsed ? await repo.findTicket(ctx.companyId, parsed) : null
    if (!ticket || !canSeeTicket(viewerOf(ctx), ticket)) throw new AppError('ERR_NO_TICKET_FOUND')
    return ticket
  }

  async function visibleMessage(ctx: RequestContext, id: number) {
    const message = await repo.findById(ctx.companyId, id)
    const ticket = message ? await repo.findTicket(ctx.companyId, { id: message.ticketId }) : null
    if (!message || !ticket || !canSeeTicket(viewerOf(ctx), ticket))
      throw new AppError('ERR_NO_MESSAGE_FOUND')
    return { message, ticket }
  }

  /** Writing on a ticket: only open or group tickets, and only those the caller may act on. */
  function assertMayWrite(ctx: RequestContext, ticket: TicketRow) {
    if (ticket.status !== 'open' && ticket.status !== 'group')
      throw new AppError('ERR_NO_PERMISSION')
    if (!canActOnTicket(viewerOf(ctx), ticket)) throw new AppError('ERR_NO_PERMISSION')
  }

  function assertWindowOpen(ticket: TicketRow) {
    if (ticket.channel !== 'facebook' && ticket.channel !== 'instagram') return
    const last = ticket.lastInboundAt?.getTime()
    if (last === undefined || Date.now() - last > META_WINDOW_MS)
      throw new AppError('ERR_MESSAGING_WINDOW_CLOSED')
  }

  async function one(companyId: number, id: number): Promise<MessageDto> {
    const [dto] = await events.present(companyId, [id])
    if (!dto) throw new AppError('ERR_NO_MESSAGE_FOUND')
    return dto
  }

  async function render(companyId: number, context: TicketContext, text: string) {
    if (!text.includes('{{')) return text
    const company = await companies.context(companyId)
    return renderTemplate(
      text,
      {
        contactName: context.contact.name,
        ticketId: context.ticket.id,
        userName: context.userName,
        queueName: context.queueName,
        connectionName: context.connection?.name ?? '',
        companyName: company?.name ?? '',
      },
      { now: new Date(), timeZone: company?.timezone ?? deps.defaultTimeZone },
    )
  }

  async function ticketContext(companyId: number, ticketId: number) {
    const context = await repo.ticketContext(companyId, ticketId)
    if (!context) throw new AppError('ERR_NO_TICKET_FOUND')
    return context
  }

  /** The ticket's driver and where its messages go; the driver call itself is `callDriver`. */
  async function driverOf(companyId: number, ticket: TicketRow) {
    const context = await ticketContext(companyId, ticket.id)
    if (!context.connection) throw new AppError('ERR_NO_WAPP_FOUND')
    const driver = channels.driverFor(context.connection.channel)
    if (!driver) throw new AppError('ERR_WAPP_NOT_INITIALIZED')
    return {
      driver,
      connection: channels.connectionFor(context.connection),
      chat: chatOf(context.contact),
    }
  }

  /** A provider failure answers its catalogue code, else the operation's own. */
  async function callDriver(
    operation: () => Promise<void>,
    fallback: 'ERR_EDITING_WAPP_MSG' | 'ERR_DELETE_WAPP_MSG' | 'ERR_SENDING_WAPP_REACTION',
  ) {
    try {
      await operation()
    } catch (error) {
      deps.log.warn({ err: error }, 'channel operation failed')
      throw new AppError(
        error instanceof ChannelError && isErrorCode(error.code) ? error.code : fallback,
      )
    }
  }

  /** Read receipts are a courtesy to the contact: a failure is logged, never answered. */
  async function sendReceipts(companyId: number, ticket: TicketRow, receipts: ReadReceipt[]) {
    if (receipts.length === 0) return
    try {
      const context = await repo.ticketContext(companyId, ticket.id)
      if (!context?.connection) return
      const driver = channels.driverFor(context.connection.channel)
      if (!driver?.markRead) return
      await driver.markRead(
        channels.connectionFor(context.connection),
        chatOf(context.contact),
        receipts.map((receipt) => receipt.wid),
      )
    } catch (error) {
      deps.log.warn({ err: error, ticketId: ticket.id }, 'read receipts failed')
    }
  }

  /**
   * Mark-read (reference §9): received messages read, unread 0, `updateUnread`, and receipts to
   * the contact — only for the holder of an open ticket or a group viewer.
   */
  async function markRead(ctx: RequestContext, ticket: TicketRow) {
    if (!readsOnView(viewerOf(ctx), ticket) || ticket.unreadMessages === 0) return
    const receipts = await deps.db.transaction((tx) =>
      messagesRepository(tx).markTicketRead(ctx.companyId, ticket.id),
    )
    ticketCore.emitUnreadCleared(ctx.companyId, ticket)
    await sendReceipts(ctx.companyId, ticket, receipts)
  }

  interface WriteResult {
    inserted: MessageRow[]
    /** The rows of a repeated idempotency key: nothing new was stored. */
    existing: MessageRow[]
    /** The ticket's unread messages were marked read (an attendant answered). */
    unreadCleared: boolean
    receipts: ReadReceipt[]
  }

  /**
   * Stores outgoing rows and, unless they are private notes, moves the ticket's last message
   * (and for an attendant's message clears its unread) in the caller's transaction.
   */
  async function writeOutgoing(
    tx: Executor,
    ticket: TicketRow,
    rows: MessageInsert[],
    options: { resetUnread: boolean },
  ): Promise<WriteResult> {
    const txRepo = messagesRepository(tx)
    const inserted = await txRepo.insert(rows)
    if (inserted.length === 0) {
      const keys = rows.flatMap((row) => (row.idempotencyKey ? [row.idempotencyKey] : []))
      return {
        inserted,
        existing: await txRepo.findByIdempotencyKeys(ticket.companyId, keys),
        unreadCleared: false,
        receipts: [],
      }
    }
    if (inserted.some((row) => !row.isPrivate)) {
      await txRepo.touchTicket(ticket.companyId, ticket.id, {
        lastMessage: summaryOf(inserted.at(-1)!),
        resetUnread: options.resetUnread,
      })
    }
    const unreadCleared = options.resetUnread && ticket.unreadMessages > 0
    const receipts = unreadCleared ? await txRepo.markTicketRead(ticket.companyId, ticket.id) : []
    return { inserted, existing: [], unreadCleared, receipts }
  }

  /** After the commit: events, read receipts and the sender. */
  async function announce(ticket: TicketRow, result: WriteResult) {
    const { inserted } = result
    if (inserted.length === 0) return
    await events.emitCreated(
      ticket.companyId,
      inserted.map((row) => row.id),
    )
    if (inserted.some((row) => !row.isPrivate))
      await ticketCore.emitUpdated(ticket.companyId, ticket.id)
    if (result.unreadCleared) {
      ticketCore.emitUnreadCleared(ticket.companyId, ticket)
      await sendReceipts(ticket.companyId, ticket, result.receipts)
    }
    if (inserted.some((row) => row.sendStatus === 'queued') && ticket.whatsappId !== null)
      sender.kick(ticket.whatsappId)
  }

  async function storeOutgoing(
    ticket: TicketRow,
    rows: MessageInsert[],
    options: { resetUnread: boolean },
  ): Promise<WriteResult> {
    const result = await deps.db.transaction((tx) => writeOutgoing(tx, ticket, rows, options))
    await announce(ticket, result)
    return result
  }

  /** The rows of one POST /messages/{ticketId}: one per file, else a card or a text. */
  async function draftRows(
    ctx: RequestContext,
    ticket: TicketRow,
    input: SendInput,
  ): Promise<MessageInsert[]> {
    const hasContent = input.files.length > 0 || input.vCard !== null || input.body.trim() !== ''
    if (!hasContent) throw new AppError('ERR_EMPTY_MESSAGE')
    if (!input.isPrivate) {
      assertWindowOpen(ticket)
      if (ticket.whatsappId === null) throw new AppError('ERR_NO_WAPP_FOUND')
    }
    if (input.quotedMsgId !== null) {
      const quoted = await repo.findInConversation(ctx.companyId, input.quotedMsgId, ticket)
      if (!quoted) throw validationError('quotedMsg')
    }
    // Agent texts may use the template variables of quick replies (reference §9.7).
    let context: Promise<TicketContext> | undefined
    const text = async (value: string) => {
      if (input.isPrivate || !value.includes('{{')) return value
      context ??= ticketContext(ctx.companyId, ticket.id)
      return render(ctx.companyId, await context, value)
    }
    const key = input.idempotencyKey ?? randomUUID()
    const base = (index: number): MessageInsert => ({
      companyId: ctx.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      userId: ctx.user.id,
      fromMe: true,
      read: true,
      isPrivate: input.isPrivate,
      // Private notes are never sent; the family shows them as delivered.
      ack: input.isPrivate ? ACK.delivered : ACK.pending,
      sendStatus: input.isPrivate ? null : 'queued',
      quotedMsgId: index === 0 ? input.quotedMsgId : null,
      idempotencyKey: index === 0 ? key : `${key}:${index}`,
    })
    if (input.files.length > 0) {
      return Promise.all(
        input.files.map(async (file, index) => ({
          ...base(index),
          body: await text(input.captions[index] ?? input.body),
          mediaType: file.kind,
          mediaPath: file.path,
          mediaName: file.name,
          mediaMime: file.mime,
        })),
      )
    }
    if (input.vCard)
      return [{ ...base(0), body: buildVCard(input.vCard), mediaType: 'contactMessage' }]
    return [
      {
        ...base(0),
        body: await text(input.body),
        mediaType: input.isPrivate ? 'extendedTextMessage' : 'conversation',
      },
    ]
  }

  async function removeFiles(companyId: number, files: StoredFile[]) {
    await Promise.all(files.map((file) => media.remove(companyId, file.path)))
  }

  /**
   * Voice notes recorded by Chromium (the desktop app) are WebM/Opus, which WhatsApp neither
   * plays as a voice note (Baileys) nor accepts as audio (Cloud API): the same Opus packets are
   * stored again in Ogg. On any failure the WebM is kept and sent as it is.
   */
  async function asOggVoiceNote(companyId: number, file: StoredFile): Promise<StoredFile> {
    if (!WEBM_TYPES.has(file.mime.split(';')[0]!.trim())) return file
    let stored: StoredFile
    try {
      const ogg = webmOpusToOgg(await media.readFile(companyId, file.path))
      stored = await media.saveFile(companyId, posix.dirname(file.path), ogg, {
        maxBytes: ogg.length,
        originalName: file.name.replace(/\.webm$/i, '') + '.ogg',
      })
    } catch (error) {
      // A real video is expected here, not a failure.
      if (error instanceof WebmToOggError && error.code === 'HAS_VIDEO') return file
      deps.log.warn({ err: error, path: file.path }, 'WebM upload kept: no remux to Ogg/Opus')
      return file
    }
    // A leftover WebM only costs disk; the message goes out as Ogg either way.
    await media.remove(companyId, file.path).catch((error: unknown) => {
      deps.log.warn({ err: error, path: file.path }, 'WebM upload not removed after its remux')
    })
    return stored
  }

  const automatic: AutomaticMessages = {
    async sendAutomaticText(companyId, ticketId, body) {
      if (body.trim() === '') return
      const context = await repo.ticketContext(companyId, ticketId)
      if (!context) return
      if (context.ticket.whatsappId === null) {
        deps.log.warn({ ticketId }, 'automatic text skipped: the ticket has no connection')
        return
      }
      const text = await render(companyId, context, body)
      if (text.trim() === '') return
      await storeOutgoing(
        context.ticket,
        [
          {
            companyId,
            ticketId,
            whatsappId: context.ticket.whatsappId,
            userId: null,
            isAutomatic: true,
            fromMe: true,
            read: true,
            ack: ACK.pending,
            sendStatus: 'queued',
            body: text,
            mediaType: 'conversation',
            idempotencyKey: randomUUID(),
          },
        ],
        { resetUnread: false },
      )
    },

    async addPrivateNote(companyId, ticketId, userId, body) {
      if (body.trim() === '') return
      const ticket = await repo.findTicket(companyId, { id: ticketId })
      if (!ticket) return
      await storeOutgoing(
        ticket,
        [
          {
            companyId,
            ticketId,
            whatsappId: ticket.whatsappId,
            userId,
            fromMe: true,
            read: true,
            isPrivate: true,
            ack: ACK.delivered,
            body,
            mediaType: 'extendedTextMessage',
            idempotencyKey: randomUUID(),
          },
        ],
        { resetUnread: false },
      )
    },
  }

  return {
    ...automatic,
    sender,
    present: events.present,
    emitCreated: events.emitCreated,
    emitCreatedMany: events.emitCreatedMany,
    emitUpdated: events.emitUpdated,

    /** Bytes one uploaded file may have: the platform's downloadLimit (MB). */
    async uploadLimitBytes(): Promise<number> {
      const megabytes = Number(await settings.globalValue('downloadLimit'))
      return (
        (Number.isFinite(megabytes) && megabytes > 0 ? megabytes : DEFAULT_UPLOAD_MB) * 1024 * 1024
      )
    },

    /** GET /messages/{ticketId}: one page of the contact's history; viewing marks it read. */
    async list(
      ctx: RequestContext,
      ticketRef: string,
      query: { pageNumber?: number; cursor?: string; selectedQueues?: string },
    ): Promise<MessageList> {
      const ticket = await visibleTicket(ctx, ticketRef)
      const selected = parseIdList(query.selectedQueues, 'selectedQueues') ?? undefined
      const cursor = query.cursor ? historyCursor.decode(query.cursor) : null
      const ticketIds = await repo.historyTicketIds(
        ctx.companyId,
        ticket,
        historyScope(viewerOf(ctx), ticket, selected),
      )
      const rows = await repo.historyPage(ctx.companyId, ticketIds, {
        limit: MESSAGE_PAGE_SIZE + 1,
        before: cursor,
        offset: cursor ? 0 : ((query.pageNumber ?? 1) - 1) * MESSAGE_PAGE_SIZE,
      })
      const page = rows.slice(0, MESSAGE_PAGE_SIZE)
      const hasMore = rows.length > MESSAGE_PAGE_SIZE
      const last = page.at(-1)
      await markRead(ctx, ticket)
      const [messages, count] = await Promise.all([
        events.present(ctx.companyId, page.map((row) => row.id).reverse()),
        repo.historyCount(ctx.companyId, ticketIds),
      ])
      const [ticketDto] = await ticketCore.present(ctx.companyId, [ticket.id], ctx.user)
      if (!ticketDto) throw new AppError('ERR_NO_TICKET_FOUND')
      return {
        messages,
        ticket: ticketDto,
        count,
        hasMore,
        nextCursor: hasMore && last ? historyCursor.encode(last) : null,
      }
    },

    /**
     * POST /messages/{ticketId}. `readInput` runs once the caller may write on the ticket, so
     * files of a refused request are never stored. A repeated idempotency key answers the
     * message stored the first time.
     */
    async send(
      ctx: RequestContext,
      ticketRef: string,
      readInput: () => Promise<SendInput>,
    ): Promise<MessageDto> {
      const ticket = await visibleTicket(ctx, ticketRef)
      assertMayWrite(ctx, ticket)
      const input = await readInput()
      let result: WriteResult
      try {
        input.files = await Promise.all(
          input.files.map((file) => asOggVoiceNote(ctx.companyId, file)),
        )
        const rows = await draftRows(ctx, ticket, input)
        result = await deps.db.transaction((tx) =>
          writeOutgoing(tx, ticket, rows, { resetUnread: true }),
        )
      } catch (error) {
        await removeFiles(ctx.companyId, input.files)
        throw error
      }
      if (result.inserted.length === 0) await removeFiles(ctx.companyId, input.files)
      await announce(ticket, result)
      const first = result.inserted[0] ?? result.existing[0]
      if (!first) throw new AppError('ERR_CREATING_MESSAGE')
      return one(ctx.companyId, first.id)
    },

    /** POST /messages/{ticketId}/read. */
    async markRead(ctx: RequestContext, ticketRef: string): Promise<void> {
      await markRead(ctx, await visibleTicket(ctx, ticketRef))
    },

    /** Mark-read on view for other routes (GET /tickets/u/{uuid}): the same holder-only rule. */
    markReadOnView: (ctx: RequestContext, ticket: TicketRow) => markRead(ctx, ticket),

    /**
     * POST /messages/edit/{id}: the author's own sent text, within 15 minutes, through the
     * channel's edit (reference §9 "Edit").
     */
    async edit(ctx: RequestContext, id: number, body: string): Promise<MessageDto> {
      const { message, ticket } = await visibleMessage(ctx, id)
      const editable =
        message.fromMe &&
        message.userId === ctx.user.id &&
        !message.isDeleted &&
        !message.isPrivate &&
        TEXT_TYPES.has(message.mediaType)
      if (!editable) throw new AppError('ERR_NO_PERMISSION')
      if (Date.now() - message.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS)
        throw new AppError('ERR_EDIT_WINDOW_CLOSED')
      if (body.trim() === '') throw new AppError('ERR_EMPTY_MESSAGE')
      if (message.sendStatus !== 'sent' || !message.wid) throw new AppError('ERR_EDITING_WAPP_MSG')
      const { driver, connection, chat } = await driverOf(ctx.companyId, ticket)
      if (!driver.edit) throw new AppError('ERR_CHANNEL_UNSUPPORTED')
      const edit = driver.edit.bind(driver)
      const target = { providerId: message.wid, raw: message.dataJson }
      await callDriver(() => edit(connection, chat, target, body), 'ERR_EDITING_WAPP_MSG')
      await repo.update(ctx.companyId, id, { body, isEdited: true })
      if ((await repo.latestId(ctx.companyId, ticket.id)) === id) {
        await repo.setTicketLastMessage(ctx.companyId, ticket.id, body)
        await ticketCore.emitUpdated(ctx.companyId, ticket.id)
      }
      await events.emitUpdated(ctx.companyId, [id])
      return one(ctx.companyId, id)
    },

    /**
     * DELETE /messages/{id}: own messages, or any for admins. A private note is removed; a sent
     * message of ours is revoked for everyone; a received one is hidden here only (no provider
     * lets us delete the contact's copy). A message not yet sent is taken out of the queue.
     */
    async remove(ctx: RequestContext, id: number): Promise<MessageDto> {
      const { message, ticket } = await visibleMessage(ctx, id)
      const own = message.fromMe && message.userId === ctx.user.id
      if (!own && !isAdmin(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      if (message.isPrivate) {
        const dto = await one(ctx.companyId, id)
        await repo.remove(ctx.companyId, id)
        if (message.mediaPath && !(await repo.fileShared(ctx.companyId, message.mediaPath, id)))
          await media.remove(ctx.companyId, message.mediaPath)
        events.emitDeleted(ctx.companyId, ticket, id, dto)
        return dto
      }
      if (message.isDeleted) return one(ctx.companyId, id)
      if (message.fromMe && message.wid) {
        const { driver, connection, chat } = await driverOf(ctx.companyId, ticket)
        if (!driver.revoke) throw new AppError('ERR_CHANNEL_UNSUPPORTED')
        const revoke = driver.revoke.bind(driver)
        const target = { providerId: message.wid, fromMe: true, raw: message.dataJson }
        await callDriver(() => revoke(connection, chat, target), 'ERR_DELETE_WAPP_MSG')
      }
      await repo.update(ctx.companyId, id, {
        isDeleted: true,
        ...(message.sendStatus === 'queued' ? { sendStatus: null } : {}),
      })
      await events.emitUpdated(ctx.companyId, [id])
      return one(ctx.companyId, id)
    },

    /**
     * POST /messages/{id}/reactions: one reaction per user, replaced by a new one and removed by
     * an empty type; sent through the channel unless the message is a private note.
     */
    async react(ctx: RequestContext, id: number, type: string) {
      const { message, ticket } = await visibleMessage(ctx, id)
      assertMayWrite(ctx, ticket)
      if (message.isDeleted) throw new AppError('ERR_NO_PERMISSION')
      if (!message.isPrivate) {
        if (!message.wid) throw new AppError('ERR_FETCH_WAPP_MSG')
        const { driver, connection, chat } = await driverOf(ctx.companyId, ticket)
        if (!driver.react) throw new AppError('ERR_CHANNEL_UNSUPPORTED')
        const react = driver.react.bind(driver)
        const target = { providerId: message.wid, fromMe: message.fromMe, raw: message.dataJson }
        await callDriver(() => react(connection, chat, target, type), 'ERR_SENDING_WAPP_REACTION')
      }
      await deps.db.transaction(async (tx) => {
        const txRepo = messagesRepository(tx)
        const locked = await txRepo.lockById(ctx.companyId, id)
        if (!locked) throw new AppError('ERR_NO_MESSAGE_FOUND')
        const reactions = locked.reactions.filter((reaction) => reaction.userId !== ctx.user.id)
        if (type !== '') reactions.push({ type, userId: ctx.user.id })
        await txRepo.setReactions(ctx.companyId, id, reactions)
      })
      await events.emitUpdated(ctx.companyId, [id])
      const dto = await one(ctx.companyId, id)
      return { message: dto, reactions: dto.reactions }
    },

    /**
     * POST /message/forward: into the target contact's active ticket on the original message's
     * connection (found or created by the one find-or-create routine). A ticket held by someone
     * else answers a conflict instead of being taken over.
     */
    async forward(
      ctx: RequestContext,
      body: { messageId: number; contactId: number; signMessage?: boolean },
    ): Promise<MessageDto> {
      const { message, ticket: origin } = await visibleMessage(ctx, body.messageId)
      const isFile = FILE_TYPES.has(message.mediaType)
      const forwardable =
        !message.isPrivate &&
        !message.isDeleted &&
        (isFile || TEXT_TYPES.has(message.mediaType) || message.mediaType === 'contactMessage')
      if (!forwardable) throw validationError('messageId')
      if (isFile && !message.mediaPath) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA')
      const contact = await repo.findContact(ctx.companyId, body.contactId)
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
      const connection =
        origin.whatsappId === null
          ? null
          : await repo.findConnection(ctx.companyId, origin.whatsappId)
      if (!connection) throw new AppError('ERR_NO_WAPP_FOUND')
      if (contactChannelOf(connection.channel) !== contact.channel)
        throw validationError('contactId')

      const text =
        body.signMessage && !isFile && message.mediaType !== 'contactMessage'
          ? `*${ctx.user.name}:*\n${message.body}`
          : message.body
      const outcome = await deps.db.transaction(async (tx) => {
        const found = await ticketCore.findOrCreateActive(tx, {
          companyId: ctx.companyId,
          contact,
          connection,
          origin: { kind: 'agent', userId: ctx.user.id, queueId: origin.queueId },
        })
        const target = found.ticket
        const mine =
          found.created ||
          target.userId === ctx.user.id ||
          (target.status === 'group' && canActOnTicket(viewerOf(ctx), target))
        if (!mine) return { kind: 'conflict' as const, held: target }
        assertWindowOpen(target)
        const result = await writeOutgoing(
          tx,
          target,
          [
            {
              companyId: ctx.companyId,
              ticketId: target.id,
              whatsappId: target.whatsappId,
              userId: ctx.user.id,
              fromMe: true,
              read: true,
              isForwarded: true,
              ack: ACK.pending,
              sendStatus: 'queued',
              body: isFile && text === message.mediaName ? '' : text,
              mediaType: message.mediaType,
              mediaPath: message.mediaPath,
              mediaName: message.mediaName,
              mediaMime: message.mediaMime,
              idempotencyKey: randomUUID(),
            },
          ],
          { resetUnread: true },
        )
        return { kind: 'stored' as const, target, result }
      })
      if (outcome.kind === 'conflict') {
        const { held } = outcome
        const [dto] = await ticketCore.present(ctx.companyId, [held.id], ctx.user)
        throw new TicketConflictError({
          userId: held.userId,
          user: dto?.user ?? null,
          queue: dto?.queue ?? null,
          uuid: held.uuid,
          status: held.status,
        })
      }
      await announce(outcome.target, outcome.result)
      const [row] = outcome.result.inserted
      if (!row) throw new AppError('ERR_CREATING_MESSAGE')
      return one(ctx.companyId, row.id)
    },

    /** GET /messages-allMe (a dashboard figure): `{count: [{count: "N"}]}`. */
    async countAll(
      ctx: RequestContext,
      query: { fromMe?: boolean | 'true' | 'false'; dateStart?: string; dateEnd?: string },
    ) {
      if (!canViewDashboard(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
      const fromMe =
        query.fromMe === undefined ? undefined : query.fromMe === true || query.fromMe === 'true'
      const total = await repo.countInRange(ctx.companyId, {
        fromMe,
        dateStart: query.dateStart,
        dateEnd: query.dateEnd,
        timeZone: ctx.company.timezone,
      })
      return { count: [{ count: String(total) }] }
    },

    /**
     * GET /messages/transcribeAudio/{fileName}: a received audio of a ticket the caller sees,
     * transcribed once and kept on the row.
     */
    async transcribe(ctx: RequestContext, fileName: string) {
      const apiKey = deps.config.openai?.apiKey
      if (!apiKey) throw new AppError('ERR_TRANSCRIPTION_NOT_CONFIGURED')
      const message = await repo.findReceivedAudio(ctx.companyId, fileName)
      const ticket = message ? await repo.findTicket(ctx.companyId, { id: message.ticketId }) : null
      if (!message?.mediaPath || !ticket || !canSeeTicket(viewerOf(ctx), ticket))
        throw new AppError('ERR_MEDIA_UNAVAILABLE')
      if (message.transcription !== null) return { transcribedText: message.transcription }
      const audio = await media.readFile(ctx.companyId, message.mediaPath)
      const text = await transcribeAudio(
        {
          apiUrl: deps.config.openai?.apiUrl ?? DEFAULT_OPENAI_API_URL,
          apiKey,
          audio,
          fileName: message.mediaName ?? fileName,
          mime: message.mediaMime ?? 'audio/ogg',
        },
        deps.log,
      )
      await repo.update(ctx.companyId, message.id, { transcription: text })
      await events.emitUpdated(ctx.companyId, [message.id])
      return { transcribedText: text }
    },

    /**
     * A delivery report from the channel (inbound pipeline): acks only go up; a failure keeps
     * its code. Answers whether the message is known, so a report that outran the send's
     * bookkeeping can be tried again.
     */
    async applyDeliveryStatus(
      connectionId: number,
      providerId: string,
      ack: 1 | 2 | 3 | 4 | 5 | 'failed',
      errorCode = 'ERR_SENDING_WAPP_MSG',
    ): Promise<boolean> {
      const row =
        ack === 'failed'
          ? await repo.failByProviderId(connectionId, providerId, errorCode)
          : await repo.raiseAck(connectionId, providerId, ack)
      if (row) {
        await events.emitUpdated(row.companyId, [row.id])
        return true
      }
      return repo.existsByProviderId(connectionId, providerId)
    },
  }
}

export type MessagesService = ReturnType<typeof createMessagesService>
