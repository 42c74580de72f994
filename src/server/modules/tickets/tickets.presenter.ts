import type { TicketDto } from '@shared/contracts/tickets'
import { presentContact } from '../contacts/contacts.presenter'
import type { PresentableTicket } from './tickets.hydration'

/** View → DTO: the one ticket shape of lists, GET /tickets/u/{uuid} and ticket events. */
export function presentTicket(
  view: PresentableTicket,
  options: { maskNumber: boolean; pictureUrl: string },
): TicketDto {
  const { ticket } = view
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    channel: ticket.channel,
    contactId: ticket.contactId,
    contact: presentContact(view.contact, {
      tags: view.contactTags,
      pictureUrl: options.pictureUrl,
      maskNumber: options.maskNumber,
    }),
    whatsappId: ticket.whatsappId,
    whatsapp: view.connection,
    userId: ticket.userId,
    user: view.user,
    queueId: ticket.queueId,
    queue: view.queue,
    tags: view.tags,
    isGroup: ticket.isGroup,
    isBot: ticket.isBot,
    useIntegration: ticket.useIntegration,
    unreadMessages: ticket.unreadMessages,
    lastMessage: ticket.lastMessage,
    lastInboundAt: ticket.lastInboundAt?.toISOString() ?? null,
    userRating: view.rating === null ? null : { rate: view.rating },
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  }
}
