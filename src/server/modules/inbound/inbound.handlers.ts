import { formatCallTime } from '@shared/dates'
import type { CompanySettingValues } from '@shared/contracts/settings'
import type {
  ChatRef,
  InboundEdit,
  InboundEvent,
  InboundMessage,
  InboundRevoke,
  InboundStatus,
  InboundWatermark,
} from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { CompaniesService } from '../companies/companies.service'
import type { ConnectionRow } from '../connections/connections.table'
import { contactsRepository } from '../contacts/contacts.repository'
import type { ContactRow } from '../contacts/contacts.table'
import type { MessageReaction } from '../messages/messages.table'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore } from '../tickets/tickets.core'
import {
  contactChannelOf,
  contactIdentity,
  idsWithNumbers,
  newMessageValues,
} from './inbound.batch'
import type { ReceivedMedia } from './inbound.content'
import type { MediaRetry, MediaSource } from './inbound.media'
import type { SeenContact } from './inbound.profiles'
import { inboundRepository } from './inbound.repository'
import type { BotReader, InboundMediaStore, MessageEvents, ReplyListener } from './inbound.types'

/**
 * An event that cannot be applied yet, e.g. the delivery report of a message whose send has not
 * recorded its provider id: the raw event is tried again shortly.
 */
export class NotYet extends Error {}

/** Our own sends may be echoed before the sender records their id: wait this many tries. */
const ECHO_WAIT_ATTEMPTS = 3
const STATUS_WAIT_ATTEMPTS = 6
const DELETED_BODY = '🚫 _Mensagem Apagada_'

/** An event's connection and driver, and how often its stored row was tried already. */
export interface HandlerContext extends MediaSource {
  attempts: number
}

/**
 * The pipeline's event-by-event path (ARCHITECTURE.md, "Batches"): delivery reports, edits,
 * revokes, reactions, echoes of our sends, LID-only chats, and any batch the set-based path
 * (`inbound.batch.ts`) could not apply. A new message here becomes the same rows as there.
 */
export function createInboundHandlers(
  deps: CoreDeps,
  collaborators: {
    ticketCore: TicketCore
    settings: SettingsService
    companies: CompaniesService
    media: Pick<InboundMediaStore, 'remove'>
    messageEvents: MessageEvents
    receiveMedia: (
      source: MediaSource,
      content: InboundMessage['content'],
    ) => Promise<ReceivedMedia>
    contactCreated: (contact: ContactRow) => Promise<void>
    /** Queues the second try of failed downloads, in the transaction that stores them. */
    scheduleMediaRetries: (executor: Executor, retries: MediaRetry[]) => Promise<void>
    /** Queues the profile lookups of contacts that need one, in the same transaction. */
    scheduleProfiles: (executor: Executor, seen: SeenContact[]) => Promise<void>
    bot: BotReader
    replies: ReplyListener
  },
) {
  const {
    ticketCore,
    settings,
    companies,
    media,
    messageEvents,
    receiveMedia,
    contactCreated,
    scheduleMediaRetries,
    scheduleProfiles,
    bot,
    replies,
  } = collaborators
  const repo = inboundRepository(deps.db)

  /** The contact a chat reference stands for, found by LID or upserted by number. */
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
    await inboundRepository(tx).adoptNumbers(connection.companyId, idsWithNumbers([ref]))
    return contacts.upsert(connection.companyId, contactIdentity(connection, ref, company))
  }

  async function handleMessage(context: HandlerContext, event: InboundMessage) {
    const { connection } = context
    const companyId = connection.companyId
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
      await scheduleProfiles(tx, [{ connection, contact: chat.row }])
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
      const ears = await bot.listening(tx, connection, [found.ticket])
      const values = newMessageValues({
        connection,
        event,
        media: received,
        callTime,
        ticketId: found.ticket.id,
        senderId: sender.id,
        quotedMsgId: quoted?.id ?? null,
        botHears: (mediaType) => ears(found.ticket, mediaType, sender),
      })
      const message = await txRepo.insertMessage(values)
      if (!message) return null
      if (!event.fromMe && !event.imported && !event.chat.isGroup)
        await replies.heard(tx, connection, [chat.row.number], event.timestamp)
      if (received.missing?.reason === 'failed')
        await scheduleMediaRetries(tx, [
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
    for (const contact of result.created) await contactCreated(contact)
    if (event.imported) return
    const presented = await messageEvents.emitCreated(companyId, [result.message.id])
    await ticketCore.emitUpdated(
      companyId,
      result.found.ticket.id,
      result.found.before,
      presented ?? undefined,
    )
  }

  /**
   * A contact's reaction: stored as a reactionMessage row of its own provider id, and kept on the
   * reacted message when it is the person's newest. Meta redelivers events and does not keep
   * their order: a reaction seen before changes nothing (it would undo a later removal), and an
   * older one arriving late is stored without replacing the newer one.
   */
  async function handleReaction(context: HandlerContext, event: InboundMessage) {
    if (event.content.kind !== 'reaction') return
    const { connection } = context
    const { targetProviderId, emoji } = event.content
    if (!(await repo.findMessageByWid(connection.id, targetProviderId))) return
    const company = await settings.companyValues(connection.companyId)
    const result = await deps.db.transaction(async (tx) => {
      const txRepo = inboundRepository(tx)
      await txRepo.lockChat(connection.companyId, connection.id, event.chat.id)
      const target = await txRepo.findMessageByWid(connection.id, targetProviderId)
      if (!target) return null
      const contact = await upsertContact(tx, connection, event.sender ?? event.chat, company)
      const stored = await txRepo.insertMessage({
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
      if (!stored) return null
      const newest = await txRepo.latestReactionId(target, {
        contactId: contact.row.id,
        fromMe: event.fromMe,
      })
      if (newest !== stored.id) return { target: null, stored }
      const others = target.reactions.filter((reaction) => reaction.contactId !== contact.row.id)
      const reactions: MessageReaction[] = emoji
        ? [...others, { type: emoji, userId: null, contactId: contact.row.id }]
        : others
      await txRepo.updateMessage(target.id, { reactions })
      return { target, stored }
    })
    if (!result) return
    if (result.target) await messageEvents.emitUpdated(connection.companyId, [result.target.id])
    await messageEvents.emitCreated(connection.companyId, [result.stored.id])
  }

  async function handleStatus(context: HandlerContext, event: InboundStatus) {
    const known = await messageEvents.applyDeliveryStatus(
      context.connection.id,
      event.providerId,
      event.ack,
      event.error,
      event.reference,
    )
    if (!known && context.attempts < STATUS_WAIT_ATTEMPTS) throw new NotYet('status before send')
  }

  /** Everything of ours in the chat up to the watermark reached its ack (only ever raised). */
  async function handleWatermark(context: HandlerContext, event: InboundWatermark) {
    const { connection } = context
    const contact = await contactsRepository(deps.db).findByNumber(
      connection.companyId,
      contactChannelOf(connection),
      [event.chat.id],
    )
    if (!contact) return
    const raised = await repo.raiseAcksUpTo(connection, contact.id, event.upTo, event.ack)
    if (raised.length > 0) await messageEvents.emitUpdated(connection.companyId, raised)
  }

  async function handleEdit(context: HandlerContext, event: InboundEdit) {
    const { connection } = context
    const message = await repo.findMessageByWid(connection.id, event.providerId)
    if (!message || message.body === event.body) return
    await repo.updateMessage(message.id, { body: event.body, isEdited: true })
    await messageEvents.emitUpdated(connection.companyId, [message.id])
  }

  async function handleRevoke(context: HandlerContext, event: InboundRevoke) {
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

  /** Applies one normalised event; `NotYet` asks the worker to try it again shortly. */
  function handle(context: HandlerContext, event: InboundEvent): Promise<void> {
    switch (event.type) {
      case 'message':
        return handleMessage(context, event)
      case 'status':
        return handleStatus(context, event)
      case 'watermark':
        return handleWatermark(context, event)
      case 'edit':
        return handleEdit(context, event)
      case 'revoke':
        return handleRevoke(context, event)
    }
  }

  return { handle }
}

export type InboundHandlers = ReturnType<typeof createInboundHandlers>
