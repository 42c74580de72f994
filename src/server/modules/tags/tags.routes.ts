import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreateTagBody,
  ListTagsQuery,
  TagDto,
  TagList,
  TagPickerList,
  TagPickerQuery,
  TicketIdParams,
  TicketTagDto,
  TicketTagParams,
  UpdateTagBody,
} from '@shared/contracts/tags'
import { KanbanLanes } from '@shared/contracts/kanban'
import type { Services } from '@server/services'

/** Tags and kanban lanes of tickets (000 §7, 002 §7, reference §10). */
export const tagsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { tags } = services

  app.get(
    '/tags',
    {
      schema: { querystring: ListTagsQuery, response: { 200: TagList } },
      config: { access: 'user' },
    },
    (request) => tags.list(request.ctx, request.query),
  )

  app.get(
    '/tags/list',
    {
      schema: { querystring: TagPickerQuery, response: { 200: TagPickerList } },
      config: { access: 'user' },
    },
    (request) => tags.picker(request.ctx, request.query),
  )

  app.get(
    '/tag/kanban',
    {
      schema: { response: { 200: KanbanLanes } },
      config: { access: 'user', feature: 'useKanban' },
    },
    (request) => tags.lanes(request.ctx),
  )

  app.get(
    '/tags/:id',
    { schema: { params: IdParams, response: { 200: TagDto } }, config: { access: 'user' } },
    (request) => tags.get(request.ctx, request.params.id),
  )

  app.post(
    '/tags',
    { schema: { body: CreateTagBody, response: { 200: TagDto } }, config: { access: 'user' } },
    (request) => tags.create(request.ctx, request.body),
  )

  app.put(
    '/tags/:id',
    {
      schema: { params: IdParams, body: UpdateTagBody, response: { 200: TagDto } },
      config: { access: 'user' },
    },
    (request) => tags.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/tags/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      config: { access: 'user' },
    },
    (request) => tags.remove(request.ctx, request.params.id),
  )

  app.put(
    '/ticket-tags/:ticketId/:tagId',
    {
      schema: { params: TicketTagParams, response: { 201: TicketTagDto } },
      config: { access: 'user', feature: 'useKanban' },
    },
    async (request, reply) => {
      const { ticketId, tagId } = request.params
      const lane = tagId === 'empty' ? 'empty' : Number(tagId)
      return reply.status(201).send(await tags.setLane(request.ctx, ticketId, lane))
    },
  )

  app.delete(
    '/ticket-tags/:ticketId',
    {
      schema: { params: TicketIdParams, response: { 200: MessageResponse } },
      config: { access: 'user', feature: 'useKanban' },
    },
    (request) => tags.clearLane(request.ctx, request.params.ticketId),
  )
}
