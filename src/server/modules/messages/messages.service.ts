import type { RequestContext } from '@server/context'
import { randomUUID } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { ACK, MESSAGE_PAGE_SIZE, type MessageList } from '@shared/contracts/messages'
import { canViewDashboard } from '@shared/permissions'
import type { ChannelRegistry } from '@server/channels/registry'
import { DEFAULT_OPENAI_API_URL } from '@server/config'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { parseIdList } from '@server/lib/id-list'
import { CursorId, keysetCursor, type KeysetCursor } from '@server/lib/keyset-cursor'
import type { CompaniesService } from '../companies/companies.service'
import type { MediaService } from '../media/media.service'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore } from '../tickets/tickets.core'
import type { TicketRow } from '../tickets/tickets.table'
import { messageAccess } from './messages.access'
import { createMessageActions } from './messages.actions'
import { createMessageComposer } from './messages.compose'
import { createMessageEvents } from './messages.events'
import { createMessageForwarder } from './messages.forward'
import {
  messagesRepository,
  type HistoryCursor,
  type MessageInsert,
  type ReadReceipt,
} from './messages.repository'
import { renderTemplate } from './messages.template'
import type {
  AutomaticMessages,
  AutomaticText,
  AutomaticWrites,
  WriteResult,
} from './outbound.types'
import { messageIdOfReference } from './outbound.reference'
import { outboundRepository } from './outbound.repository'
import { chatOf, createOutboundSender } from './outbound.sender'
import { transcribeAudio } from './messages.transcription'
import { canSeeTicket, historyScope, readsOnView } from './messages.visibility'

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

/**
 * Messages (reference §9): the history across a contact's tickets, read marks, counts,
 * transcription, and the server's own automatic texts and private notes, with the wiring of
 * composing (`messages.compose.ts`), driver actions (`messages.actions.ts`), forwards
 * (`messages.forward.ts`) and the ordered sender (`outbound.sender.ts`).
 */
export function createMessagesService(deps: CoreDeps, collaborators: Collaborators) {
  const { channels, settings, media, ticketCore, companies } = collaborators
  const repo = messagesRepository(deps.db)
  const access = messageAccess(repo)
  const events = createMessageEvents(deps, { media, ticketCore })
  const sender = createOutboundSender(deps, { channels, media, events })

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

  /** Unread messages were marked read: `updateUnread` to the audience, receipts to the contact. */
  async function announceRead(ticket: TicketRow, receipts: ReadReceipt[]) {
    ticketCore.emitUnreadCleared(ticket.companyId, ticket)
    await sendReceipts(ticket.companyId, ticket, receipts)
  }

  /**
   * Mark-read (reference §9): received messages read, unread 0, `updateUnread`, and receipts to
   * the contact — only for the holder of an open ticket or a group viewer.
   */
  async function markRead(ctx: RequestContext, ticket: TicketRow) {
    if (!readsOnView(ctx.user, ticket) || ticket.unreadMessages === 0) return
    const receipts = await deps.db.transaction((tx) =>
      messagesRepository(tx).markTicketRead(ctx.companyId, ticket.id),
    )
    await announceRead(ticket, receipts)
  }

  const compose = createMessageComposer(deps, {
    settings,
    media,
    companies,
    ticketCore,
    events,
    sender,
    access,
    announceRead,
  })
  const actions = createMessageActions(deps, {
    channels,
    media,
    ticketCore,
    events,
    access,
    sender,
  })
  const { forward } = createMessageForwarder(deps, { ticketCore, events, access, compose })

  /** An automatic text's row: no attendant wrote it, queued for the ordered sender. */
  const automaticRow = (ticket: TicketRow, whatsappId: number, body: string) => ({
    companyId: ticket.companyId,
    ticketId: ticket.id,
    whatsappId,
    userId: null,
    isAutomatic: true,
    fromMe: true,
    read: true,
    ack: ACK.pending,
    sendStatus: 'queued' as const,
    body,
    mediaType: 'conversation',
    idempotencyKey: randomUUID(),
  })

  /**
   * The rows of answers as the ticket's next outgoing messages; blank texts without a file are
   * skipped, and a ticket without a connection gets none.
   */
  function automaticRows(ticket: TicketRow, answers: AutomaticText[]): MessageInsert[] {
    const { whatsappId } = ticket
    if (whatsappId === null) return []
    return answers
      .filter(({ body, attachment }) => attachment || body.trim() !== '')
      .map(({ body, quotedMsgId, attachment, source, sendAfterMs, template }) => ({
        ...automaticRow(ticket, whatsappId, body),
        ...(quotedMsgId !== undefined ? { quotedMsgId } : {}),
        ...(template ? { template } : {}),
        ...source,
        ...(sendAfterMs ? { nextAttemptAt: new Date(Date.now() + sendAfterMs) } : {}),
        ...(attachment
          ? {
              mediaType: attachment.kind,
              mediaPath: attachment.path,
              mediaName: attachment.name,
              mediaMime: attachment.mime,
            }
          : {}),
      }))
  }

  const NOTHING_WRITTEN: WriteResult = {
    inserted: [],
    existing: [],
    unreadCleared: false,
    receipts: [],
  }

  const automatic: AutomaticMessages & AutomaticWrites = {
    async sendAutomaticText(companyId, ticketId, body) {
      if (body.trim() === '') return
      const context = await repo.ticketContext(companyId, ticketId)
      if (!context) return
      const { whatsappId } = context.ticket
      if (whatsappId === null) {
        deps.log.warn({ ticketId }, 'automatic text skipped: the ticket has no connection')
        return
      }
      const text = await compose.render(companyId, context, body)
      if (text.trim() === '') return
      await compose.storeOutgoing(
        context.ticket,
        [automaticRow(context.ticket, whatsappId, text)],
        {
          resetUnread: false,
        },
      )
    },

    async writeAutomaticTexts(tx, ticket, answers) {
      const rows = automaticRows(ticket, answers)
      if (rows.length === 0) return NOTHING_WRITTEN
      return compose.writeOutgoing(tx, ticket, rows, { resetUnread: false })
    },

    async writeTemplatedTexts(tx, companyId, batches, { now, company }) {
      const contexts = new Map(
        (
          await messagesRepository(tx).ticketContexts(
            companyId,
            batches.map(({ ticket }) => ticket.id),
          )
        ).map((context) => [context.ticket.id, context]),
      )
      const rendered = batches.map(({ ticket, answers }) => {
        const context = contexts.get(ticket.id)
        if (!context) return { ticket, rows: [] }
        const values = {
          contactName: context.contact.name,
          ticketId: ticket.id,
          userName: context.userName,
          queueName: context.queueName,
          connectionName: context.connection?.name ?? '',
          companyName: company.name,
        }
        const render = (body: string) =>
          renderTemplate(body, values, { now, timeZone: company.timezone })
        return {
          ticket,
          rows: automaticRows(
            ticket,
            answers.map((answer) => ({ ...answer, body: render(answer.body) })),
          ),
        }
      })
      return compose.writeOutgoingMany(tx, companyId, rendered, now)
    },

    announceAutomatic: compose.announceChanges,

    async addPrivateNote(companyId, ticketId, userId, body) {
      if (body.trim() === '') return
      const ticket = await repo.findTicket(companyId, { id: ticketId })
      if (!ticket) return
      await compose.storeOutgoing(
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
    onMessagesUpdated: events.onUpdated,
    uploadLimitBytes: compose.uploadLimitBytes,
    send: compose.send,
    edit: actions.edit,
    remove: actions.remove,
    react: actions.react,
    retrySend: actions.retrySend,
    forward,

    /** Whether a message shows the stored file, so that its owner keeps it. */
    fileShown: (companyId: number, path: string) => repo.fileShared(companyId, path),

    /** A ticket's message, for the integration it is relayed to. */
    forConversation: (companyId: number, ticketId: number, messageId: number) =>
      repo.findInTicket(companyId, ticketId, messageId),

    /** The ticket's latest messages the contact saw, newest first, for an AI's context. */
    recentOfTicket: (companyId: number, ticketId: number, limit: number) =>
      repo.recentShown(companyId, ticketId, limit),

    /** GET /messages/{ticketId}: one page of the contact's history; viewing marks it read. */
    async list(
      ctx: RequestContext,
      ticketRef: string,
      query: { pageNumber?: number; cursor?: string; selectedQueues?: string },
    ): Promise<MessageList> {
      const ticket = await access.visibleTicket(ctx, ticketRef)
      const selected = parseIdList(query.selectedQueues, 'selectedQueues') ?? undefined
      const cursor = query.cursor ? historyCursor.decode(query.cursor) : null
      const ticketIds = await repo.historyTicketIds(
        ctx.companyId,
        ticket,
        historyScope(ctx.user, ticket, selected),
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

    /** POST /messages/{ticketId}/read. */
    async markRead(ctx: RequestContext, ticketRef: string): Promise<void> {
      await markRead(ctx, await access.visibleTicket(ctx, ticketRef))
    },

    /** Mark-read on view for other routes (GET /tickets/u/{uuid}): the same holder-only rule. */
    markReadOnView: (ctx: RequestContext, ticket: TicketRow) => markRead(ctx, ticket),

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
      if (!message?.mediaPath || !ticket || !canSeeTicket(ctx.user, ticket))
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
      reference?: string,
    ): Promise<boolean> {
      const apply = () =>
        ack === 'failed'
          ? repo.failByProviderId(connectionId, providerId, errorCode)
          : repo.raiseAck(connectionId, providerId, ack)
      const row = await apply()
      if (row) {
        await events.emitUpdated(row.companyId, [row.id])
        return true
      }
      if (await repo.existsByProviderId(connectionId, providerId)) return true
      // Unknown by the provider's id: maybe a send whose answer was lost, named by reference.
      const messageId = reference === undefined ? null : messageIdOfReference(reference)
      if (messageId === null) return false
      const adopted = await outboundRepository(deps.db).adoptSent(
        connectionId,
        messageId,
        providerId,
      )
      if (!adopted) return false
      const raised = (await apply()) ?? adopted
      await events.emitUpdated(raised.companyId, [raised.id])
      return true
    },
  }
}

export type MessagesService = ReturnType<typeof createMessagesService>
