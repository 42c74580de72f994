import type { RequestContext } from '@server/context'
import { randomUUID } from 'node:crypto'
import { ACK, type MessageDto } from '@shared/contracts/messages'
import type { TicketConflict } from '@shared/contracts/tickets'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import type { TicketCore } from '../tickets/tickets.core'
import type { TicketRow } from '../tickets/tickets.table'
import { assertWindowOpen, type MessageAccess } from './messages.access'
import type { MessageComposer } from './messages.compose'
import type { MessageEvents } from './messages.events'
import { messagesRepository } from './messages.repository'
import { TEXT_MEDIA_TYPES } from './messages.table'
import { canActOnTicket } from './messages.visibility'

/** An active ticket of the forward's target contact is held by someone else (000 §4). */
export class TicketConflictError extends Error {
  override name = 'TicketConflictError'
  constructor(readonly conflict: TicketConflict) {
    super('ERR_OTHER_OPEN_TICKET')
  }
}

const FILE_TYPES = new Set(['image', 'audio', 'video', 'application', 'text'])

/** The contact channel each connection channel talks to. */
const contactChannelOf = (channel: TicketRow['channel']) =>
  channel === 'whatsappapi' ? 'whatsapp' : channel

/**
 * POST /message/forward: into the target contact's active ticket on the original message's
 * connection (found or created by the one find-or-create routine). A ticket held by someone
 * else answers a conflict instead of being taken over.
 */
export function createMessageForwarder(
  deps: CoreDeps,
  collaborators: {
    ticketCore: TicketCore
    events: MessageEvents
    access: MessageAccess
    compose: Pick<MessageComposer, 'writeOutgoing' | 'announce'>
  },
) {
  const { ticketCore, events, access, compose } = collaborators
  const repo = messagesRepository(deps.db)

  async function forward(
    ctx: RequestContext,
    body: { messageId: number; contactId: number; signMessage?: boolean },
  ): Promise<MessageDto> {
    const { message, ticket: origin } = await access.visibleMessage(ctx, body.messageId)
    const isFile = FILE_TYPES.has(message.mediaType)
    const forwardable =
      !message.isPrivate &&
      !message.isDeleted &&
      (isFile || TEXT_MEDIA_TYPES.has(message.mediaType) || message.mediaType === 'contactMessage')
    if (!forwardable) throw validationError('messageId')
    if (isFile && !message.mediaPath) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA')
    const contact = await repo.findContact(ctx.companyId, body.contactId)
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
    const connection =
      origin.whatsappId === null
        ? null
        : await repo.findConnection(ctx.companyId, origin.whatsappId)
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND')
    if (contactChannelOf(connection.channel) !== contact.channel) throw validationError('contactId')

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
        (target.status === 'group' && canActOnTicket(ctx.user, target))
      if (!mine) return { kind: 'conflict' as const, held: target }
      assertWindowOpen(target)
      const result = await compose.writeOutgoing(
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
    await compose.announce(outcome.target, outcome.result)
    const [row] = outcome.result.inserted
    if (!row) throw new AppError('ERR_CREATING_MESSAGE')
    return events.presentOne(ctx.companyId, row.id)
  }

  return { forward }
}
