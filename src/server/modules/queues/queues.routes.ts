import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreateQueueBody,
  QueueDetailDto,
  QueueList,
  UpdateQueueBody,
} from '@shared/contracts/queues'
import type { Services } from '@server/services'

/** Queues (001 §7): reads for every user (the inbox filters by queue), writes for admins. */
export const queuesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { queues } = services

  app.get(
    '/queue',
    { schema: { response: { 200: QueueList } }, config: { access: 'user' } },
    (request) => queues.list(request.ctx),
  )

  app.get(
    '/queue/:id',
    {
      schema: { params: IdParams, response: { 200: QueueDetailDto } },
      config: { access: 'admin' },
    },
    (request) => queues.get(request.ctx, request.params.id),
  )

  app.post(
    '/queue',
    {
      schema: { body: CreateQueueBody, response: { 201: QueueDetailDto } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send(await queues.create(request.ctx, request.body)),
  )

  app.put(
    '/queue/:id',
    {
      schema: { params: IdParams, body: UpdateQueueBody, response: { 200: QueueDetailDto } },
      config: { access: 'admin' },
    },
    (request) => queues.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/queue/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      config: { access: 'admin' },
    },
    (request) => queues.remove(request.ctx, request.params.id),
  )
}
