import type { MessageDto } from '@shared/contracts/messages'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import type { MediaService } from '../media/media.service'
import { ticketAudience } from '../tickets/tickets.audience'
import type { TicketCore, TicketPresentation } from '../tickets/tickets.core'
import { presentMessage } from './messages.presenter'
import { messagesRepository, type MessageView } from './messages.repository'
import type { MessageRow } from './messages.table'

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
  const updateListeners: ((companyId: number, rows: MessageRow[]) => void)[] = []

  const toDto = (companyId: number, view: MessageView) =>
    presentMessage(view, (relative) => media.signedUrl(companyId, relative))

  async function present(companyId: number, ids: number[]): Promise<MessageDto[]> {
    const views = await repo.loadViews(companyId, ids)
    return views.map((view) => toDto(companyId, view))
  }

  /** One message's DTO, as a route answers it; a message gone meanwhile is not found. */
  async function presentOne(companyId: number, id: number): Promise<MessageDto> {
    const [dto] = await present(companyId, [id])
    if (!dto) throw new AppError('ERR_NO_MESSAGE_FOUND')
    return dto
  }

  /**
   * `{action: 'create', message, ticket, contact}` per message, each with its ticket. The ticket
   * and contact carry the number, so profile users get it masked when the company hides numbers;
   * admins get it whole. Answers the tickets as presented, for the caller's ticket events.
   */
  async function emitCreatedMany(
    companyId: number,
    ids: number[],
  ): Promise<Map<number, TicketPresentation>> {
    const views = await repo.loadViews(companyId, ids)
    const tickets = await ticketCore.presentManyForAudiences(companyId, [
      ...new Set(views.map((view) => view.ticket.id)),
    ])
    for (const view of views) {
      const presented = tickets.get(view.ticket.id)
      if (!presented) continue
      const { full, masked } = presented
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
    return tickets
  }

  /** `emitCreated` for messages of one ticket: answers that ticket as presented. */
  async function emitCreated(companyId: number, ids: number[]): Promise<TicketPresentation | null> {
    const tickets = await emitCreatedMany(companyId, ids)
    return tickets.values().next().value ?? null
  }

  /** `{action: 'update', message}`: sends, acks, edits, revokes, reactions, transcriptions. */
  async function emitUpdated(companyId: number, ids: number[]) {
    const views = await repo.loadViews(companyId, ids)
    for (const view of views) {
      deps.realtime.emit(companyId, ticketAudience(view.ticket), 'appMessage', {
        action: 'update',
        message: toDto(companyId, view),
      })
    }
    const rows = views.map((view) => view.message)
    for (const listener of updateListeners) listener(companyId, rows)
  }

  /**
   * Hears every message whose status changed (sent, failed, delivered, read…), after its event
   * went out: what counts them (a campaign's report) tells its own change.
   */
  function onUpdated(listener: (companyId: number, rows: MessageRow[]) => void) {
    updateListeners.push(listener)
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

  return {
    present,
    presentOne,
    emitCreated,
    emitCreatedMany,
    emitUpdated,
    emitDeleted,
    onUpdated,
  }
}

export type MessageEvents = ReturnType<typeof createMessageEvents>
