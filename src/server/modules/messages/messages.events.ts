import type { MessageDto } from '../../../shared/contracts/messages'
import { rooms } from '../../../shared/realtime/events'
import type { CoreDeps } from '../../deps'
import type { MediaService } from '../media/media.service'
import { ticketAudience } from '../tickets/tickets.audience'
import type { TicketCore, TicketPresentation } from '../tickets/tickets.core'
import { presentMessage } from './messages.presenter'
import { messagesRepository, type MessageView } from './messages.repository'

/**
 * Message DTOs for any set of ids (one query per page), and the `company-{id}-appMessage` events,
 * sent to the ticket's audience (reference §16) after the caller's transaction committed.
 */
export function createMessageEvents(
  deps: CoreDeps,
  collaborators: { media: MediaService; ticketCore: TicketCore },
) {
  const { media, ticketCore } = collaborators
  const repo = messagesRepository(deps.db)

  const toDto = (companyId: number, view: MessageView) =>
    presentMessage(view, (relative) => media.signedUrl(companyId, relative))

  async function present(companyId: number, ids: number[]): Promise<MessageDto[]> {
    const views = await repo.loadViews(companyId, ids)
    return views.map((view) => toDto(companyId, view))
  }

  /**
   * `{action: 'create', message, ticket, contact}` per message of one ticket. The ticket and contact carry the
   * number, so profile users get it masked when the company hides numbers; admins get it whole.
   * Answers the ticket as presented, for the caller's ticket event.
   */
  async function emitCreated(companyId: number, ids: number[]): Promise<TicketPresentation | null> {
    const views = await repo.loadViews(companyId, ids)
    const ticketId = views[0]?.ticket.id
    if (ticketId === undefined) return null
    const presented = await ticketCore.presentForAudiences(companyId, ticketId)
    if (!presented) return null
    const { full, masked } = presented
    for (const view of views) {
      const message = toDto(companyId, view)
      const audience = ticketAudience(view.ticket)
      if (!masked) {
        deps.realtime.emit(companyId, audience, 'appMessage', {
          action: 'create',
          message,
          ticket: full,
          contact: full.contact,
        })
        continue
      }
      deps.realtime.emit(
        companyId,
        audience,
        'appMessage',
        { action: 'create', message, ticket: masked, contact: masked.contact },
        [rooms.admins],
      )
      deps.realtime.emit(companyId, [rooms.admins], 'appMessage', {
        action: 'create',
        message,
        ticket: full,
        contact: full.contact,
      })
    }
    return presented
  }

  /** `{action: 'update', message}`: sends, acks, edits, revokes, reactions, transcriptions. */
  async function emitUpdated(companyId: number, ids: number[]) {
    for (const view of await repo.loadViews(companyId, ids)) {
      deps.realtime.emit(companyId, ticketAudience(view.ticket), 'appMessage', {
        action: 'update',
        message: toDto(companyId, view),
      })
    }
  }

  /** `{action: 'delete', messageId, message}` for a row that no longer exists. */
  function emitDeleted(
    companyId: number,
    ticket: MessageView['ticket'],
    messageId: number,
    message?: MessageDto,
  ) {
    deps.realtime.emit(companyId, ticketAudience(ticket), 'appMessage', {
      action: 'delete',
      messageId,
      ...(message ? { message } : {}),
    })
  }

  return { present, emitCreated, emitUpdated, emitDeleted }
}

export type MessageEvents = ReturnType<typeof createMessageEvents>
