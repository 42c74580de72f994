import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreateQueueIntegrationBody,
  ListQueueIntegrationsQuery,
  QueueIntegrationDto,
  QueueIntegrationList,
  TestSessionBody,
  TestSessionResult,
  UpdateQueueIntegrationBody,
} from '@shared/contracts/queue-integrations'
import type { Services } from '@server/services'

/** Queue integrations (002 §7 "Integrations and files"): admins, on plans with integrations. */
export const integrationsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { integrations } = services
  const config = { access: 'admin', feature: 'useIntegrations' } as const

  app.get(
    '/queueIntegration',
    {
      schema: { querystring: ListQueueIntegrationsQuery, response: { 200: QueueIntegrationList } },
      config,
    },
    (request) => integrations.list(request.ctx, request.query),
  )

  app.post(
    '/queueIntegration/testSession',
    { schema: { body: TestSessionBody, response: { 200: TestSessionResult } }, config },
    (request) => integrations.testSession(request.ctx, request.body),
  )

  app.get(
    '/queueIntegration/:id',
    { schema: { params: IdParams, response: { 200: QueueIntegrationDto } }, config },
    (request) => integrations.get(request.ctx, request.params.id),
  )

  app.post(
    '/queueIntegration',
    {
      schema: { body: CreateQueueIntegrationBody, response: { 200: QueueIntegrationDto } },
      config,
    },
    (request) => integrations.create(request.ctx, request.body),
  )

  app.put(
    '/queueIntegration/:id',
    {
      schema: {
        params: IdParams,
        body: UpdateQueueIntegrationBody,
        response: { 200: QueueIntegrationDto },
      },
      config,
    },
    (request) => integrations.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/queueIntegration/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await integrations.remove(request.ctx, request.params.id)
      return { message: 'Integration deleted.' }
    },
  )
}
