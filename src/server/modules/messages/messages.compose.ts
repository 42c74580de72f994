import type { RequestContext } from '@server/context'
import { randomUUID } from 'node:crypto'
import { posix } from 'node:path'
import { ACK, type MessageDto } from '@shared/contracts/messages'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import { webmOpusToOgg, WebmToOggError } from '@server/lib/webm-to-ogg'
import type { CompaniesService } from '../companies/companies.service'
import type { MediaService, StoredFile } from '../media/media.service'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore, TicketPresentation } from '../tickets/tickets.core'
import type { TicketRow } from '../tickets/tickets.table'
import { assertMayWrite, assertWindowOpen, type MessageAccess } from './messages.access'
import type { MessageEvents } from './messages.events'
import {
  messagesRepository,
  type MessageInsert,
  type ReadReceipt,
  type TicketContext,
} from './messages.repository'
import type { MessageRow } from './messages.table'
import type { OutboundSender } from './outbound.sender'
import type { AutomaticChange, WriteResult } from './outbound.types'
import { renderTemplate } from './messages.template'
import { buildVCard, parseVCard, type ContactCard } from './messages.vcard'

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

export const MAX_UPLOAD_FILES = 10
const DEFAULT_UPLOAD_MB = 20
/** file-type names every WebM `video/webm`, voice notes included; the remux tells them apart. */
const WEBM_TYPES = new Set(['audio/webm', 'video/webm'])

/** What a ticket list shows for an outgoing message. */
function summaryOf(row: Pick<MessageRow, 'body' | 'mediaType' | 'mediaName'>): string {
  if (row.mediaType === 'contactMessage') return parseVCard(row.body)?.name ?? row.body
  return row.body || row.mediaName || ''
}

/**
 * Composing outgoing messages (reference §9 "Send"): the attendant's draft becomes rows (one per
 * file, else a card or a text, templates rendered), stored with the ticket's last message in one
 * transaction, then announced and queued for the ordered sender. Chromium's WebM voice notes are
 * stored again as Ogg first.
 */
export function createMessageComposer(
  deps: CoreDeps,
  collaborators: {
    settings: SettingsService
    media: MediaService
    companies: CompaniesService
    ticketCore: TicketCore
    events: MessageEvents
    sender: OutboundSender
    access: MessageAccess
    /** Unread messages were marked read: `updateUnread` and the contact's read receipts. */
    announceRead: (ticket: TicketRow, receipts: ReadReceipt[]) => Promise<void>
  },
) {
  const { settings, media, companies, ticketCore, events, sender, access, announceRead } =
    collaborators
  const repo = messagesRepository(deps.db)

  /** Template variables of quick replies (reference §9.7), rendered for the ticket. */
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

  /** The ticket with its contact, connection and names; ERR_NO_TICKET_FOUND if it is gone. */
  async function ticketContext(companyId: number, ticketId: number) {
    const context = await repo.ticketContext(companyId, ticketId)
    if (!context) throw new AppError('ERR_NO_TICKET_FOUND')
    return context
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

  /**
   * `writeOutgoing` of the server's own rows (never an attendant's: no unread to clear) for many
   * tickets of one company, in a fixed number of statements: one insert, one move of the
   * tickets' last messages. Answers each batch's result, in order.
   */
  async function writeOutgoingMany(
    tx: Executor,
    companyId: number,
    batches: { ticket: TicketRow; rows: MessageInsert[] }[],
    now: Date,
  ): Promise<WriteResult[]> {
    const txRepo = messagesRepository(tx)
    const all = batches.flatMap(({ rows }) => rows)
    const inserted = all.length > 0 ? await txRepo.insert(all) : []
    const byKey = new Map(inserted.map((row) => [row.idempotencyKey, row]))
    const results = batches.map(({ rows }) => ({
      inserted: rows.flatMap((row) => byKey.get(row.idempotencyKey ?? null) ?? []),
      existing: [] as MessageRow[],
      unreadCleared: false,
      receipts: [],
    }))
    const repeated = batches.flatMap(({ rows }, index) =>
      results[index]!.inserted.length === 0
        ? rows.flatMap((row) => (row.idempotencyKey ? [row.idempotencyKey] : []))
        : [],
    )
    if (repeated.length > 0) {
      const existing = await txRepo.findByIdempotencyKeys(companyId, repeated)
      for (const [index, { ticket }] of batches.entries())
        if (results[index]!.inserted.length === 0)
          results[index]!.existing = existing.filter((row) => row.ticketId === ticket.id)
    }
    const lastShown = new Map<number, MessageRow>()
    for (const row of inserted) if (!row.isPrivate) lastShown.set(row.ticketId, row)
    await txRepo.touchTickets(
      companyId,
      [...lastShown].map(([ticketId, row]) => ({
        ticketId,
        body: summaryOf(row),
        fromMe: true,
        at: now,
        resetUnread: false,
        addUnread: 0,
        lastInboundAt: null,
      })),
    )
    return results
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
    if (result.unreadCleared) await announceRead(ticket, result.receipts)
    if (inserted.some((row) => row.sendStatus === 'queued') && ticket.whatsappId !== null)
      sender.kick(ticket.whatsappId)
  }

  /**
   * After the commit of changes to tickets of one company with the automatic texts they stored
   * (the bot's, its timers'): the texts' events (each ticket presented once for all), each
   * ticket's move (a close first takes it out of the open lists), then the senders.
   */
  async function announceChanges(companyId: number, changes: AutomaticChange[]) {
    const inserted = changes.flatMap(({ written }) => written.inserted)
    const presented =
      inserted.length > 0
        ? await events.emitCreatedMany(
            companyId,
            inserted.map((row) => row.id),
          )
        : new Map<number, TicketPresentation>()
    const unpresented = changes
      .map(({ after }) => after.id)
      .filter((ticketId) => !presented.has(ticketId))
    if (unpresented.length > 0)
      for (const [ticketId, presentation] of await ticketCore.presentManyForAudiences(
        companyId,
        unpresented,
      ))
        presented.set(ticketId, presentation)
    for (const { before, after } of changes) {
      if (after.status === 'closed' && before.status !== 'closed')
        ticketCore.emitDeleted(companyId, before)
      const presentation = presented.get(after.id)
      if (presentation) await ticketCore.emitUpdated(companyId, after.id, before, presentation)
    }
    const sending = inserted.flatMap((row) =>
      row.sendStatus === 'queued' && row.whatsappId !== null ? [row.whatsappId] : [],
    )
    for (const connectionId of new Set(sending)) sender.kick(connectionId)
  }

  /** `writeOutgoing` in a transaction of its own, then `announce`: the server's own messages. */
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
      const ogg = await webmOpusToOgg(await media.readFile(companyId, file.path))
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

  /** Bytes one uploaded file may have: the platform's downloadLimit (MB). */
  async function uploadLimitBytes(): Promise<number> {
    const megabytes = Number(await settings.globalValue('downloadLimit'))
    return (
      (Number.isFinite(megabytes) && megabytes > 0 ? megabytes : DEFAULT_UPLOAD_MB) * 1024 * 1024
    )
  }

  /**
   * POST /messages/{ticketId}. `readInput` runs once the caller may write on the ticket, so
   * files of a refused request are never stored. A repeated idempotency key answers the
   * message stored the first time.
   */
  async function send(
    ctx: RequestContext,
    ticketRef: string,
    readInput: () => Promise<SendInput>,
  ): Promise<MessageDto> {
    const ticket = await access.visibleTicket(ctx, ticketRef)
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
    return events.presentOne(ctx.companyId, first.id)
  }

  return {
    send,
    uploadLimitBytes,
    render,
    writeOutgoing,
    writeOutgoingMany,
    announce,
    announceChanges,
    storeOutgoing,
  }
}

export type MessageComposer = ReturnType<typeof createMessageComposer>
