import type { RequestContext } from '@server/context'
import { MESSAGE_EDIT_WINDOW_MS, type MessageDto } from '@shared/contracts/messages'
import { isErrorCode } from '@shared/errors'
import { isAdmin } from '@shared/permissions'
import type { ChannelRegistry } from '@server/channels/registry'
import { ChannelError } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import type { MediaService } from '../media/media.service'
import type { TicketCore } from '../tickets/tickets.core'
import type { TicketRow } from '../tickets/tickets.table'
import { assertMayWrite, assertWindowOpen, type MessageAccess } from './messages.access'
import type { MessageEvents } from './messages.events'
import { messagesRepository } from './messages.repository'
import { TEXT_MEDIA_TYPES } from './messages.table'
import { outboundRepository } from './outbound.repository'
import { chatOf, type OutboundSender } from './outbound.sender'

/**
 * What an attendant does to a stored message through the channel's driver (reference §9): edit
 * his own text, revoke or hide it, react to it. The provider is asked first; the row changes
 * only once it agreed. A failed send is resent through the ordered sender instead.
 */
export function createMessageActions(
  deps: CoreDeps,
  collaborators: {
    channels: ChannelRegistry
    media: MediaService
    ticketCore: TicketCore
    events: MessageEvents
    access: MessageAccess
    sender: OutboundSender
  },
) {
  const { channels, media, ticketCore, events, access, sender } = collaborators
  const repo = messagesRepository(deps.db)

  /** The ticket's driver and where its messages go; the driver call itself is `callDriver`. */
  async function driverOf(companyId: number, ticket: TicketRow) {
    const context = await repo.ticketContext(companyId, ticket.id)
    if (!context) throw new AppError('ERR_NO_TICKET_FOUND')
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

  /**
   * POST /messages/edit/{id}: the author's own sent text, within 15 minutes, through the
   * channel's edit (reference §9 "Edit").
   */
  async function edit(ctx: RequestContext, id: number, body: string): Promise<MessageDto> {
    const { message, ticket } = await access.visibleMessage(ctx, id)
    const editable =
      message.fromMe &&
      message.userId === ctx.user.id &&
      !message.isDeleted &&
      !message.isPrivate &&
      TEXT_MEDIA_TYPES.has(message.mediaType)
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
    return events.presentOne(ctx.companyId, id)
  }

  /**
   * DELETE /messages/{id}: own messages, or any for admins. A private note is removed; a sent
   * message of ours is revoked for everyone; a received one is hidden here only (no provider
   * lets us delete the contact's copy). A message not yet sent is taken out of the queue.
   */
  async function remove(ctx: RequestContext, id: number): Promise<MessageDto> {
    const { message, ticket } = await access.visibleMessage(ctx, id)
    const own = message.fromMe && message.userId === ctx.user.id
    if (!own && !isAdmin(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
    if (message.isPrivate) {
      const dto = await events.presentOne(ctx.companyId, id)
      await repo.remove(ctx.companyId, id)
      if (message.mediaPath && !(await repo.fileShared(ctx.companyId, message.mediaPath, id)))
        await media.remove(ctx.companyId, message.mediaPath)
      events.emitDeleted(ctx.companyId, ticket, id, dto)
      return dto
    }
    if (message.isDeleted) return events.presentOne(ctx.companyId, id)
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
    return events.presentOne(ctx.companyId, id)
  }

  /**
   * POST /messages/{id}/reactions: one reaction per user, replaced by a new one and removed by
   * an empty type; sent through the channel unless the message is a private note.
   */
  async function react(ctx: RequestContext, id: number, type: string) {
    const { message, ticket } = await access.visibleMessage(ctx, id)
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
    const dto = await events.presentOne(ctx.companyId, id)
    return { message: dto, reactions: dto.reactions }
  }

  /**
   * POST /messages/{id}/retry: a message of ours whose send failed (text or media, with its
   * stored file) goes back to the ordered sender with a fresh round of attempts, as the same
   * row, so the contact gets it once. One already queued again is answered as it is.
   */
  async function retrySend(ctx: RequestContext, id: number): Promise<MessageDto> {
    const { message, ticket } = await access.visibleMessage(ctx, id)
    assertMayWrite(ctx, ticket)
    const resendable =
      message.fromMe &&
      !message.isPrivate &&
      !message.isDeleted &&
      (message.sendStatus === 'failed' || message.sendStatus === 'queued')
    if (!resendable) throw new AppError('ERR_MESSAGE_NOT_RESENDABLE')
    if (message.sendStatus === 'queued') return events.presentOne(ctx.companyId, id)
    assertWindowOpen(ticket)
    if (message.whatsappId === null) throw new AppError('ERR_NO_WAPP_FOUND')
    const requeued = await outboundRepository(deps.db).requeueFailed(ctx.companyId, id)
    if (requeued) {
      await events.emitUpdated(ctx.companyId, [id])
      sender.kick(message.whatsappId)
    }
    return events.presentOne(ctx.companyId, id)
  }

  return { edit, remove, react, retrySend }
}
