import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '@shared/contracts/common'
import {
  AdminConnectionDto,
  AdminConnectionList,
  ConnectionDto,
  ConnectionList,
  ConnectionMessage,
  CreateConnectionBody,
  FacebookOnboardingBody,
  FilterConnectionsQuery,
  GREETING_MEDIA_MAX_BYTES,
  ListConnectionsQuery,
  UpdateConnectionBody,
} from '@shared/contracts/connections'
import type { Services } from '@server/services'
import { singleFileUpload } from '../media/media.upload'

export const connectionsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { connections, connectionsAdmin } = services

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

  // Declared before `/whatsapp/:id`, whose id would not match `all` anyway.
  app.get(
    '/whatsapp/all',
    {
      schema: { querystring: ListConnectionsQuery, response: { 200: AdminConnectionList } },
      config: { access: 'super' },
    },
    () => connectionsAdmin.listAll(),
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

  app.delete(
    '/whatsapp/:id',
    {
      schema: { params: IdParams, response: { 200: ConnectionMessage } },
      config: { access: 'user' },
    },
    (request) => connections.remove(request.ctx, request.params.id),
  )

  app.post(
    '/whatsapp/:id/media-upload',
    {
      schema: { params: IdParams, response: { 200: ConnectionDto } },
      config: { access: 'user' },
    },
    (request) =>
      // The file is read only once the caller may change the connection.
      connections.uploadGreetingMedia(request.ctx, request.params.id, () =>
        singleFileUpload(request, { maxBytes: GREETING_MEDIA_MAX_BYTES }),
      ),
  )

  app.delete(
    '/whatsapp/:id/media-upload',
    {
      schema: { params: IdParams, response: { 200: ConnectionDto } },
      config: { access: 'user' },
    },
    (request) => connections.removeGreetingMedia(request.ctx, request.params.id),
  )

  app.post(
    '/whatsappsession/:id',
    {
      schema: { params: IdParams, response: { 200: ConnectionMessage } },
      config: { access: 'user' },
    },
    (request) => connections.sessionAction(request.ctx, request.params.id, 'start'),
  )

  app.put(
    '/whatsappsession/:id',
    {
      schema: { params: IdParams, response: { 200: ConnectionMessage } },
      config: { access: 'user' },
    },
    (request) => connections.sessionAction(request.ctx, request.params.id, 'newQr'),
  )

  app.delete(
    '/whatsappsession/:id',
    {
      schema: { params: IdParams, response: { 200: ConnectionMessage } },
      config: { access: 'user' },
    },
    (request) => connections.sessionAction(request.ctx, request.params.id, 'logout'),
  )

  app.delete(
    '/whatsappsession/admin/:id',
    {
      schema: { params: IdParams, response: { 200: ConnectionMessage } },
      config: { access: 'super' },
    },
    (request) => connectionsAdmin.logoutSession(request.params.id),
  )

  app.post(
    '/whatsapp-restart',
    { schema: { response: { 200: ConnectionMessage } }, config: { access: 'user' } },
    (request) => connections.restartAll(request.ctx),
  )

  app.get(
    '/whatsapp-admin/:id',
    {
      schema: {
        params: IdParams,
        querystring: ListConnectionsQuery,
        response: { 200: AdminConnectionDto },
      },
      config: { access: 'super' },
    },
    (request) => connectionsAdmin.get(request.params.id),
  )

  app.put(
    '/whatsapp-admin/:id',
    {
      schema: {
        params: IdParams,
        body: UpdateConnectionBody,
        response: { 200: AdminConnectionDto },
      },
      config: { access: 'super' },
    },
    (request) => connectionsAdmin.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/whatsapp-admin/:id',
    {
      schema: { params: IdParams, response: { 200: ConnectionMessage } },
      config: { access: 'super' },
    },
    (request) => connectionsAdmin.remove(request.params.id),
  )

  app.post(
    '/facebook',
    {
      schema: { body: FacebookOnboardingBody, response: { 200: ConnectionList } },
      config: { access: 'user' },
    },
    (request) => connections.connectFacebook(request.ctx, request.body),
  )
}
