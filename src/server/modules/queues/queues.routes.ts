import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { QueueSummary } from '../../../shared/contracts/users'
import type { Services } from '../../services'

export const queuesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/queue',
    { schema: { response: { 200: Type.Array(QueueSummary) } }, config: { access: 'user' } },
    (request) => services.queues.list(request.ctx),
  )
}
