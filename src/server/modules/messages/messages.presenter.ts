import type { MessageDto } from '@shared/contracts/messages'
import type { MessageView } from './messages.repository'

/** Signs a stored file's path for the message's company (media.signedUrl). */
export type MediaUrl = (relative: string) => string

/** View → DTO: the one message shape of GET /messages and `company-{id}-appMessage`. */
export function presentMessage(view: MessageView, mediaUrl: MediaUrl): MessageDto {
  const { message, quoted } = view
  return {
    id: message.id,
    ticketId: message.ticketId,
    body: message.body,
    fromMe: message.fromMe,
    isPrivate: message.isPrivate,
    isDeleted: message.isDeleted,
    isEdited: message.isEdited,
    isForwarded: message.isForwarded,
    mediaType: message.mediaType,
    mediaUrl: message.mediaPath ? mediaUrl(message.mediaPath) : '',
    mediaName: message.mediaName,
    ack: message.ack,
    read: message.read,
    contactId: message.contactId,
    contact: view.contact,
    user: view.user,
    quotedMsg: quoted
      ? {
          id: quoted.id,
          body: quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
          mediaUrl: quoted.mediaPath ? mediaUrl(quoted.mediaPath) : '',
          isDeleted: quoted.isDeleted,
          contact: quoted.contact,
        }
      : null,
    reactions: message.reactions.map((reaction) => ({
      type: reaction.type,
      userId: reaction.userId,
    })),
    sendStatus: message.sendStatus,
    sendError: message.sendError,
    sendAttempts: message.sendAttempts,
    // A queued message's nextAttemptAt is also the lease of a try in flight: only a failed
    // try makes it a retry time.
    nextAttemptAt:
      message.sendStatus === 'queued' && message.sendError !== null && message.nextAttemptAt
        ? message.nextAttemptAt.toISOString()
        : null,
    transcription: message.transcription,
    ticket: {
      id: view.ticket.id,
      uuid: view.ticket.uuid,
      whatsappId: view.ticket.whatsappId,
      queueId: view.ticket.queueId,
      queue: view.queue,
    },
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
  }
}
