import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '../../../shared/contracts/common'
import {
  ConnectionDto,
  ConnectionList,
  CreateConnectionBody,
  FilterConnectionsQuery,
  ListConnectionsQuery,
  UpdateConnectionBody,
} from '../../../shared/contracts/connections'
import type { Services } from '../../services'

export const connectionsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { connections } = services

  app.get(
    '/whatsapp',
    {
      schema: { querystring: ListConnectionsQuery, response: { 200: ConnectionList } },
      config: { access: 'user' },
    },
    (request) => connections.list(request.ctx),
  )

  app.get(
    '/whatsapp/filter',
    {
      schema: { querystring: FilterConnectionsQuery, response: { 200: ConnectionList } },
      config: { access: 'user' },
    },
    (request) => connections.list(request.ctx, request.query.channel ?? 'whatsapp'),
  )

  app.get(
    '/whatsapp/:id',
    {
      schema: {
        params: IdParams,
        querystring: ListConnectionsQuery,
        response: { 200: ConnectionDto },
      },
      config: { access: 'user' },
    },
    (request) => connections.get(request.ctx, request.params.id),
  )

  // Admins and users with allowConnections; the service checks both and the plan's channel gate.
  app.post(
    '/whatsapp',
    {
      schema: { body: CreateConnectionBody, response: { 201: ConnectionDto } },
      config: { access: 'user' },
    },
    async (request, reply) =>
      reply.status(201).send(await connections.add(request.ctx, request.body)),
  )

  app.put(
    '/whatsapp/:id',
    {
      schema: { params: IdParams, body: UpdateConnectionBody, response: { 200: ConnectionDto } },
      config: { access: 'user' },
    },
    (request) => connections.update(request.ctx, request.params.id, request.body),
  )
}
