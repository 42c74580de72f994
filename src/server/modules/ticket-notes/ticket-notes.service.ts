import type { RequestContext } from '@server/context'
import {
  TICKET_NOTE,
  TICKET_NOTES_LIMIT,
  type CreateTicketNoteBody,
  type ListTicketNotesQuery,
  type TicketNoteDto,
} from '@shared/contracts/ticket-notes'
import { isAdmin } from '@shared/permissions'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import type { TicketsService } from '../tickets/tickets.service'
import { ticketNotesRepository, type TicketNoteView } from './ticket-notes.repository'

const present = (view: TicketNoteView): TicketNoteDto => ({
  id: view.note.id,
  note: view.note.note,
  ticketId: view.note.ticketId,
  contactId: view.note.contactId,
  userId: view.note.userId,
  user: view.user,
  contact: view.contact,
  ticket: view.ticket,
  createdAt: view.note.createdAt.toISOString(),
})

/**
 * Notes on a contact written from one of its tickets (000 §3 Ticket note, reference §10).
 * Writing and reading need a ticket the caller may see; deleting is for the author or an admin.
 */
export function createTicketNotesService(
  deps: CoreDeps,
  collaborators: { tickets: TicketsService },
) {
  const { tickets } = collaborators
  const repo = ticketNotesRepository(deps.db)

  return {
    async create(ctx: RequestContext, body: CreateTicketNoteBody): Promise<TicketNoteDto> {
      const ticket = await tickets.findVisible(ctx, body.ticketId)
      if (ticket.contactId !== body.contactId) throw validationError('contactId')
      const note = body.note.trim()
      if (note.length < TICKET_NOTE.min) throw validationError('note')
      const row = await repo.insert(ctx.companyId, {
        ticketId: ticket.id,
        contactId: ticket.contactId,
        userId: ctx.user.id,
        note,
      })
      const view = await repo.view(ctx.companyId, row.id)
      if (!view) throw new AppError('ERR_NO_TICKETNOTE_FOUND')
      return present(view)
    },

    /**
     * GET /ticket-notes/list: by ticket, contact or both, newest first. A ticket must be one the
     * caller sees; a contact alone (its notes across every ticket, other queues' included) is
     * an admin's view.
     */
    async list(ctx: RequestContext, query: ListTicketNotesQuery): Promise<TicketNoteDto[]> {
      if (query.ticketId === undefined && (query.contactId === undefined || !isAdmin(ctx.user)))
        throw validationError('ticketId')
      if (query.ticketId !== undefined) await tickets.findVisible(ctx, query.ticketId)
      const views = await repo.list(
        ctx.companyId,
        {
          ...(query.ticketId === undefined ? {} : { ticketId: query.ticketId }),
          ...(query.contactId === undefined ? {} : { contactId: query.contactId }),
        },
        TICKET_NOTES_LIMIT,
      )
      return views.map(present)
    },

    async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
      const note = await repo.findById(ctx.companyId, id)
      if (!note) throw new AppError('ERR_NO_TICKETNOTE_FOUND')
      if (!isAdmin(ctx.user) && note.userId !== ctx.user.id) throw new AppError('ERR_NO_PERMISSION')
      await repo.delete(ctx.companyId, id)
      return { message: 'Note deleted' }
    },
  }
}

export type TicketNotesService = ReturnType<typeof createTicketNotesService>
