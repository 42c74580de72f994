import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreateTicketNoteBody,
  ListTicketNotesQuery,
  TicketNoteDto,
  TicketNoteList,
} from '@shared/contracts/ticket-notes'
import type { Services } from '@server/services'

/** Ticket notes (000 §7 Notes, reference §10). */
export const ticketNotesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { ticketNotes } = services

  app.post(
    '/ticket-notes',
    {
      schema: { body: CreateTicketNoteBody, response: { 200: TicketNoteDto } },
      config: { access: 'user' },
    },
    (request) => ticketNotes.create(request.ctx, request.body),
  )

  app.get(
    '/ticket-notes/list',
    {
      schema: { querystring: ListTicketNotesQuery, response: { 200: TicketNoteList } },
      config: { access: 'user' },
    },
    (request) => ticketNotes.list(request.ctx, request.query),
  )

  app.delete(
    '/ticket-notes/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      config: { access: 'user' },
    },
    (request) => ticketNotes.remove(request.ctx, request.params.id),
  )
}
