import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '@shared/contracts/common'
import { SimulationBody, SimulationDto } from '@shared/contracts/bot-simulation'
import type { Services } from '@server/services'

/** The bot's own calls: the queue dialog's simulate panel, for admins. */
export const botRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.post(
    '/queue/:id/simulate',
    {
      schema: { params: IdParams, body: SimulationBody, response: { 200: SimulationDto } },
      config: { access: 'admin' },
    },
    (request) => services.botSimulator.simulate(request.ctx, request.params.id, request.body),
  )
}
