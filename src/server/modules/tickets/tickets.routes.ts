import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ErrorResponse, Id, IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CloseAllTicketsBody,
  CloseAllTicketsQuery,
  CloseAllTicketsResult,
  CreateTicketBody,
  ListTicketsQuery,
  TicketDto,
  TicketList,
  TicketLogDto,
  UpdateTicketBody,
  UuidParams,
} from '@shared/contracts/tickets'
import { KanbanTicketList, KanbanTicketsQuery } from '@shared/contracts/kanban'
import { MomentsQuery, MomentsTickets } from '@shared/contracts/moments'
import type { Services } from '@server/services'

const TicketIdParams = Type.Object({ ticketId: Id })

/** Tickets (000 §7 Tickets, reference §8). Visibility and transitions live in the service. */
export const ticketsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { tickets } = services

  app.get(
    '/tickets',
    {
      schema: { querystring: ListTicketsQuery, response: { 200: TicketList } },
      config: { access: 'user' },
    },
    (request) => tickets.list(request.ctx, request.query),
  )

  app.get(
    '/ticket/kanban',
    {
      schema: { querystring: KanbanTicketsQuery, response: { 200: KanbanTicketList } },
      config: { access: 'user', feature: 'useKanban' },
    },
    (request) => tickets.kanban(request.ctx, request.query),
  )

  for (const url of ['/dashboard/moments', '/usersMoments'])
    app.get(
      url,
      {
        schema: { querystring: MomentsQuery, response: { 200: MomentsTickets } },
        config: { access: 'user' },
      },
      (request) => tickets.moments(request.ctx, request.query),
    )

  app.get(
    '/tickets/:id',
    { schema: { params: IdParams, response: { 200: TicketDto } }, config: { access: 'user' } },
    (request) => tickets.get(request.ctx, request.params.id),
  )

  app.get(
    '/tickets/u/:uuid',
    { schema: { params: UuidParams, response: { 200: TicketDto } }, config: { access: 'user' } },
    (request) => tickets.getByUuid(request.ctx, request.params.uuid),
  )

  app.post(
    '/tickets',
    {
      schema: { body: CreateTicketBody, response: { 200: TicketDto, 409: ErrorResponse } },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const result = await tickets.create(request.ctx, request.body)
      // The spec's client parses this `error` as JSON to name who holds the contact (000 §7).
      if ('conflict' in result)
        return reply.status(409).send({ error: JSON.stringify(result.conflict) })
      return result.ticket
    },
  )

  app.put(
    '/tickets/:id',
    {
      schema: { params: IdParams, body: UpdateTicketBody, response: { 200: TicketDto } },
      config: { access: 'user' },
    },
    (request) => tickets.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/tickets/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      config: { access: 'admin' },
    },
    (request) => tickets.remove(request.ctx, request.params.id),
  )

  app.get(
    '/tickets/closeAll',
    {
      schema: { querystring: CloseAllTicketsQuery, response: { 200: CloseAllTicketsResult } },
      config: { access: 'admin' },
    },
    (request) => tickets.closeAllCount(request.ctx, request.query),
  )

  app.post(
    '/tickets/closeAll',
    {
      schema: { body: CloseAllTicketsBody, response: { 202: CloseAllTicketsResult } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(202).send(await tickets.closeAll(request.ctx, request.body)),
  )

  app.get(
    '/tickets-log/:ticketId',
    {
      schema: { params: TicketIdParams, response: { 200: Type.Array(TicketLogDto) } },
      config: { access: 'user' },
    },
    (request) => tickets.logs(request.ctx, request.params.ticketId),
  )
}
